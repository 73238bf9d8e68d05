/** Password strength (SPEC §5, §9): scores 50, 75 and 100, minimum 8 characters. */

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordScore = 50 | 75 | 100;

export const PASSWORD_STRENGTH_LABELS: Readonly<Record<PasswordScore, string>> = {
  50: 'Fraca',
  75: 'Média',
  100: 'Forte',
};

const SEQUENCE_ALPHABETS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz'];

/** Three characters that are the same (ignoring case), like `aaa`, `111` or `aAa`. */
function hasIdenticalRun(chars: readonly string[]): boolean {
  for (let i = 2; i < chars.length; i++) {
    if (chars[i] === chars[i - 1] && chars[i] === chars[i - 2]) return true;
  }
  return false;
}

/** Three consecutive digits or letters, ascending or descending: `123`, `cba`, `XyZ`. */
function hasSequence(chars: readonly string[]): boolean {
  for (let i = 2; i < chars.length; i++) {
    const a = chars[i - 2] ?? '';
    const b = chars[i - 1] ?? '';
    const c = chars[i] ?? '';
    for (const alphabet of SEQUENCE_ALPHABETS) {
      const x = alphabet.indexOf(a);
      const y = alphabet.indexOf(b);
      const z = alphabet.indexOf(c);
      if (x < 0 || y < 0 || z < 0) continue;
      if ((y === x + 1 && z === y + 1) || (y === x - 1 && z === y - 1)) return true;
    }
  }
  return false;
}

/** A special character is anything that is neither a letter, a digit nor white space. */
const countSpecial = (chars: readonly string[]): number => chars.filter((c) => /[^\p{L}\p{N}\s]/u.test(c)).length;

export function passwordStrength(password: string): PasswordScore {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN_LENGTH) return 50;
  const folded = chars.map((c) => c.toLowerCase());
  if (hasIdenticalRun(folded) || hasSequence(folded)) return 50;
  if (countSpecial(chars) >= 2 && /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password)) return 100;
  return 75;
}

export const passwordStrengthLabel = (password: string): string => PASSWORD_STRENGTH_LABELS[passwordStrength(password)];
