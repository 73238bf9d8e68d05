import type { CollectionName } from '../changes';
import { chatTicketsFeed } from './chattickets';
import { customerChatReactionsFeed } from './customerchatreactions';
import { customerChatsFeed } from './customerchats';
import { customersFeed } from './customers';
import type { FeedCollection, SyncDocument } from './feed';
import { settingsFeed } from './settings';

export const FEEDS: Readonly<Record<CollectionName, FeedCollection<SyncDocument>>> = {
  chattickets: chatTicketsFeed,
  customerchats: customerChatsFeed,
  customers: customersFeed,
  settings: settingsFeed,
  customerchatreactions: customerChatReactionsFeed,
};
