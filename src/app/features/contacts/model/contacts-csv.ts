import Papa from 'papaparse';
import type { Contact } from '../../../../shared/graphql/generated';
import { t } from '../texts';

const yes = (value: boolean) => (value ? 'sim' : 'não');

/** The filtered list as a CSV a spreadsheet opens (the header in pt-BR, phones as stored digits). */
export function contactsCsv(contacts: readonly Contact[]): string {
  return Papa.unparse({
    fields: [...t.export.headers],
    data: contacts.map((c) => [
      c.name ?? '',
      c.phone_number,
      c.document_register ?? '',
      c.address ?? '',
      c.group_of_customer?.name ?? '',
      c.open_field ?? '',
      yes(c.is_favorite),
      yes(c.is_blacklisted),
      yes(c.is_blacklisted_campaign),
      c.created_at,
    ]),
  });
}


/** Offers text as a file download; the BOM makes spreadsheets read the accents as UTF-8. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
