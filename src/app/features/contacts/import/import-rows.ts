import { IMPORT_FIELDS, ImportDeduper, checkImportRow, importTexts, type ImportField, type ImportRow, type ImportValues } from '../../../../shared/domain/contact-import';

/** Which CSV column (index) feeds each contact field; null = not imported. */
export type ColumnMapping = Record<ImportField, number | null>;

export interface RefusedRow {
  line: number;
  reason: string;
  cells: string[];
}

export interface PreparedImport {
  header: string[];
  /** Rows to send, in file order, each unique by phone within the file. */
  rows: ImportRow[];
  /** The original cells of every row to send, by line, for a refusal the server may add. */
  cells: Map<number, string[]>;
  refused: RefusedRow[];
}

const GUESSES: Record<ImportField, RegExp> = {
  name: /^(nome|name|cliente|contato)/i,
  phone_number: /(telefone|celular|fone|whats|phone|n[uú]mero)/i,
  document_register: /(cpf|cnpj|documento|document)/i,
  address: /(endere[cç]o|address|rua)/i,
  group: /(grupo|group)/i,
  open_field: /(observa|obs|campo|nota|note)/i,
};

/** A first mapping from the header's names; the user corrects it on the mapping step. */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ColumnMapping;
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const index = header.findIndex((name, i) => !taken.has(i) && GUESSES[field].test(name.trim()));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/**
 * Checks every data row of a parsed file (the header is line 1) and drops repeats of a phone
 * already in the file, so only rows the server can take are sent and each refusal says why.
 */
export function prepareImport(table: readonly string[][], mapping: ColumnMapping): PreparedImport {
  const [header = [], ...data] = table;
  const deduper = new ImportDeduper();
  const prepared: PreparedImport = { header: [...header], rows: [], cells: new Map(), refused: [] };
  data.forEach((cells, index) => {
    const line = index + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const values: ImportValues = {};
    for (const field of IMPORT_FIELDS) {
      const column = mapping[field];
      if (column !== null) values[field] = cells[column] ?? '';
    }
    const check = checkImportRow(line, values);
    if (!check.ok) {
      prepared.refused.push({ line, reason: check.reason, cells });
      return;
    }
    const first = deduper.firstLineOf(check.row);
    if (first !== null) {
      prepared.refused.push({ line, reason: importTexts.duplicate(first), cells });
      return;
    }
    prepared.rows.push(check.row);
    prepared.cells.set(line, cells);
  });
  return prepared;
}
