import type { Config } from './config';
import type { ServerServices } from './graphql/context';
import type { Logger } from './logger';
import { createAccessTokens } from './modules/auth/access-tokens';
import { createAuthThrottles } from './modules/auth/auth-throttles';
import { createMailer } from './modules/auth/mailer';
import { createPasswordHasher } from './modules/auth/passwords';
import type { SecretBox } from './security/secret-box';

/** The long-lived services every request shares; `overrides` replace any of them (tests, other modules). */
export function createServices(
  config: Config,
  logger: Logger,
  jwtSecret: string,
  secrets: SecretBox,
  overrides: Partial<ServerServices> = {},
): ServerServices {
  return {
    logger,
    mailer: createMailer(config, logger),
    passwords: createPasswordHasher(config),
    accessTokens: createAccessTokens(jwtSecret, config.accessTokenTtlSeconds),
    throttles: createAuthThrottles(config),
    secrets,
    ...overrides,
  };
}
