/** Meta template components as listed (HEADER/BODY/FOOTER with `text`). */
interface ListedComponent {
  type?: unknown;
  text?: unknown;
}

/** Send-time parameters (`{ type: 'body', parameters: [{ type: 'text', text, parameter_name? }] }`). */
interface SendComponent {
  type?: unknown;
  parameters?: Array<{ type?: unknown; text?: unknown; parameter_name?: unknown }>;
}

function fill(text: string, params: SendComponent['parameters']): string {
  const values = (params ?? []).filter((p) => p.type === 'text' && typeof p.text === 'string');
  return text.replace(/\{\{\s*([\w]+)\s*\}\}/g, (whole, key: string) => {
    const named = values.find((p) => p.parameter_name === key);
    const positional = /^\d+$/.test(key) ? values[Number(key) - 1] : undefined;
    const value = (named ?? positional)?.text;
    return typeof value === 'string' ? value : whole;
  });
}

/**
 * The text a template message shows in the conversation, as WhatsApp renders it: the listed
 * template's header, body and footer with the send's parameters filled in.
 */
export function renderTemplate(listed: readonly unknown[], send: readonly unknown[]): { header: string | null; body: string | null; footer: string | null } {
  const part = (type: string): string | null => {
    const component = (listed as ListedComponent[]).find((c) => String(c.type).toUpperCase() === type);
    if (typeof component?.text !== 'string') return null;
    const params = (send as SendComponent[]).find((c) => String(c.type).toUpperCase() === type)?.parameters;
    return fill(component.text, params);
  };
  return { header: part('HEADER'), body: part('BODY'), footer: part('FOOTER') };
}
