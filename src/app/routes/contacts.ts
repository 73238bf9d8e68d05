import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

/** Contatos: contacts, blocked contacts, knowledge. */
export const contactRoutes = [
  appRoute('customers-list', lazyScreen(() => import('../features/contacts/list/contacts-page'), 'ContactsPage')),
  appRoute('numbers-blacklist-list', lazyScreen(() => import('../features/contacts/blocklist/blocklist-page'), 'BlocklistPage')),
  appRoute('knowledge-add', lazyScreen(() => import('../features/knowledge/form/knowledge-form-page'), 'KnowledgeAddPage')),
  appRoute('knowledge-edit', lazyScreen(() => import('../features/knowledge/form/knowledge-form-page'), 'KnowledgeEditPage')),
];
