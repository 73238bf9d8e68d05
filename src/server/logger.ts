import type { FastifyBaseLogger } from 'fastify';

/** The server's structured logger (Fastify's pino instance); modules log through it, never console. */
export type Logger = FastifyBaseLogger;
