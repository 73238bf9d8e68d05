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
