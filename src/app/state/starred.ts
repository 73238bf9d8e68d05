import { proxy, subscribe } from 'valtio';
import { readJson, writeJson } from './storage';

/** A starred page (SPEC §3: url and is_bookmarked), with the title shown in the list. */
export interface StarredPage {
  url: string;
  title: string;
  is_bookmarked: boolean;
}

const KEY = 'pedbot.starred';

/** SPEC §9: the first 10 starred pages form the short list. */
export const SHORT_LIST_SIZE = 10;

export const starredState = proxy<{ pages: StarredPage[] }>({
  pages: readJson<StarredPage[]>('local', KEY) ?? [],
});

subscribe(starredState, () => writeJson('local', KEY, starredState.pages));

export const isStarred = (pages: readonly StarredPage[], url: string): boolean =>
  pages.some((page) => page.url === url && page.is_bookmarked);

export function toggleStar(url: string, title: string): void {
  const index = starredState.pages.findIndex((page) => page.url === url);
  if (index >= 0) starredState.pages.splice(index, 1);
  else starredState.pages.push({ url, title, is_bookmarked: true });
}

/** The short list of one tenant: starred URLs all start with the tenant segment. */
export const shortList = (pages: readonly StarredPage[], tenant: string): StarredPage[] =>
  pages.filter((page) => page.is_bookmarked && page.url.startsWith(`/${tenant}/`)).slice(0, SHORT_LIST_SIZE);

/** Puts the server's list of one tenant in place of the local one (other tenants' stars stay). */
export function replaceTenantPages(tenant: string, pages: readonly StarredPage[]): void {
  const others = starredState.pages.filter((page) => !page.url.startsWith(`/${tenant}/`));
  starredState.pages = [...others, ...pages.map(({ url, title, is_bookmarked }) => ({ url, title, is_bookmarked }))];
}
