// `npm run dev`: the server on PORT plus Vite's dev server (hot reload) proxying the server's paths to it.
import { join } from 'node:path';
import { createServer } from 'vite';
import { projectRoot } from '../config';
import { closeOnSignals, startServer } from '../main';

const server = await startServer({ demo: process.argv.includes('--demo') });
const target = server.url;
const vite = await createServer({
  configFile: join(projectRoot, 'vite.config.ts'),
  server: {
    proxy: {
      '/api': { target },
      '/webhooks': { target },
      '/sandbox': { target },
      '^/[^/]+/graphql': { target, ws: true },
    },
  },
});
await vite.listen();
vite.printUrls();
closeOnSignals({
  ...server,
  close: async () => {
    await vite.close();
    await server.close();
  },
});
