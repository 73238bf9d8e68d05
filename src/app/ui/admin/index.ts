/** The admin-screen kit (DESIGN §5a): see README.md beside this file for a whole screen built with it. */
export { AdminPage } from './admin-page';
export { AdminTable, ADMIN_PAGE_SIZE } from './admin-table';
export type { AdminTableProps } from './admin-table';
export { confirmDanger } from './confirm-danger';
export { EntityFormDrawer } from './entity-form-drawer';
export { gqlOperation, runGql, useGqlMutation, useGqlQuery, useTenant } from './graphql-operations';
export type { GqlOperation } from './graphql-operations';
export { ListToolbar } from './list-toolbar';
export type { ListFilter } from './list-toolbar';
export { adminKey } from './query-keys';
export { RowActionsMenu } from './row-actions-menu';
export type { RowAction } from './row-actions-menu';
export { foldText } from './client-rows';
export { useListParams } from './use-list-params';
export type { ListParams } from './use-list-params';
export { useEntityForm } from './use-entity-form';
