/** The screens whose roles reach the contacts operations (guards.ts requireRoute checks them). */
export const CONTACTS_ROUTE = 'customers-list';
export const BLOCKLIST_ROUTE = 'numbers-blacklist-list';
