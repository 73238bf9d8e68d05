import type { AnswerKind } from './flow-schema';

/** Lower case without accents or surrounding spaces, so "Suporte " matches "suporte". */
export const foldAnswer = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A CPF's two check digits (mod 11); repeated digits like 111.111.111-11 pass the sums but are not issued. */
export function isValidCpf(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** A number as a person types it in Brazil: "1.234,5", "12", "-3,75" (dots group thousands). */
export function parseBrazilianNumber(raw: string): number | null {
  const text = raw.trim().replace(/\s/g, '');
  if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$|^-?\d+\.\d+$/.test(text)) return null;
  const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : /^-?\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '') : text;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/**
 * Which option an answer picks: its number ("2"), its text ("suporte"), or both ("2 - Suporte");
 * null when it picks none.
 */
export function matchOption(answer: string, options: readonly string[]): number | null {
  const folded = foldAnswer(answer);
  const numbered = /^(\d{1,2})(?:\s*[-.)]\s*(.*))?$/.exec(folded);
  if (numbered) {
    const index = Number(numbered[1]) - 1;
    if (index >= 0 && index < options.length) return index;
  }
  const byText = options.findIndex((option) => foldAnswer(option) === folded);
  return byText >= 0 ? byText : null;
}

/** The value an answer of `kind` stores, or null when the answer is not valid for it. */
export function acceptAnswer(kind: AnswerKind, answer: string, options: readonly string[]): string | null {
  const text = answer.trim();
  if (text === '') return null;
  switch (kind) {
    case 'text':
      return text;
    case 'number': {
      const value = parseBrazilianNumber(text);
      return value === null ? null : String(value);
    }
    case 'email':
      return EMAIL.test(text) ? text.toLowerCase() : null;
    case 'cpf':
      return isValidCpf(text) ? text.replace(/\D/g, '') : null;
    case 'option': {
      const index = matchOption(text, options);
      return index === null ? null : (options[index] ?? null);
    }
  }
}

/** Numbered lines under a text ("1 - Vendas"), as the customer reads a list or a question's options. */
export const numberedList = (text: string, items: readonly string[]): string =>
  items.length > 0 ? `${text}\n\n${items.map((item, index) => `${index + 1} - ${item}`).join('\n')}` : text;

/** The question as the customer reads it: an option question lists its numbered choices. */
export const questionText = (question: string, kind: AnswerKind, options: readonly string[]): string => (kind === 'option' ? numberedList(question, options) : question);
