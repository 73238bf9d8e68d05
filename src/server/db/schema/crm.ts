import type { ColumnType } from 'kysely';
import type { ScheduleAttachment, ScheduleTemplate } from '../../../shared/domain/schedules';
import type { Defaulted, DefaultTimestamp, Id, NullableTimestamp, Timestamp } from './columns';

/** jsonb: written as JSON text, read as the value. */
type NullableJsonb<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** A category tickets are tagged with (0141). */
export interface CategoriesTable {
  tenant_id: number;
  id: Id;
  name: string;
  /** #rrggbb */
  color: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface TicketCategoriesTable {
  tenant_id: number;
  chat_ticket_id: number;
  category_id: number;
  tagged_by: number | null;
  tagged_at: DefaultTimestamp;
}

export type StoredScheduleStatus = 'agendada' | 'enviando' | 'enviada' | 'cancelada' | 'falhou';

/** A message scheduled to a customer (0142). */
export interface ScheduledMessagesTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  customer_id: number;
  user_id: number;
  message: string;
  send_at: Timestamp;
  cancel_on_reply: Defaulted<boolean>;
  status: Defaulted<StoredScheduleStatus>;
  late: Defaulted<boolean>;
  failure_reason: string | null;
  job_id: string | null;
  customer_chat_id: number | null;
  sent_at: NullableTimestamp;
  /** An approved template sent instead of free text (0148). */
  template: NullableJsonb<ScheduleTemplate>;
  /** A stored file sent with the message as its caption (0148). */
  attachment: NullableJsonb<ScheduleAttachment>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type StoredCampaignStatus = 'rascunho' | 'agendada' | 'enviando' | 'pausada' | 'concluida' | 'cancelada';

export interface CampaignsTable {
  tenant_id: number;
  id: Id;
  name: string;
  instance_id: number;
  message: string | null;
  status: Defaulted<StoredCampaignStatus>;
  excluded_blacklisted: Defaulted<number>;
  warning: string | null;
  created_by: number;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  message_template_id: number | null;
  template_name: string | null;
  template_language: string | null;
  /** [{ key, field?, value? }] (0144). */
  template_variables: ColumnType<unknown, string | undefined, string>;
  flow_id: number | null;
  send_at: NullableTimestamp;
  /** { group_ids, category_ids, customer_ids, csv_numbers } as chosen. */
  audience: ColumnType<unknown, string | undefined, string>;
  excluded_opted_out: Defaulted<number>;
  excluded_invalid: Defaulted<number>;
  resumes_at: NullableTimestamp;
  run_seq: Defaulted<number>;
}

export type StoredRecipientState = 'queued' | 'sent' | 'delivered' | 'read' | 'replied' | 'failed' | 'canceled';

/** One recipient of a campaign (0144); delivery states follow its message (trigger). */
export interface CampaignRecipientsTable {
  tenant_id: number;
  id: Id;
  campaign_id: number;
  customer_id: number;
  phone_number: string;
  state: Defaulted<StoredRecipientState>;
  failure_code: string | null;
  failure_reason: string | null;
  customer_chat_id: number | null;
  reply_chat_ticket_id: number | null;
  handed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  read_at: NullableTimestamp;
  replied_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface CrmTables {
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  scheduled_messages: ScheduledMessagesTable;
  categories: CategoriesTable;
  ticket_categories: TicketCategoriesTable;
}
