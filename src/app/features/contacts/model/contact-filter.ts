import type { ContactFilter } from '../../../../shared/graphql/generated';

/** The list's filters as kept in the URL (useListParams): ?q=&group=&favorite=&blocked=&sort= */
export const CONTACT_FILTERS = ['group', 'favorite', 'blocked', 'order'] as const;
export type ContactFilterName = (typeof CONTACT_FILTERS)[number];

export function toContactFilter(search: string, filters: Readonly<Record<ContactFilterName, string | null>>): ContactFilter {
  return {
    search: search || null,
    group_id: filters.group,
    favorite: filters.favorite === 'yes' ? true : filters.favorite === 'no' ? false : null,
    blocked: filters.blocked,
    sort: filters.order ?? 'name',
  };
}
