import { startServer } from '../../../../src/server/main';

/**
 * A real server process whose standard output the parent reads (forked with tsx): the start banner
 * and the structured log, at the LOG_LEVEL the parent names, on a fresh embedded database.
 */
const [dataDir, logLevel] = process.argv.slice(2);

const server = await startServer({
  port: 0,
  demo: true,
  config: {
    dataDir: dataDir!,
    databaseUrl: undefined,
    host: '127.0.0.1',
    staticDir: '/nonexistent-pedbot-dist',
    logLevel: logLevel as 'info' | 'debug',
    argon2MemoryKib: 1024,
    argon2TimeCost: 2,
    autoTransferIntervalMs: 0,
  },
});
process.send?.({ url: server.url });
process.once('disconnect', () => void server.close().then(() => process.exit(0)));
