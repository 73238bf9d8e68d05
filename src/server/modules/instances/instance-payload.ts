import type { Selectable } from 'kysely';
import type { Instance } from '../../../shared/graphql/generated';
import type { InstancesTable } from '../../db/schema/instances';
import type { RequestContext } from '../../graphql/context';
import type { SecretBox } from '../../security/secret-box';

export type InstanceRow = Selectable<InstancesTable>;

const MASK = '••••••••';

/** A token is never shown back in full: its last 4 characters identify it (opened here only to take them). */
export function maskToken(secrets: Pick<SecretBox, 'open'>, storedToken: string | null): string | null {
  return storedToken ? `${MASK}${secrets.open(storedToken).slice(-4)}` : null;
}

/** The stored form of a token given by a user: sealed, or null to remove it. */
export const storedToken = (secrets: Pick<SecretBox, 'seal'>, token: string): string | null => (token === '' ? null : secrets.seal(token));

/** A value the edit form sends back untouched (the mask itself) must not replace the token. */
export const isMaskedToken = (value: string): boolean => value.startsWith(MASK);

export function instancePayload(row: InstanceRow, context: Pick<RequestContext, 'tenant' | 'services'>): Instance {
  const tenantSlug = context.tenant.slug;
  return {
    id: String(row.id),
    name: row.name,
    channel: row.channel,
    hub_host: row.hub_host,
    activated: row.activated,
    browser_session: row.browser_session,
    reset_finished: row.reset_finished,
    phone_number: row.phone_number,
    qr_code: row.qr_code,
    waba_id: row.waba_id,
    is_official: row.is_official,
    official_token: maskToken(context.services.secrets, row.official_token),
    messaging_send: row.messaging_send,
    messaging_limit: row.messaging_limit,
    official_phone_id: row.official_phone_id,
    integration_id: row.integration_id,
    broker: row.broker,
    dialog_params: row.dialog_params,
    default_department_id: row.default_department_id === null ? null : String(row.default_department_id),
    webhook_path: row.channel === 'cloud-api' ? `/webhooks/whatsapp/${tenantSlug}/${row.id}` : null,
    simulator_path: row.channel === 'sandbox' ? `/sandbox?tenant=${encodeURIComponent(tenantSlug)}&instance=${row.id}` : null,
  };
}
