import { lazyScreen } from './lazy-screen';
import { appRoute, placeholderScreen } from './signed-in';

/** Pedidos: customer data, orders, products, services, ERP. */
export const ordersRoutes = [
  appRoute('orders-infos', placeholderScreen),
  appRoute('orders-product-orders', placeholderScreen),
  appRoute('orders-pre-orders', placeholderScreen),
  appRoute('orders-products', placeholderScreen),
  appRoute('orders-status', placeholderScreen),
  appRoute('orders-services', placeholderScreen),
  appRoute('orders-erp-integrations', placeholderScreen),
  appRoute('orders-knowledge-list', lazyScreen(() => import('../features/knowledge/list/knowledge-list-page'), 'KnowledgeListPage')),
];
