import type { ExportMatrix } from '../../../../shared/domain/metrics';

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** CSV with ';' (what a pt-BR spreadsheet opens as columns) and a BOM so accents survive. */
export async function downloadCsv(matrix: ExportMatrix, fileName: string): Promise<void> {
  const { unparse } = await import('papaparse');
  const text = unparse(matrix.map((line) => line.map((cell) => cell ?? '')), { delimiter: ';' });
  download(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** XLSX through exceljs, loaded only when someone exports (it is large). */
export async function downloadXlsx(matrix: ExportMatrix, fileName: string, sheetName: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  for (const line of matrix) sheet.addRow(line.map((cell) => cell ?? ''));
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  download(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
