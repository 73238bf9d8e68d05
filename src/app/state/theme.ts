import { proxy, subscribe } from 'valtio';
import { readJson, writeJson } from './storage';

/** SPEC §4: semi-dark is a dark menu on a light page. */
export type ThemeName = 'light' | 'dark' | 'semi-dark';

export const THEMES: readonly ThemeName[] = ['light', 'dark', 'semi-dark'];

const KEY = 'pedbot.theme';

const stored = readJson<ThemeName>('local', KEY);

export const themeState = proxy<{ theme: ThemeName; menuCollapsed: boolean }>({
  theme: stored && THEMES.includes(stored) ? stored : 'light',
  // SPEC §9: the side menu starts collapsed.
  menuCollapsed: readJson<boolean>('local', 'pedbot.menu-collapsed') ?? true,
});

subscribe(themeState, () => {
  writeJson('local', KEY, themeState.theme);
  writeJson('local', 'pedbot.menu-collapsed', themeState.menuCollapsed);
});

export function setTheme(theme: ThemeName): void {
  themeState.theme = theme;
}

export function toggleMenu(): void {
  themeState.menuCollapsed = !themeState.menuCollapsed;
}
