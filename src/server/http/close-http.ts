import type { FastifyInstance } from 'fastify';

/** How long requests still running at close may take before their connections are cut. */
const CLOSE_GRACE_MS = 10_000;
const SWEEP_MS = 100;

/**
 * Closes the HTTP server without waiting on keep-alive clients. Node closes the connections idle
 * at the moment of `close()`; one whose request was still running then stays open after its answer
 * until the client drops it (fastify's keep-alive is 72 s), holding the close that long. So idle
 * connections are swept until the close ends, and after a grace period every one is cut.
 */
export async function closeHttp(fastify: FastifyInstance): Promise<void> {
  const server = fastify.server;
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
  const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await fastify.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
