import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORED_SCREEN_MAX_AGE_MS,
  STORED_SCREEN_MAX_CHARS,
  clearStoredScreens,
  isShowable,
  newStoredScreen,
  readStoredScreen,
  showsWithTicketOpen,
  storedScreenKey,
  writeStoredScreen,
  type ShowingContext,
} from '../../../../src/app/boot/stored-screen/record';

/** A Web Storage over a Map: Node has none. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const NOW = Date.UTC(2026, 10, 29, 12);
const screen = newStoredScreen({
  tenant: 'acme',
  userId: '7',
  path: '/acme/chat/attendance',
  build: '/assets/index-abc.js',
  width: 1280,
  height: 800,
  colorScheme: 'light',
  stylesheets: ['/assets/index-abc.css'],
  html: '<div class="pb-att-screen"></div>',
  selectedId: null,
  savedAt: NOW - 60_000,
});
const here: ShowingContext = { tenant: 'acme', userId: '7', path: '/acme/chat/attendance', build: '/assets/index-abc.js', width: 1280, height: 800, now: NOW };

describe('stored screen: where it may be shown', () => {
  it('is shown to the same user, at the same address, build and window size', () => {
    expect(isShowable(screen, here)).toBe(true);
  });

  it.each<[string, Partial<ShowingContext>]>([
    ['another tenant', { tenant: 'other' }],
    ['another user', { userId: '8' }],
    ['nobody signed in', { tenant: null, userId: null }],
    ['another address', { path: '/acme/chat/crm' }],
    ['another build', { build: '/assets/index-def.js' }],
    ['another window width', { width: 1024 }],
    ['another window height', { height: 768 }],
    ['a clock before it was stored', { now: screen.savedAt - 1 }],
    ['a screen older than its limit', { now: screen.savedAt + STORED_SCREEN_MAX_AGE_MS + 1 }],
  ])('is not shown for %s', (_, change) => {
    expect(isShowable(screen, { ...here, ...change })).toBe(false);
  });

  it('keeps one screen per list view, which a view with a ticket open shares', () => {
    expect(storedScreenKey({})).toBe(storedScreenKey({ tab: 'inbox', isCampaign: false, selectedId: null }));
    expect(storedScreenKey({ tab: 'my_chats', isCampaign: true })).not.toBe(storedScreenKey({ tab: 'my_chats', isCampaign: false }));
    expect(storedScreenKey({ tab: 'inbox', selectedId: '12' })).toBe(storedScreenKey({ tab: 'inbox' }));
  });

  it('starts a view with a ticket open on its picture only where the list stays beside the conversation', () => {
    expect(showsWithTicketOpen({ tab: 'inbox', selectedId: null }, false)).toBe(true);
    expect(showsWithTicketOpen({ tab: 'inbox', selectedId: '12' }, true)).toBe(true);
    expect(showsWithTicketOpen({ tab: 'inbox', selectedId: '12' }, false)).toBe(false);
  });
});

describe('stored screen: storage', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads back what was written for the view, and nothing for another view', () => {
    writeStoredScreen({ tab: 'my_chats' }, screen);
    expect(readStoredScreen({ tab: 'my_chats', isCampaign: false, selectedId: null })).toEqual(screen);
    expect(readStoredScreen({ tab: 'inbox' })).toBeNull();
    expect(readStoredScreen({ tab: 'my_chats', selectedId: '3' })).toEqual(screen);
  });

  it('drops a screen too large to read at every start', () => {
    writeStoredScreen({}, screen);
    writeStoredScreen({}, { ...screen, html: 'x'.repeat(STORED_SCREEN_MAX_CHARS + 1) });
    expect(readStoredScreen({})).toBeNull();
  });

  it('reads a damaged record as none', () => {
    storage.setItem(storedScreenKey({})!, '{"version":');
    expect(readStoredScreen({})).toBeNull();
  });

  it('clears every stored screen on sign-out and leaves other keys', () => {
    writeStoredScreen({}, screen);
    writeStoredScreen({ tab: 'closed', isCampaign: true }, screen);
    storage.setItem('pedbot.theme', '"dark"');
    clearStoredScreens();
    expect(storage.length).toBe(1);
    expect(storage.getItem('pedbot.theme')).toBe('"dark"');
  });

  it('survives a full storage', () => {
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeStoredScreen({}, screen)).not.toThrow();
    expect(readStoredScreen({})).toBeNull();
  });
});
