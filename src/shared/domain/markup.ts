/**
 * WhatsApp text formatting (SPEC §5) as a tree of tokens, never as HTML: screens render the
 * nodes as React elements, so message text cannot inject markup, and links are only http(s).
 */
export type MarkupNode =
  | { type: 'text'; text: string }
  | { type: 'bold'; children: MarkupNode[] }
  | { type: 'italic'; children: MarkupNode[] }
  | { type: 'strike'; children: MarkupNode[] }
  | { type: 'code'; text: string; block: boolean }
  | { type: 'link'; text: string; href: string };

type StyleMarker = '*' | '_' | '~';

const STYLES: Readonly<Record<StyleMarker, 'bold' | 'italic' | 'strike'>> = { '*': 'bold', _: 'italic', '~': 'strike' };

const isStyleMarker = (char: string): char is StyleMarker => Object.hasOwn(STYLES, char);

const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}]/u.test(char);

const isSpace = (char: string | undefined): boolean => char === undefined || /\s/u.test(char);

const CLOSABLE = ['*', '_', '~', '`'] as const;

/**
 * Like WhatsApp, a marker opens only when not glued to a preceding letter or digit (so `2*3*4`
 * and `snake_case_name` stay plain) and not followed by a space; it closes only when not preceded
 * by a space and not glued to a following letter or digit; both are on the same line. Whether a
 * position can close depends on that position alone, so the candidates are found once per text and
 * each opening marker finds its match by binary search instead of rescanning the line.
 */
class Scanner {
  private readonly closers = new Map<string, number[]>();
  private readonly newlines: number[] = [];
  readonly text: string;

  constructor(text: string) {
    this.text = text;
    for (const marker of CLOSABLE) this.closers.set(marker, []);
    for (let j = 0; j < text.length; j++) {
      const char = text[j] ?? '';
      if (char === '\n') this.newlines.push(j);
      const list = this.closers.get(char);
      if (list && !isSpace(text[j - 1]) && !isWordChar(text[j + 1])) list.push(j);
    }
  }

  /** Where the marker at `open` closes before `end`, or -1. */
  findClose(open: number, end: number): number {
    const text = this.text;
    if (isWordChar(text[open - 1]) || isSpace(text[open + 1])) return -1;
    const lineEnd = Math.min(end, firstAtLeast(this.newlines, open) ?? end);
    const close = firstAtLeast(this.closers.get(text[open] ?? '') ?? [], open + 2);
    return close !== undefined && close < lineEnd ? close : -1;
  }
}

function firstAtLeast(sorted: readonly number[], value: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? 0) < value) low = mid + 1;
    else high = mid;
  }
  return sorted[low];
}

const URL_START = /(?:https?:\/\/|www\.)[^\s<>"]+/iy;
const TRAILING_PUNCTUATION = /[.,;:!?'*_~`]$/;

const count = (text: string, char: string): number => text.split(char).length - 1;

/** The link at `start` (ending before `end`), without sentence punctuation after it or an unmatched ')'. */
function matchLink(text: string, start: number, end: number): string | null {
  if (/[\p{L}\p{N}@./]/u.test(text[start - 1] ?? ' ')) return null;
  URL_START.lastIndex = start;
  const found = URL_START.exec(text);
  if (!found) return null;
  let url = found[0].slice(0, end - start);
  for (;;) {
    if (TRAILING_PUNCTUATION.test(url)) url = url.slice(0, -1);
    else if (url.endsWith(')') && count(url, ')') > count(url, '(')) url = url.slice(0, -1);
    else break;
  }
  return /^(?:https?:\/\/|www\.)[\p{L}\p{N}]/iu.test(url) ? url : null;
}

const hrefOf = (url: string): string => (/^www\./i.test(url) ? `https://${url}` : url);

function parse(scanner: Scanner, start: number, end: number, open: ReadonlySet<StyleMarker>): MarkupNode[] {
  const text = scanner.text;
  const nodes: MarkupNode[] = [];
  let plain = '';
  const push = (node: MarkupNode) => {
    if (plain) nodes.push({ type: 'text', text: plain });
    plain = '';
    nodes.push(node);
  };

  let i = start;
  while (i < end) {
    const char = text[i] ?? '';
    if (text.startsWith('```', i) && i + 3 <= end) {
      const fence = text.indexOf('```', i + 3);
      const closed = fence > i + 3 && fence + 3 <= end;
      if (closed) push({ type: 'code', text: text.slice(i + 3, fence), block: true });
      else plain += '```';
      i = closed ? fence + 3 : i + 3;
      continue;
    }
    if (char === '`') {
      const close = scanner.findClose(i, end);
      if (close !== -1) {
        push({ type: 'code', text: text.slice(i + 1, close), block: false });
        i = close + 1;
        continue;
      }
    }
    // A style never nests inside itself, which also bounds the recursion to three levels.
    if (isStyleMarker(char) && !open.has(char)) {
      const close = scanner.findClose(i, end);
      if (close !== -1) {
        push({ type: STYLES[char], children: parse(scanner, i + 1, close, new Set([...open, char])) });
        i = close + 1;
        continue;
      }
    }
    const url = /[hw]/i.test(char) ? matchLink(text, i, end) : null;
    if (url) {
      push({ type: 'link', text: url, href: hrefOf(url) });
      i += url.length;
      continue;
    }
    plain += char;
    i++;
  }
  if (plain) nodes.push({ type: 'text', text: plain });
  return nodes;
}

/** What every formatted span or link starts with: a text without any is one plain node. */
const MAY_FORMAT = /[*_~`]|https?:\/\/|www\./i;

export function parseMarkup(text: string | null | undefined): MarkupNode[] {
  if (!text) return [];
  // Most messages have no formatting, and the scan goes character by character: every rendered
  // bubble and list preview parses its text, about a tenth of a conversation's first render.
  if (!MAY_FORMAT.test(text)) return [{ type: 'text', text }];
  return parseFormatted(text);
}

/** The full scan, for texts that may hold formatting or links. */
export function parseFormatted(text: string): MarkupNode[] {
  return parse(new Scanner(text), 0, text.length, new Set());
}

export function markupToPlainText(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'bold':
        case 'italic':
        case 'strike':
          return markupToPlainText(node.children);
        default:
          return node.text;
      }
    })
    .join('');
}

/** The text without formatting markers, for ticket list previews and notifications. */
export const stripMarkup = (text: string | null | undefined): string => markupToPlainText(parseMarkup(text));
