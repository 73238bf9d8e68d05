/**
 * The variables of a WhatsApp template's body ({{1}}, {{2}}… positional, or {{nome}} named), in
 * the order they first appear, and the send parameters that fill them (Meta's `components`).
 */
export function templateBodyVariables(components: unknown): string[] {
  const list = Array.isArray(components) ? (components as Array<{ type?: unknown; text?: unknown }>) : [];
  const body = list.find((c) => String(c.type).toUpperCase() === 'BODY');
  if (typeof body?.text !== 'string') return [];
  const keys: string[] = [];
  for (const match of body.text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) if (!keys.includes(match[1]!)) keys.push(match[1]!);
  // Positional parameters are sent in their number's order, whatever order the text shows them in.
  return keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)) : keys;
}

/** A template variable's key for a text header's variable ('header.1') and a link button's suffix ('button.0'). */
export const HEADER_KEY = 'header.';
export const BUTTON_KEY = 'button.';

const placeholders = (text: string): string[] => {
  const keys: string[] = [];
  for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) if (!keys.includes(match[1]!)) keys.push(match[1]!);
  return keys;
};

/**
 * Every variable a send of the template must fill, in Meta's component order: the text header's
 * ('header.1'), the body's (templateBodyVariables) and each link button's one suffix ('button.0'
 * for the button at index 0). Meta refuses a send that leaves a header or button variable
 * unfilled (#132000), so a campaign maps all of them.
 */
export function templateVariableKeys(components: unknown): string[] {
  const list = Array.isArray(components) ? (components as Array<{ type?: unknown; format?: unknown; text?: unknown; buttons?: unknown }>) : [];
  const header = list.find((c) => String(c.type).toUpperCase() === 'HEADER' && (c.format === undefined || String(c.format).toUpperCase() === 'TEXT'));
  const buttons = list.find((c) => String(c.type).toUpperCase() === 'BUTTONS')?.buttons;
  const buttonKeys = (Array.isArray(buttons) ? (buttons as Array<{ type?: unknown; url?: unknown }>) : []).flatMap((button, index) =>
    String(button.type).toUpperCase() === 'URL' && typeof button.url === 'string' && placeholders(button.url).length > 0 ? [`${BUTTON_KEY}${index}`] : [],
  );
  return [...(typeof header?.text === 'string' ? placeholders(header.text).map((key) => `${HEADER_KEY}${key}`) : []), ...templateBodyVariables(components), ...buttonKeys];
}

const byNumber = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : 0);

/**
 * The Cloud API components of a template send (Meta's order: header, body, link buttons) for
 * variables keyed as templateVariableKeys names them, each variable's text given by `valueOf`
 * (a campaign takes it from each contact, a schedule from what was typed).
 */
export function templateSendComponents<V extends { key: string }>(variables: readonly V[], valueOf: (variable: V) => string): Array<Record<string, unknown>> {
  const parameter = (key: string, v: V) => (/^\d+$/.test(key) ? { type: 'text', text: valueOf(v) } : { type: 'text', parameter_name: key, text: valueOf(v) });
  const part = (prefix: string) =>
    variables
      .filter((v) => v.key.startsWith(prefix))
      .map((v) => ({ key: v.key.slice(prefix.length), v }))
      .sort((a, b) => byNumber(a.key, b.key));
  const header = part(HEADER_KEY);
  const body = variables.filter((v) => !v.key.startsWith(HEADER_KEY) && !v.key.startsWith(BUTTON_KEY)).map((v) => ({ key: v.key, v })).sort((a, b) => byNumber(a.key, b.key));
  const buttons = part(BUTTON_KEY).filter((b) => /^\d+$/.test(b.key));
  return [
    ...(header.length > 0 ? [{ type: 'header', parameters: header.map(({ key, v }) => parameter(key, v)) }] : []),
    ...(body.length > 0 ? [{ type: 'body', parameters: body.map(({ key, v }) => parameter(key, v)) }] : []),
    ...buttons.map(({ key, v }) => ({ type: 'button', sub_type: 'url', index: key, parameters: [{ type: 'text', text: valueOf(v) }] })),
  ];
}

/**
 * The values a template send's components carry, keyed as templateVariableKeys names them: what
 * templateSendComponents built, read back (positional parameters by their place, named by name).
 */
export function templateSendValues(components: unknown): Array<{ key: string; value: string }> {
  type Sent = { type?: unknown; sub_type?: unknown; index?: unknown; parameters?: Array<{ text?: unknown; parameter_name?: unknown }> };
  const list = Array.isArray(components) ? (components as Sent[]) : [];
  const text = (p: { text?: unknown } | undefined) => (typeof p?.text === 'string' ? p.text : '');
  const of = (type: string) => list.find((c) => String(c.type).toLowerCase() === type)?.parameters ?? [];
  const keyed = (prefix: string, params: NonNullable<Sent['parameters']>) =>
    params.map((p, index) => ({ key: `${prefix}${typeof p.parameter_name === 'string' ? p.parameter_name : String(index + 1)}`, value: text(p) }));
  const buttons = list.flatMap((c) =>
    String(c.type).toLowerCase() === 'button' && String(c.sub_type).toLowerCase() === 'url' && /^\d+$/.test(String(c.index))
      ? [{ key: `${BUTTON_KEY}${String(c.index)}`, value: text(c.parameters?.[0]) }]
      : [],
  );
  return [...keyed(HEADER_KEY, of('header')), ...keyed('', of('body')), ...buttons];
}

/** The template's variables a send's components leave unfilled (Meta refuses such a send, #132000). */
export function unfilledTemplateVariables(listedComponents: unknown, sendComponents: unknown): string[] {
  const filled = new Map(templateSendValues(sendComponents).map(({ key, value }) => [key, value.trim()]));
  return templateVariableKeys(listedComponents).filter((key) => !filled.get(key));
}

/** A variable's pt-BR label in the forms that fill a template (campaigns, scheduled messages). */
export const templateVariableLabel = (key: string): string =>
  key.startsWith(HEADER_KEY)
    ? `Cabeçalho {{${key.slice(HEADER_KEY.length)}}}`
    : key.startsWith(BUTTON_KEY)
      ? `Link do botão ${Number(key.slice(BUTTON_KEY.length)) + 1}`
      : `Variável {{${key}}}`;
