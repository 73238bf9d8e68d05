import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

/** Modelos de mensagem: the provider templates. */
export const templateRoutes = [
  appRoute('meta-template-messages', lazyScreen(() => import('../features/templates/list/template-list-page'), 'TemplateListPage')),
  appRoute('meta-template-messages-add', lazyScreen(() => import('../features/templates/add/template-add-page'), 'TemplateAddPage')),
];
