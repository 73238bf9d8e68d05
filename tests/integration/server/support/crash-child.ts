import { startServer } from '../../../../src/server/main';

/**
 * A real server process for crash tests (forked with tsx): the demo tenant on the database the
 * parent names (a PGlite data folder or a PostgreSQL URL), listening on a free port. It reports
 * its address and then runs until the parent kills it with SIGKILL, mid-work.
 */
const [dataDir, databaseUrl, ackStepMs] = process.argv.slice(2);

const server = await startServer({
  port: 0,
  demo: true,
  quiet: true,
  config: {
    dataDir: dataDir!,
    databaseUrl: databaseUrl || undefined,
    staticDir: '/nonexistent-pedbot-dist',
    logLevel: 'silent',
    sandboxAckStepMs: Number(ackStepMs),
    argon2MemoryKib: 1024,
    argon2TimeCost: 2,
  },
});
process.send?.({ url: server.url });
