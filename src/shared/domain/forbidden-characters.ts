/**
 * The server refuses text that suggests an attack or a malicious script (SPEC §5, §8 'Possível
 * tentativa de Ataque'). Shared so that forms can warn before sending.
 */

const FORBIDDEN_CHARACTERS = /[|<>]/;

// Event handler names are listed rather than matched as `on\w+=` because Portuguese is full of
// words starting with "on" ("onde = ..."), and a false alarm blocks a real customer message.
const EVENT_NAMES = [
  'error', 'load', 'unload', 'beforeunload', 'click', 'dblclick', 'contextmenu', 'mouse[a-z]*', 'pointer[a-z]*',
  'touch[a-z]*', 'key[a-z]*', 'focus[a-z]*', 'blur', 'change', 'input', 'submit', 'reset', 'select', 'toggle',
  'scroll', 'wheel', 'resize', 'drag[a-z]*', 'drop', 'copy', 'cut', 'paste', 'animation[a-z]*', 'transition[a-z]*',
  'message', 'hashchange', 'popstate', 'pageshow', 'pagehide', 'play', 'playing', 'pause', 'ended', 'canplay[a-z]*',
  'begin', 'show', 'search', 'invalid',
];
const EVENT_HANDLER = new RegExp(`\\bon(?:${EVENT_NAMES.join('|')})\\s*=`);

const SCRIPT_LIKE: readonly RegExp[] = [
  /\b(?:java|vb)script\s*:/,
  /\bdata\s*:\s*text\/html/,
  EVENT_HANDLER,
  /\beval\s*\(/,
  /\bdocument\s*\.\s*(?:cookie|write|domain)\b/,
  /\bstring\s*\.\s*fromcharcode\s*\(/,
  /\bexpression\s*\(/,
  /\bsrcdoc\s*=/,
];

/**
 * Compatibility forms (full-width `＜`, `ｊａｖａｓｃｒｉｐｔ：`) fold to ASCII first, and the tab and
 * line breaks that browsers drop inside URLs are removed, so neither hides a script from the check.
 */
const fold = (text: string): string => text.normalize('NFKC').replace(/[\t\n\r\0]/g, '').toLowerCase();

export function hasForbiddenCharacters(text: string | null | undefined): boolean {
  if (!text) return false;
  const folded = fold(text);
  return FORBIDDEN_CHARACTERS.test(folded) || SCRIPT_LIKE.some((pattern) => pattern.test(folded));
}

export interface FindForbiddenOptions {
  /** Keys whose values are never checked, wherever they occur (passwords may contain `<` or `|`). */
  ignoreKeys?: readonly string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const childPath = (path: string, key: string | number): string => {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
};

/**
 * Walks the strings of a parsed input (plain objects and arrays; other objects are skipped) and
 * returns the path of the first offending value or key, like `items[2].text`; `''` is the input
 * itself, null means the input is clean.
 */
export function findForbiddenInInput(input: unknown, options: FindForbiddenOptions = {}): string | null {
  const ignored = new Set(options.ignoreKeys ?? []);
  const seen = new WeakSet<object>();

  const walk = (value: unknown, path: string): string | null => {
    if (typeof value === 'string') return hasForbiddenCharacters(value) ? path : null;
    if (Array.isArray(value)) {
      if (seen.has(value)) return null;
      seen.add(value);
      for (let i = 0; i < value.length; i++) {
        const found = walk(value[i], childPath(path, i));
        if (found !== null) return found;
      }
      return null;
    }
    if (!isPlainObject(value) || seen.has(value)) return null;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      if (ignored.has(key)) continue;
      const keyPath = childPath(path, key);
      if (hasForbiddenCharacters(key)) return keyPath;
      const found = walk(child, keyPath);
      if (found !== null) return found;
    }
    return null;
  };

  return walk(input, '');
}
