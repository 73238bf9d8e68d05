/** A column of an exported table: its header and how a row's cell reads. */
export interface ExportColumn<Row> {
  header: string;
  cell: (row: Row) => string | number | null;
}

export type ExportMatrix = Array<Array<string | number | null>>;

/** Header plus one line per row: what the CSV and the XLSX files hold, cell for cell. */
export function exportMatrix<Row>(rows: readonly Row[], columns: ReadonlyArray<ExportColumn<Row>>): ExportMatrix {
  return [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.cell(row)))];
}

const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * "analises_2026-11-01_a_2026-11-30_conexao-loja-demo.csv": the screen, the period and every
 * filter set, so a file says what it holds.
 */
export function exportFileName(screen: string, period: { from: string; to: string } | null, filters: Record<string, string | null | undefined>, extension: 'csv' | 'xlsx'): string {
  const parts = [slug(screen)];
  if (period) parts.push(period.from === period.to ? period.from : `${period.from}_a_${period.to}`);
  for (const [name, value] of Object.entries(filters)) if (value) parts.push(`${slug(name)}-${slug(value)}`);
  return `${parts.join('_').slice(0, 180)}.${extension}`;
}
