import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** Paths the SPA never owns: APIs, webhooks, GraphQL, and anything that looks like a file. */
function isAppPath(path: string): boolean {
  if (/^\/(api|webhooks|assets)(\/|$)/.test(path)) return false;
  if (/^\/[^/]+\/graphql(\/|$)/.test(path)) return false;
  return !basename(path).includes('.');
}

function cacheHeaders(reply: FastifyReply, path: string): void {
  if (NO_CACHE.has(basename(path))) reply.header('cache-control', 'no-cache');
  // Vite puts content-hashed bundles under assets/: a new build gets new names.
  else if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'public, max-age=3600');
}

/** The built app from `staticDir`, with index.html for every unknown app path (client-side routes). */
export async function registerStaticApp(fastify: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(`${staticDir}/index.html`);
  if (built) {
    await fastify.register(fastifyStatic, { root: staticDir, wildcard: true, cacheControl: false, setHeaders: cacheHeaders });
  }
  fastify.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (built && (request.method === 'GET' || request.method === 'HEAD') && isAppPath(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not Found' });
  });
}
