import { gqlRequest } from '../../api/graphql-client';
import { replaceTenantPages, starredState, type StarredPage } from '../../state/starred';

/**
 * Starred pages live on the server per user (SPEC §3), so they follow the user to another device;
 * the local copy shows them at once and offline.
 */
const LIST = 'query StarredPages { starredPages { url title is_bookmarked } }';
const SET = `mutation SetStarredPage($url: String!, $title: String!, $is_bookmarked: Boolean!) {
  setStarredPage(url: $url, title: $title, is_bookmarked: $is_bookmarked) { url title is_bookmarked }
}`;

const tenantPages = (tenant: string) => starredState.pages.filter((page) => page.url.startsWith(`/${tenant}/`) && page.is_bookmarked);

/** Reads the user's stars; stars made on this device before they were kept on the server are sent up once. */
export async function loadStarredPages(tenant: string): Promise<void> {
  try {
    let pages = (await gqlRequest<{ starredPages: StarredPage[] }>(LIST, {}, { tenant, notify: false })).starredPages;
    const local = tenantPages(tenant);
    if (pages.length === 0 && local.length > 0) {
      for (const page of local) {
        pages = (await gqlRequest<{ setStarredPage: StarredPage[] }>(SET, { url: page.url, title: page.title, is_bookmarked: true }, { tenant, notify: false })).setStarredPage;
      }
    }
    replaceTenantPages(tenant, pages);
  } catch {
    // Offline: the local copy serves until the next sign-in or reload.
  }
}

/** Saves one star change made on screen; the server's answer is the user's whole list. */
export async function saveStarredPage(tenant: string, url: string, title: string, starred: boolean): Promise<void> {
  try {
    const pages = (await gqlRequest<{ setStarredPage: StarredPage[] }>(SET, { url, title, is_bookmarked: starred }, { tenant, notify: false })).setStarredPage;
    replaceTenantPages(tenant, pages);
  } catch {
    // Kept locally; the next load reads the server's list again.
  }
}
