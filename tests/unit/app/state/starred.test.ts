import { beforeEach, describe, expect, it } from 'vitest';
import { isStarred, replaceTenantPages, shortList, starredState, toggleStar } from '../../../../src/app/state/starred';

describe('starred pages', () => {
  beforeEach(() => {
    starredState.pages = [];
  });

  it('toggles a page on and off', () => {
    toggleStar('/demo/users/list', 'Usuários');
    expect(isStarred(starredState.pages, '/demo/users/list')).toBe(true);
    toggleStar('/demo/users/list', 'Usuários');
    expect(isStarred(starredState.pages, '/demo/users/list')).toBe(false);
  });

  it('keeps the first 10 of the tenant in the short list (SPEC §9)', () => {
    toggleStar('/other/help/rules', 'Regras');
    for (let i = 1; i <= 12; i++) toggleStar(`/demo/page-${i}`, `Página ${i}`);
    const list = shortList(starredState.pages, 'demo');
    expect(list).toHaveLength(10);
    expect(list[0]?.url).toBe('/demo/page-1');
    expect(list.at(-1)?.url).toBe('/demo/page-10');
  });

  it("takes the server's list for one tenant and keeps the other tenants' stars", () => {
    toggleStar('/other/help/rules', 'Regras');
    toggleStar('/demo/old', 'Antiga');
    replaceTenantPages('demo', [{ url: '/demo/help/support', title: 'Suporte', is_bookmarked: true }]);
    expect(starredState.pages.map((p) => p.url)).toEqual(['/other/help/rules', '/demo/help/support']);
  });
});
