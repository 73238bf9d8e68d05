/** Pure edits of the composer's text: formatting, emoji and quick-answer insertion. */

export interface Edit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

export type FormatMarker = '*' | '_' | '~' | '`';

/**
 * Wraps the selection in a WhatsApp marker (`*bold*`); with nothing selected, inserts the pair and
 * puts the caret between. Spaces at the edges of the selection stay outside, because WhatsApp
 * ignores `* bold*`. An already wrapped selection is unwrapped.
 */
export function toggleFormat(text: string, start: number, end: number, marker: FormatMarker): Edit {
  let from = Math.min(start, end);
  let to = Math.max(start, end);
  while (from < to && /\s/.test(text[from] ?? '')) from += 1;
  while (to > from && /\s/.test(text[to - 1] ?? '')) to -= 1;
  const before = text.slice(0, from);
  const inner = text.slice(from, to);
  const after = text.slice(to);
  if (before.endsWith(marker) && after.startsWith(marker) && inner.length > 0) {
    return { text: before.slice(0, -1) + inner + after.slice(1), selectionStart: from - 1, selectionEnd: to - 1 };
  }
  if (inner.length > 2 && inner.startsWith(marker) && inner.endsWith(marker)) {
    const unwrapped = inner.slice(1, -1);
    return { text: before + unwrapped + after, selectionStart: from, selectionEnd: from + unwrapped.length };
  }
  return {
    text: `${before}${marker}${inner}${marker}${after}`,
    selectionStart: from + 1,
    selectionEnd: to + 1,
  };
}

/** Replaces the selection with `insert` and puts the caret after it. */
export function insertText(text: string, start: number, end: number, insert: string): Edit {
  const from = Math.min(start, end);
  const to = Math.max(start, end);
  const caret = from + insert.length;
  return { text: text.slice(0, from) + insert + text.slice(to), selectionStart: caret, selectionEnd: caret };
}

export interface SlashToken {
  /** What follows the slash, for searching quick answers. */
  query: string;
  from: number;
  to: number;
}

/**
 * The `/word` being typed at the caret, when the slash starts the text or follows a space: that
 * opens the quick answers. A slash inside a word (a URL, a date) does not.
 */
export function slashTokenAt(text: string, caret: number): SlashToken | null {
  const head = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]*)$/.exec(head);
  if (!match) return null;
  const from = caret - match[2]!.length - 1;
  return { query: match[2]!, from, to: caret };
}

/** Quick answers whose shortcut or text contains the query (case and accents ignored), shortcut hits first. */
export function filterQuickAnswers<T extends { shortcut: string; message: string }>(
  answers: readonly T[],
  query: string,
  fold: (s: string) => string,
  limit = 8,
): T[] {
  const needle = fold(query.trim());
  if (!needle) return answers.slice(0, limit);
  const byShortcut = answers.filter((a) => fold(a.shortcut).includes(needle));
  const byText = answers.filter((a) => !byShortcut.includes(a) && fold(a.message).includes(needle));
  return [...byShortcut, ...byText].slice(0, limit);
}
