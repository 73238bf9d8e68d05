import { isPlausiblePhone } from '../contact-import';
import { normalizePhone } from '../phone';
import { templateSendComponents } from '../template-variables';

/**
 * A campaign's CSV of numbers (issue 15 §4): the phone column is the one named telefone / phone /
 * numero / celular / whatsapp, else the first; a nome / name column names contacts not yet known.
 * Separators ';' or ','; a first line without any digit is a header.
 */
export interface CsvRecipient {
  phone: string;
  name: string | null;
}

export interface ParsedAudienceCsv {
  recipients: CsvRecipient[];
  /** Lines whose number is not a plausible phone. */
  invalid: number;
}

const PHONE_HEADERS = ['telefone', 'phone', 'phone_number', 'numero', 'número', 'celular', 'whatsapp', 'fone'];
const NAME_HEADERS = ['nome', 'name'];

export function parseAudienceCsv(text: string): ParsedAudienceCsv {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return { recipients: [], invalid: 0 };
  const separator = (lines[0]!.match(/;/g)?.length ?? 0) >= (lines[0]!.match(/,/g)?.length ?? 0) ? ';' : ',';
  const cells = (line: string) => line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
  let phoneColumn = 0;
  let nameColumn = -1;
  let body = lines;
  const first = cells(lines[0]!);
  if (!/\d/.test(lines[0]!)) {
    const lower = first.map((cell) => cell.toLowerCase());
    const phone = lower.findIndex((cell) => PHONE_HEADERS.includes(cell));
    phoneColumn = phone >= 0 ? phone : 0;
    nameColumn = lower.findIndex((cell) => NAME_HEADERS.includes(cell));
    body = lines.slice(1);
  }
  const recipients: CsvRecipient[] = [];
  let invalid = 0;
  for (const line of body) {
    const row = cells(line);
    const phone = normalizePhone(row[phoneColumn] ?? '');
    if (!isPlausiblePhone(phone)) {
      invalid++;
      continue;
    }
    recipients.push({ phone, name: nameColumn >= 0 ? row[nameColumn] || null : null });
  }
  return { recipients, invalid };
}

/** Contact fields a template variable may take its value from. */
export const CONTACT_FIELDS = ['name', 'first_name', 'phone_number', 'address', 'document_register', 'open_field', 'group'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_FIELD_LABELS: Readonly<Record<ContactField, string>> = {
  name: 'Nome',
  first_name: 'Primeiro nome',
  phone_number: 'Telefone',
  address: 'Endereço',
  document_register: 'Documento',
  open_field: 'Campo livre',
  group: 'Grupo',
};

export interface TemplateVariable {
  key: string;
  field?: string | null;
  value?: string | null;
}

export type ContactValues = Partial<Record<ContactField, string | null>>;

/** A variable's text for one contact: its field's value, else the fixed value, else '-' (Meta refuses empty parameters). */
export function variableValue(variable: TemplateVariable, contact: ContactValues): string {
  const field = variable.field as ContactField | null | undefined;
  const fromField =
    field === 'first_name' ? (contact.name ?? '').trim().split(/\s+/)[0] : field && (CONTACT_FIELDS as readonly string[]).includes(field) ? contact[field] : null;
  return (fromField ?? '').trim() || (variable.value ?? '').trim() || '-';
}

/**
 * The Cloud API components of a template send (Meta's order: header, body, link buttons), each
 * variable filled from the contact. Keys: body variables as the template names them (POSITIONAL
 * digits, NAMED names), 'header.<key>' for the text header's, 'button.<index>' for a link button's
 * suffix (template-variables.ts).
 */
export function templateComponents(variables: readonly TemplateVariable[], contact: ContactValues): Array<Record<string, unknown>> {
  return templateSendComponents(variables, (v) => variableValue(v, contact));
}

/** Sandbox texts may name contact fields as {{nome}} / {{name}}: filled per recipient. */
export function fillContactText(text: string, contact: ContactValues): string {
  return text.replace(/\{\{\s*(nome|name|primeiro_nome|first_name|telefone|phone_number)\s*\}\}/gi, (_, key: string) => {
    const k = key.toLowerCase();
    const field: ContactField = k === 'nome' || k === 'name' ? 'name' : k === 'telefone' || k === 'phone_number' ? 'phone_number' : 'first_name';
    return variableValue({ key: k, field, value: '' }, contact).replace(/^-$/, '');
  });
}
