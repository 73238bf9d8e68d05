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

export interface CampaignsTable {
  tenant_id: number;
  id: Id;
  name: string;
  instance_id: number;
  message: string;
  status: Defaulted<'rascunho' | 'enviando' | 'pausada' | 'concluida' | 'cancelada'>;
  excluded_blacklisted: Defaulted<number>;
  warning: string | null;
  created_by: number;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface CrmTables {
  campaigns: CampaignsTable;
  scheduled_messages: ScheduledMessagesTable;
  categories: CategoriesTable;
  ticket_categories: TicketCategoriesTable;
}
