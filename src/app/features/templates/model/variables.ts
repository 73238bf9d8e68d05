/**
 * Template variables as Meta writes them: {{1}}, {{2}} (POSITIONAL) or {{nome_cliente}} (NAMED).
 * Inner spaces are tolerated when reading and removed when the text is sent.
 */
export type ParameterFormat = 'POSITIONAL' | 'NAMED';

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

export interface VariableMatch {
  name: string;
  start: number;
  end: number;
}

export function findVariables(text: string): VariableMatch[] {
  return [...text.matchAll(VARIABLE)].map((m) => ({ name: m[1] ?? '', start: m.index, end: m.index + m[0].length }));
}

/** Each variable once, in order of first appearance. */
export const variableNames = (text: string): string[] => [...new Set(findVariables(text).map((v) => v.name))];

export const normalizeVariables = (text: string): string => text.replace(VARIABLE, (_, name: string) => `{{${name}}}`);

/** Replaces each variable by its example; one without an example stays visible as {{name}}. */
export const fillVariables = (text: string, examples: Readonly<Record<string, string>>): string =>
  text.replace(VARIABLE, (whole, name: string) => {
    const example = examples[name]?.trim();
    return example ? example : `{{${name}}}`;
  });

export const isPositionalName = (name: string): boolean => /^[1-9]\d{0,2}$/.test(name);
export const isNamedName = (name: string): boolean => /^[a-z][a-z0-9_]{0,59}$/.test(name);

/** The next variable to insert: {{n+1}} for numbered ones, a fresh {{variavel_n}} for named ones. */
export function nextVariable(texts: readonly string[], format: ParameterFormat): string {
  const names = new Set(texts.flatMap(variableNames));
  if (format === 'POSITIONAL') {
    let n = 1;
    while (names.has(String(n))) n += 1;
    return `{{${n}}}`;
  }
  let n = 1;
  while (names.has(`variavel_${n}`)) n += 1;
  return `{{variavel_${n}}}`;
}
