import { CONTACT_FIELDS, type ContactField } from './flow-schema';

const PLACEHOLDER = /\{\{\s*([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)\s*\}\}/gi;

const isContactField = (value: string): value is ContactField => (CONTACT_FIELDS as readonly string[]).includes(value);

/**
 * Fills `{{variable}}` and `{{contact.name}}` in a flow's text; an unknown or empty name becomes
 * empty text rather than the raw braces, which a customer should never see.
 */
export function interpolate(text: string, variables: Readonly<Record<string, string>>, contact: Readonly<Partial<Record<ContactField, string | null>>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    if (name.startsWith('contact.')) {
      const field = name.slice('contact.'.length);
      return isContactField(field) ? (contact[field] ?? '') : '';
    }
    return variables[name] ?? '';
  });
}
