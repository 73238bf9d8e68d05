import { exampleKey } from './template-draft';
import type { TemplateDraft } from './template-draft';
import { fillVariables, variableNames } from './variables';

/** What the WhatsApp bubble shows: texts with the variables already replaced by examples. */
export interface TemplateParts {
  header: string | null;
  body: string;
  footer: string | null;
  buttons: Array<{ type: string; text: string }>;
}

export function draftParts(draft: TemplateDraft): TemplateParts {
  const examples = (part: 'header' | 'body', text: string) =>
    Object.fromEntries(variableNames(text).map((name) => [name, draft.examples[exampleKey(part, name)] ?? '']));
  const header = draft.header.trim();
  const footer = draft.footer.trim();
  return {
    header: header ? fillVariables(header, examples('header', header)) : null,
    body: fillVariables(draft.body.trim(), examples('body', draft.body)),
    footer: footer || null,
    buttons: draft.buttons.map((b) => ({ type: b.type, text: b.text.trim() })),
  };
}

type Component = Record<string, unknown>;

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Examples as Meta lists them: positional arrays ({{1}} is the first) or named pairs. */
function examplesOf(example: unknown, positionalKey: string, namedKey: string): Record<string, string> {
  const data = record(example);
  if (!data) return {};
  const named = data[namedKey];
  if (Array.isArray(named)) {
    return Object.fromEntries(named.map((p) => [text(record(p)?.param_name), text(record(p)?.example)]));
  }
  let positional = data[positionalKey];
  if (Array.isArray(positional) && Array.isArray(positional[0])) positional = positional[0];
  return Array.isArray(positional) ? Object.fromEntries(positional.map((v, i) => [String(i + 1), text(v)])) : {};
}

/** The parts of a template listed by Meta (its `components`). */
export function componentParts(components: unknown): TemplateParts {
  const list = Array.isArray(components) ? components.map(record).filter((c): c is Component => c !== null) : [];
  const find = (type: string) => list.find((c) => text(c.type).toUpperCase() === type);
  const header = find('HEADER');
  const body = find('BODY');
  const footer = find('FOOTER');
  const buttons = find('BUTTONS')?.buttons;
  const headerText = header && text(header.format || 'TEXT').toUpperCase() === 'TEXT' ? text(header.text) : '';
  return {
    header: headerText ? fillVariables(headerText, examplesOf(header?.example, 'header_text', 'header_text_named_params')) : null,
    body: fillVariables(text(body?.text), examplesOf(body?.example, 'body_text', 'body_text_named_params')),
    footer: text(footer?.text) || null,
    buttons: Array.isArray(buttons)
      ? buttons.map(record).filter((b): b is Component => b !== null).map((b) => ({ type: text(b.type), text: text(b.text) }))
      : [],
  };
}
