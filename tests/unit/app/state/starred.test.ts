import { beforeEach, describe, expect, it } from 'vitest';
import { isStarred, shortList, starredState, toggleStar } from '../../../../src/app/state/starred';

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
});
