import type { ModuleResolvers } from '../graphql/resolver-types';
import { customersResolvers } from '../modules/customers/resolvers';
import { messagesResolvers } from '../modules/messages/resolvers';
import { ticketsResolvers } from '../modules/tickets/resolvers';
import { transfersResolvers } from '../modules/transfers/resolvers';
import { syncResolvers } from './resolvers';

/** The sync engine's GraphQL: replication endpoints plus the tickets, messages, customers, and transfers calls. */
export const syncModules: readonly ModuleResolvers[] = [
  syncResolvers,
  ticketsResolvers,
  messagesResolvers,
  customersResolvers,
  transfersResolvers,
];
