import type { RxCollection, RxDatabase } from 'rxdb';
import { chatTicketMigrations, chatTicketSchema, type ChatTicketDoc } from './chat-ticket';
import { CUSTOMER_CHAT_LOCAL_WRITES, customerChatMigrations, customerChatSchema, type CustomerChatDoc } from './customer-chat';
import type { LocalWriteRanges } from '../database/local-write-range';
import { CUSTOMER_LOCAL_WRITES, customerMigrations, customerSchema, type CustomerDoc } from './customer';
import { draftMigrations, draftSchema, type DraftDoc } from './draft';
import { reactionMigrations, reactionSchema, type ReactionDoc } from './reaction';
import { referenceMigrations, referenceSchema, type ReferenceDoc } from './reference';
import { settingMigrations, settingSchema, type SettingDoc } from './setting';

export type { ChatTicketDoc, CustomerChatDoc, CustomerDoc, DraftDoc, ReactionDoc, ReferenceDoc, SettingDoc };

export interface PedbotCollections {
  customerchats: RxCollection<CustomerChatDoc>;
  chattickets: RxCollection<ChatTicketDoc>;
  customers: RxCollection<CustomerDoc>;
  settings: RxCollection<SettingDoc>;
  customerchatreactions: RxCollection<ReactionDoc>;
  references: RxCollection<ReferenceDoc>;
  drafts: RxCollection<DraftDoc>;
}

export type CollectionName = keyof PedbotCollections;

/** The five PedBot stores that replicate with the server (DESIGN §4). */
export const REPLICATED = ['customerchats', 'chattickets', 'customers', 'settings', 'customerchatreactions'] as const;

export type ReplicatedName = (typeof REPLICATED)[number];

export const ALL_COLLECTIONS: readonly CollectionName[] = [...REPLICATED, 'references', 'drafts'];

export const COLLECTION_CREATORS = {
  customerchats: { schema: customerChatSchema, migrationStrategies: customerChatMigrations },
  chattickets: { schema: chatTicketSchema, migrationStrategies: chatTicketMigrations },
  customers: { schema: customerSchema, migrationStrategies: customerMigrations },
  settings: { schema: settingSchema, migrationStrategies: settingMigrations },
  customerchatreactions: { schema: reactionSchema, migrationStrategies: reactionMigrations },
  references: { schema: referenceSchema, migrationStrategies: referenceMigrations },
  drafts: { schema: draftSchema, migrationStrategies: draftMigrations },
} as const;

/** The collections written locally within one range of primary keys only, or never (local-write-range.ts). */
export const LOCAL_WRITE_RANGES: LocalWriteRanges = { customerchats: CUSTOMER_CHAT_LOCAL_WRITES, customers: CUSTOMER_LOCAL_WRITES };

/**
 * The local database. A process may open only some collections (tests run several clients in
 * one process under RxDB's 13-collection limit), so each is optional at the type level only
 * where code must cope with its absence; the app always opens all of them.
 */
export type PedbotDatabase = RxDatabase<PedbotCollections>;
