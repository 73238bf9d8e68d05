import type { AuthThrottles } from '../modules/auth/auth-throttles';
import type { ChannelServices } from '../channels/channel-services';
import type { Database } from '../db/database';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { AccessTokens } from '../modules/auth/access-tokens';
import type { Mailer } from '../modules/auth/mailer';
import type { PasswordHasher } from '../modules/auth/passwords';
import type { SecretBox } from '../security/secret-box';
import type { JobQueue } from '../jobs/job-queue';
import type { SyncServices } from '../sync/services';

/** The tenant named by the first path segment, resolved once per request. */
export interface TenantRef {
  id: number;
  slug: string;
  name: string;
}

/** The signed-in user of a request, as read from a valid access token and the database. */
export interface Viewer {
  userId: number;
  tenantId: number;
  name: string;
  roleName: string;
  /** Route names the role lists (SPEC §6); `administrador` may open everything. */
  routes: readonly string[];
  departmentId: number | null;
  /** Connections (instances) the user may use. */
  instanceIds: readonly number[];
  /** The sign-in (refresh-token family) of the access token, when it names one. */
  sessionId?: string;
}

/**
 * What the request's bearer token turned out to be. `viewer` is set only when `valid`; protected
 * operations answer 401 'Token has expired' for `expired` and 401 'Unauthorized' otherwise.
 */
export type Credential = 'none' | 'valid' | 'expired' | 'invalid';

/** What every resolver receives. Services are added by the modules that own them. */
export interface RequestContext {
  config: Config;
  database: Database;
  tenant: TenantRef;
  viewer: Viewer | null;
  credential: Credential;
  ip: string;
  services: ServerServices;
}

/**
 * Long-lived collaborators shared by all requests (pub/sub, channels, mailer, ...).
 * Each module adds its own optional member here with a type import.
 */
export interface ServerServices {
  [name: string]: unknown;
  logger: Logger;
  mailer: Mailer;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  throttles: AuthThrottles;
  /** Seals and opens the secrets stored in the database (Cloud API tokens, TOTP secrets). */
  secrets: SecretBox;
  /** Channels, media and the inbound pipeline (issue 4); set by the channels HTTP module. */
  channels?: ChannelServices;
  /** The sync engine: pub/sub, stream hub, outbound dispatcher (src/server/sync/services.ts). */
  sync?: SyncServices;
  /** The durable job queue (src/server/jobs/), started with the server. */
  jobs?: JobQueue;
}
