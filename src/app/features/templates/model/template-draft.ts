import { digitsOnly } from '../../../../shared/domain/phone';
import { t } from '../texts';
import { findVariables, isNamedName, isPositionalName, normalizeVariables, variableNames } from './variables';
import type { ParameterFormat } from './variables';

/**
 * The template being written on meta/template-messages/add, its checks (Meta's rules, worded in
 * pt-BR before Meta refuses them) and the `components` createWhatsappTemplate sends
 * (fixtures/cloud-api/template-create-request.json).
 */
export type ButtonKind = 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER';

export interface DraftButton {
  type: ButtonKind;
  text: string;
  url: string;
  phone_number: string;
  /** URL buttons ending in {{1}}: the example value of that variable. */
  example: string;
}

export interface TemplateDraft {
  name: string;
  language: string;
  category: string;
  parameterFormat: ParameterFormat;
  header: string;
  body: string;
  footer: string;
  buttons: DraftButton[];
  /** Example per variable, keyed `header:<name>` or `body:<name>`. */
  examples: Record<string, string>;
}

export const emptyDraft = (): TemplateDraft => ({
  name: '',
  language: 'pt_BR',
  category: 'UTILITY',
  parameterFormat: 'POSITIONAL',
  header: '',
  body: '',
  footer: '',
  buttons: [],
  examples: {},
});

export const newButton = (type: ButtonKind): DraftButton => ({ type, text: '', url: '', phone_number: '', example: '' });

export const exampleKey = (part: 'header' | 'body', name: string): string => `${part}:${name}`;

/** Field path → pt-BR message; empty when the draft can be sent. */
export type DraftErrors = Record<string, string>;

const LIMITS = { name: 512, header: 60, body: 1024, footer: 60, buttonText: 25, buttons: 10, urlButtons: 2, phoneButtons: 1 };

function checkNames(text: string, format: ParameterFormat): string | null {
  const names = variableNames(text);
  if (format === 'NAMED') return names.every(isNamedName) ? null : t.rules.namedOnly;
  if (!names.every(isPositionalName)) return t.rules.positionalOnly;
  const numbers = new Set(names.map(Number));
  for (let n = 1; n <= numbers.size; n++) if (!numbers.has(n)) return t.rules.positionalSequence;
  return null;
}

function checkBody(body: string, format: ParameterFormat): string | null {
  const text = body.trim();
  if (!text) return t.rules.bodyRequired;
  if (text.length > LIMITS.body) return t.rules.bodyTooLong;
  const vars = findVariables(text);
  const first = vars[0];
  const last = vars[vars.length - 1];
  if (first && (first.start === 0 || last?.end === text.length)) return t.rules.variableAtEdge;
  for (let i = 1; i < vars.length; i++) {
    if (text.slice(vars[i - 1]!.end, vars[i]!.start).trim() === '') return t.rules.variablesAdjacent;
  }
  return checkNames(text, format);
}

function checkHeader(header: string, format: ParameterFormat): string | null {
  const text = header.trim();
  if (text.length > LIMITS.header) return t.rules.headerTooLong;
  const names = variableNames(text);
  if (names.length > 1) return t.rules.headerVariables;
  if (names.length === 1 && format === 'POSITIONAL' && names[0] !== '1') return t.rules.positionalSequence;
  return checkNames(text, format);
}

function checkButtons(buttons: readonly DraftButton[], errors: DraftErrors): void {
  const urls = buttons.filter((b) => b.type === 'URL').length;
  const phones = buttons.filter((b) => b.type === 'PHONE_NUMBER').length;
  if (buttons.length > LIMITS.buttons || urls > LIMITS.urlButtons || phones > LIMITS.phoneButtons) {
    errors.buttons = t.rules.tooManyButtons;
  }
  // Quick replies and call-to-action buttons must form two groups, not alternate.
  const groups = buttons.map((b) => b.type === 'QUICK_REPLY').filter((quick, i, all) => i === 0 || quick !== all[i - 1]);
  if (groups.length > 2) errors.buttons ??= t.rules.buttonsMixed;
  buttons.forEach((button, i) => {
    const text = button.text.trim();
    if (!text) errors[`buttons.${i}.text`] = t.rules.buttonTextRequired;
    else if (text.length > LIMITS.buttonText) errors[`buttons.${i}.text`] = t.rules.buttonTextTooLong;
    if (button.type === 'URL') {
      const url = button.url.trim();
      const vars = findVariables(url);
      if (!/^https:\/\/[^\s{}]+\.[^\s]+/.test(url)) errors[`buttons.${i}.url`] = t.rules.buttonUrlInvalid;
      else if (vars.length > 1 || (vars[0] && (vars[0].end !== url.length || vars[0].name !== '1'))) {
        errors[`buttons.${i}.url`] = t.rules.buttonUrlVariables;
      } else if (vars.length === 1 && !button.example.trim()) errors[`buttons.${i}.example`] = t.rules.exampleRequired;
    }
    if (button.type === 'PHONE_NUMBER') {
      const digits = digitsOnly(button.phone_number);
      if (digits.length < 12 || digits.length > 15) errors[`buttons.${i}.phone_number`] = t.rules.buttonPhoneInvalid;
    }
  });
}

export function validateDraft(draft: TemplateDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = t.rules.nameRequired;
  else if (name.length > LIMITS.name) errors.name = t.rules.nameTooLong;
  else if (!/^[a-z0-9_]+$/.test(name)) errors.name = t.rules.nameInvalid;
  const header = checkHeader(draft.header, draft.parameterFormat);
  if (header) errors.header = header;
  const body = checkBody(draft.body, draft.parameterFormat);
  if (body) errors.body = body;
  const footer = draft.footer.trim();
  if (footer.length > LIMITS.footer) errors.footer = t.rules.footerTooLong;
  else if (findVariables(footer).length > 0) errors.footer = t.rules.footerVariables;
  for (const part of ['header', 'body'] as const) {
    if (errors[part]) continue;
    for (const variable of variableNames(draft[part])) {
      const key = exampleKey(part, variable);
      if (!draft.examples[key]?.trim()) errors[`examples.${key}`] = t.rules.exampleRequired;
    }
  }
  checkButtons(draft.buttons, errors);
  return errors;
}

/** The variables the form asks examples for, header first. */
export const draftVariables = (draft: TemplateDraft): Array<{ part: 'header' | 'body'; name: string; key: string }> =>
  (['header', 'body'] as const).flatMap((part) =>
    variableNames(draft[part]).map((name) => ({ part, name, key: exampleKey(part, name) })),
  );

function examplesOf(draft: TemplateDraft, part: 'header' | 'body', text: string) {
  const names = variableNames(text);
  const value = (name: string) => draft.examples[exampleKey(part, name)]?.trim() ?? '';
  if (draft.parameterFormat === 'NAMED') {
    return names.map((name) => ({ param_name: name, example: value(name) }));
  }
  return [...names].sort((a, b) => Number(a) - Number(b)).map(value);
}

function buttonComponent(button: DraftButton): Record<string, unknown> {
  const text = button.text.trim();
  if (button.type === 'URL') {
    const url = normalizeVariables(button.url.trim());
    const variable = findVariables(url)[0];
    return variable
      ? { type: 'URL', text, url, example: [url.slice(0, variable.start) + button.example.trim()] }
      : { type: 'URL', text, url };
  }
  if (button.type === 'PHONE_NUMBER') return { type: 'PHONE_NUMBER', text, phone_number: `+${digitsOnly(button.phone_number)}` };
  return { type: 'QUICK_REPLY', text };
}

/** Meta's `components` for a valid draft. */
export function draftComponents(draft: TemplateDraft): Array<Record<string, unknown>> {
  const named = draft.parameterFormat === 'NAMED';
  const components: Array<Record<string, unknown>> = [];
  const header = normalizeVariables(draft.header.trim());
  if (header) {
    const component: Record<string, unknown> = { type: 'HEADER', format: 'TEXT', text: header };
    if (variableNames(header).length > 0) {
      component.example = named
        ? { header_text_named_params: examplesOf(draft, 'header', header) }
        : { header_text: examplesOf(draft, 'header', header) };
    }
    components.push(component);
  }
  const body = normalizeVariables(draft.body.trim());
  const bodyComponent: Record<string, unknown> = { type: 'BODY', text: body };
  if (variableNames(body).length > 0) {
    bodyComponent.example = named
      ? { body_text_named_params: examplesOf(draft, 'body', body) }
      : { body_text: [examplesOf(draft, 'body', body)] };
  }
  components.push(bodyComponent);
  const footer = draft.footer.trim();
  if (footer) components.push({ type: 'FOOTER', text: footer });
  if (draft.buttons.length > 0) components.push({ type: 'BUTTONS', buttons: draft.buttons.map(buttonComponent) });
  return components;
}
