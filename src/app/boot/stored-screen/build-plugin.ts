import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('./restore.ts', import.meta.url));

/**
 * Builds restore.ts into one classic script and puts it at the top of the page's body. Classic and
 * synchronous: it must draw before the first frame, which a module script (deferred) cannot; a
 * file rather than inline code, since the Content-Security-Policy allows no inline script. Its
 * name carries a hash of its code, so it is cached for good like the other bundles.
 */
export function storedScreenScript(): Plugin {
  let code = '';
  let fileName = '';
  return {
    name: 'pedbot-stored-screen',
    async buildStart() {
      const bundle = await rolldown({ input: ENTRY, platform: 'browser', logLevel: 'warn' });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        code = output[0].code;
      } finally {
        await bundle.close();
      }
      fileName = `assets/stored-screen-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url !== `/${fileName}`) return next();
        response.setHeader('content-type', 'text/javascript');
        response.end(code);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml() {
      return [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'body-prepend' }];
    },
  };
}
