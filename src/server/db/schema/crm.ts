import type { DefaultTimestamp, Id } from './columns';

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

export interface CrmTables {
  categories: CategoriesTable;
  ticket_categories: TicketCategoriesTable;
}
