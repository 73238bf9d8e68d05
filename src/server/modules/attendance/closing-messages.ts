import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { CLOSING_MESSAGE_KEY, SURVEY_MESSAGE_KEY, attendanceTexts as texts } from './texts';

export interface ClosingMessages {
  /** Null when the tenant turned it off (an empty setting). */
  closing: string | null;
  survey: string | null;
}

/** A setting of the connection, else of the tenant; undefined when neither has it. */
async function setting(tx: Tx, tenantId: number, instanceId: number, key: string): Promise<string | null | undefined> {
  const row = await tx
    .selectFrom('settings')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .where((eb) => eb.or([eb('instance_id', '=', instanceId), eb('instance_id', 'is', null)]))
    .orderBy(sql`instance_id is null`)
    .executeTakeFirst();
  return row ? row.value : undefined;
}

const orDefault = (value: string | null | undefined, fallback: string): string | null =>
  value === undefined ? fallback : value?.trim() ? value.trim() : null;

/** The closing message and satisfaction survey of a connection (configs/closing-messages, configs/nps-messages). */
export async function closingMessages(tx: Tx, tenantId: number, instanceId: number): Promise<ClosingMessages> {
  const [closing, survey] = await Promise.all([
    setting(tx, tenantId, instanceId, CLOSING_MESSAGE_KEY),
    setting(tx, tenantId, instanceId, SURVEY_MESSAGE_KEY),
  ]);
  return { closing: orDefault(closing, texts.defaultClosingMessage), survey: orDefault(survey, texts.defaultSurveyMessage) };
}
