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

/** The body's send parameters for these values (named ones carry their parameter_name); none: no component. */
export function bodyParameters(keys: readonly string[], values: Readonly<Record<string, string>>): Array<Record<string, unknown>> {
  if (keys.length === 0) return [];
  const named = keys.some((k) => !/^\d+$/.test(k));
  return [
    {
      type: 'body',
      parameters: keys.map((key) => ({ type: 'text', text: values[key] ?? '', ...(named ? { parameter_name: key } : {}) })),
    },
  ];
}

/** A campaign variable's key for a text header's variable ('header.1') and a link button's suffix ('button.0'). */
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
