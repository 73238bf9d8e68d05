import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MIN_KEY_LENGTH } from './security/secret-box';

/** The repository root, so default paths do not depend on the working directory. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));
const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value : undefined));

const envSchema = z.object({
  PORT: int(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalText,
  JWT_SECRET: optionalText,
  DATA_ENCRYPTION_KEY: optionalText.refine((value) => value === undefined || value.length >= MIN_KEY_LENGTH, {
    message: `DATA_ENCRYPTION_KEY precisa de pelo menos ${MIN_KEY_LENGTH} caracteres / needs at least ${MIN_KEY_LENGTH} characters`,
  }),
  ACCESS_TOKEN_TTL_SECONDS: int(900, 1),
  REFRESH_TOKEN_TTL_DAYS: int(30, 1),
  REFRESH_TOKEN_SESSION_TTL_DAYS: int(1, 1),
  LOGIN_MAX_ATTEMPTS: int(5, 1),
  LOGIN_LOCK_MINUTES: int(30, 0),
  PASSWORD_RESET_TTL_MINUTES: int(60, 1),
  ARGON2_MEMORY_KIB: int(19_456, 1024),
  ARGON2_TIME_COST: int(2, 2),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('PedBot <nao-responda@pedbot.local>'),
  PUBLIC_URL: optionalText,
  WHATSAPP_STATUS: z.string().default('true'),
  MAINTENANCE_STATUS: z.string().default('false'),
  SANDBOX_ENABLED: flag(false),
  CLOUD_API_BASE_URL: z.url().default('https://graph.facebook.com/v23.0'),
  CLOUD_API_APP_SECRET: optionalText,
  CLOUD_API_VERIFY_TOKEN: optionalText,
  CLOUD_API_MESSAGES_PER_SECOND: int(80, 1),
  CLOUD_API_RETRY_BASE_MS: int(1000, 0),
  SANDBOX_ACK_STEP_MS: int(1500, 0),
  OUTBOUND_FETCH_ALLOW: z.string().default(''),
  AUTO_TRANSFER_INTERVAL_MS: int(15_000, 0),
  REPORT_ROLLUP_INTERVAL_MS: int(5_000, 0),
  WS_REVALIDATE_SECONDS: int(60, 1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag(false),
  STATIC_DIR: optionalText,
  PEDBOT_DEMO: flag(false),
  NODE_ENV: optionalText,
});

export interface Config {
  /** NODE_ENV=production: test tools off unless asked for, no anonymous introspection. */
  production: boolean;
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in `pgliteDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  mediaDir: string;
  /** Unset: in-process pub/sub. */
  redisUrl: string | undefined;
  /** Unset: generated once and kept in `dataDir/jwt-secret` (see modules/auth/jwt-secret). */
  jwtSecret: string | undefined;
  /**
   * Seals the secrets kept in the database (Cloud API tokens, TOTP secrets; see security/secret-box).
   * Unset: generated once and kept in `dataDir/data-encryption-key`. Servers sharing one database need the same key.
   */
  dataEncryptionKey: string | undefined;
  accessTokenTtlSeconds: number;
  /** Refresh token lifetime when the user ticked "remember me". */
  refreshTokenTtlDays: number;
  /** Refresh token lifetime without "remember me". */
  refreshTokenSessionTtlDays: number;
  loginMaxAttempts: number;
  /** Cool-down after a lock: past it, the next sign-in attempt unlocks the account. */
  loginLockMinutes: number;
  passwordResetTtlMinutes: number;
  argon2MemoryKib: number;
  argon2TimeCost: number;
  /** Unset: reset links are written to the server log instead of mailed. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of links sent to users (password reset). */
  publicUrl: string;
  /** Initial platform settings, written once when the platform_settings row is missing. */
  whatsappStatus: string;
  maintenanceStatus: string;
  sandboxEnabled: boolean;
  cloudApiBaseUrl: string;
  cloudApiAppSecret: string | undefined;
  cloudApiVerifyToken: string | undefined;
  /** Sends per second per Cloud API number (Meta's default throughput is 80). */
  cloudApiMessagesPerSecond: number;
  /** First wait before retrying a throttled Cloud API send; doubles for each of 5 retries. */
  cloudApiRetryBaseMs: number;
  /**
   * Host names, addresses or CIDR ranges that downloads of user-given addresses (sandbox images, flow
   * HTTP nodes) may reach although they are loopback, private or link-local (see net/address-policy).
   */
  outboundFetchAllow: string[];
  /** Sandbox: time between ack steps sent → delivered → read (0 in tests). */
  sandboxAckStepMs: number;
  /** How often the server looks for automatic transfers (lack of response, attendant removed); 0 turns the look off. */
  autoTransferIntervalMs: number;
  /** How often the report rollups take in the tickets that changed; 0 = only when a report is read. */
  reportRollupIntervalMs: number;
  /** How often an open websocket's token and user are checked again (blocked, deleted, role or scope changed). */
  wsRevalidateSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Honour X-Forwarded-For when running behind a reverse proxy. */
  trustProxy: boolean;
  /** The built app (Vite's outDir). */
  staticDir: string;
  /** Seed the demo tenant even on a PostgreSQL server (`--demo`). */
  demo: boolean;
}

/** Parses every environment variable once; `overrides` win over the environment (tests, CLIs). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = envSchema.parse(env);
  const port = overrides.port ?? e.PORT;
  const dataDir = resolve(overrides.dataDir ?? e.DATA_DIR);
  const config: Config = {
    production: e.NODE_ENV === 'production',
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    mediaDir: join(dataDir, 'media'),
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshTokenSessionTtlDays: e.REFRESH_TOKEN_SESSION_TTL_DAYS,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    argon2MemoryKib: e.ARGON2_MEMORY_KIB,
    argon2TimeCost: e.ARGON2_TIME_COST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    whatsappStatus: e.WHATSAPP_STATUS,
    maintenanceStatus: e.MAINTENANCE_STATUS,
    // Public and unauthenticated by design (a simulated customer's phone): on for development,
    // off in production unless asked for in so many words.
    sandboxEnabled: env.SANDBOX_ENABLED === undefined ? e.NODE_ENV !== 'production' : e.SANDBOX_ENABLED,
    cloudApiBaseUrl: e.CLOUD_API_BASE_URL.replace(/\/+$/, ''),
    cloudApiAppSecret: e.CLOUD_API_APP_SECRET,
    cloudApiVerifyToken: e.CLOUD_API_VERIFY_TOKEN,
    cloudApiMessagesPerSecond: e.CLOUD_API_MESSAGES_PER_SECOND,
    cloudApiRetryBaseMs: e.CLOUD_API_RETRY_BASE_MS,
    sandboxAckStepMs: e.SANDBOX_ACK_STEP_MS,
    outboundFetchAllow: e.OUTBOUND_FETCH_ALLOW.split(',').map((entry) => entry.trim()).filter(Boolean),
    autoTransferIntervalMs: e.AUTO_TRANSFER_INTERVAL_MS,
    reportRollupIntervalMs: e.REPORT_ROLLUP_INTERVAL_MS,
    wsRevalidateSeconds: e.WS_REVALIDATE_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    staticDir: resolve(e.STATIC_DIR ?? join(projectRoot, 'dist')),
    demo: e.PEDBOT_DEMO,
  };
  const merged = { ...config, ...overrides, dataDir };
  // Paths derived from dataDir follow an overridden dataDir unless given themselves.
  if (overrides.dataDir !== undefined) {
    merged.pgliteDir = overrides.pgliteDir ?? join(dataDir, 'pglite');
    merged.mediaDir = overrides.mediaDir ?? join(dataDir, 'media');
  }
  return merged;
}
