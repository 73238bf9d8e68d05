import { MESSAGING_LIMIT_INVALID, UNLIMITED, messagingLimitLabel, parseMessagingLimit } from '../../../../shared/domain/messaging-limit';
import { digitsOnly } from '../../../../shared/domain/phone';
import { t } from '../texts';
import type { InstanceView } from './instance';

/**
 * The edit form of a connection (instances/edit/{id}). Text fields hold what the user sees; the
 * token field starts empty because the saved token is never shown back: only a typed value
 * replaces it. The mutation receives only the fields that changed.
 */
export interface EditFormValues {
  name: string;
  broker: string;
  phone_number: string;
  waba_id: string;
  official_phone_id: string;
  official_token: string;
  messaging_send: string;
  messaging_limit: string;
  dialog_params: string;
}

export type EditFormErrors = Partial<Record<keyof EditFormValues, string>>;

export const formatDialogParams = (value: unknown): string =>
  JSON.stringify(value && typeof value === 'object' ? value : {}, null, 2);

export function formValuesFrom(instance: InstanceView): EditFormValues {
  return {
    name: instance.name,
    broker: instance.broker ?? '',
    phone_number: instance.phone_number ?? '',
    waba_id: instance.waba_id ?? '',
    official_phone_id: instance.official_phone_id ?? '',
    official_token: '',
    messaging_send: String(instance.messaging_send),
    messaging_limit: messagingLimitLabel(instance.messaging_limit),
    dialog_params: formatDialogParams(instance.dialog_params),
  };
}

export type DialogParamsResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** dialog_params must be a JSON object; the message says where the text stops being JSON. */
export function parseDialogParams(text: string): DialogParamsResult {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: t.validation.jsonInvalid(error instanceof Error ? error.message : String(error)) };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: t.validation.jsonNotObject };
  return { ok: true, value: value as Record<string, unknown> };
}

const GRAPH_ID = /^\d{0,30}$/;
const INTEGER = /^\d{1,9}$/;

/** The same rules the server applies (src/server/modules/instances/inputs.ts), checked before sending. */
export function validateEditForm(values: EditFormValues): EditFormErrors {
  const errors: EditFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = t.validation.nameRequired;
  else if (name.length > 120) errors.name = t.validation.tooLong(120);
  if (values.broker.trim().length > 120) errors.broker = t.validation.tooLong(120);
  const phone = digitsOnly(values.phone_number);
  if (phone && (phone.length < 10 || phone.length > 15)) errors.phone_number = t.validation.phoneInvalid;
  if (!GRAPH_ID.test(values.waba_id.trim())) errors.waba_id = t.validation.graphIdInvalid;
  if (!GRAPH_ID.test(values.official_phone_id.trim())) errors.official_phone_id = t.validation.graphIdInvalid;
  if (values.official_token.trim().length > 1024) errors.official_token = t.validation.tooLong(1024);
  if (!INTEGER.test(values.messaging_send.trim())) errors.messaging_send = t.validation.messagingSendInvalid;
  if (parseMessagingLimit(values.messaging_limit) === null) errors.messaging_limit = MESSAGING_LIMIT_INVALID;
  const params = parseDialogParams(values.dialog_params);
  if (!params.ok) errors.dialog_params = params.error;
  return errors;
}

const limitValue = (text: string): string | null => {
  const parsed = parseMessagingLimit(text);
  if (parsed === null) return null;
  return parsed === UNLIMITED ? UNLIMITED : String(parsed);
};

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * The updateInstance arguments for a valid form: the id and each field that differs from the
 * saved connection. An empty token field keeps the saved token.
 */
export function updateVariables(instance: InstanceView, values: EditFormValues): Record<string, unknown> {
  const vars: Record<string, unknown> = { id: instance.id };
  const text = (key: 'name' | 'broker' | 'waba_id' | 'official_phone_id', saved: string | null) => {
    const next = values[key].trim();
    if (next !== (saved ?? '')) vars[key] = next;
  };
  text('name', instance.name);
  text('broker', instance.broker);
  text('waba_id', instance.waba_id);
  text('official_phone_id', instance.official_phone_id);
  const phone = digitsOnly(values.phone_number);
  if (phone !== (instance.phone_number ?? '')) vars.phone_number = phone;
  const token = values.official_token.trim();
  if (token) vars.official_token = token;
  const send = Number(values.messaging_send.trim());
  if (send !== instance.messaging_send) vars.messaging_send = send;
  const limit = limitValue(values.messaging_limit);
  if (limit !== null && limit !== limitValue(instance.messaging_limit ?? '')) vars.messaging_limit = limit;
  const params = parseDialogParams(values.dialog_params);
  if (params.ok && !sameJson(params.value, instance.dialog_params)) vars.dialog_params = params.value;
  return vars;
}

/** True when the form differs from the saved connection (an unsaved-changes hint). */
export const isDirty = (instance: InstanceView, values: EditFormValues): boolean =>
  Object.keys(updateVariables(instance, values)).length > 1 || !parseDialogParams(values.dialog_params).ok;
