/**
 * The initials an avatar shows for a person's name: the first word's first character and the
 * last word's, the same on every screen ("Ana Maria de Souza" → "AS"). A trailing word without
 * letters (a number a store added to tell two customers apart) is no surname.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const surname = words.slice(1).findLast((word) => /\p{L}/u.test(word));
  return (first + (surname?.[0] ?? '')).toUpperCase() || '?';
}
