import Papa from 'papaparse';
import { GraphqlRequestError } from '../../../api/request-error';
import { IMPORT_BATCH_SIZE } from '../../../../shared/domain/contact-import';
import type { ContactImportRow } from '../../../../shared/graphql/generated';
import { importContacts } from '../api/contact-operations';
import type { ColumnMapping, RefusedRow } from './import-rows';
import type { ImportWorkerReply } from './import-worker';
import { t } from '../texts';

export interface ImportProgress {
  phase: 'reading' | 'sending';
  /** 0..1 of the current phase. */
  fraction: number;
  sent: number;
  total: number;
}

export interface ImportSummary {
  created: number;
  updated: number;
  refused: RefusedRow[];
  header: string[];
}

/** Reads and checks the file in the worker (import-worker.ts) and answers what it prepared. */
function prepareInWorker(file: File, mapping: ColumnMapping, onProgress: (p: ImportProgress) => void, signal: AbortSignal) {
  return new Promise<Extract<ImportWorkerReply, { type: 'done' }>['prepared']>((resolve, reject) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => worker.terminate();
    signal.addEventListener('abort', () => {
      stop();
      reject(new DOMException('aborted', 'AbortError'));
    });
    worker.onmessage = (event: MessageEvent<ImportWorkerReply>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress({ phase: 'reading', fraction: message.fraction, sent: 0, total: 0 });
      else {
        stop();
        if (message.type === 'done') resolve(message.prepared);
        else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message));
    };
    worker.postMessage({ file, mapping });
  });
}

/**
 * The whole import: prepare in the worker, then send the rows in batches, one at a time, so the
 * server answers each in a short transaction and the bar moves. A batch the server refuses as a
 * whole (network, a forbidden character) marks its rows refused with that reason and the import
 * goes on.
 */
export async function runImport(tenant: string, file: File, mapping: ColumnMapping, onProgress: (p: ImportProgress) => void, signal: AbortSignal): Promise<ImportSummary> {
  const prepared = await prepareInWorker(file, mapping, onProgress, signal);
  const cells = new Map(prepared.cells);
  const summary: ImportSummary = { created: 0, updated: 0, refused: [...prepared.refused], header: prepared.header };
  const total = prepared.rows.length;
  onProgress({ phase: 'sending', fraction: 0, sent: 0, total });
  for (let start = 0; start < total; start += IMPORT_BATCH_SIZE) {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const batch: ContactImportRow[] = prepared.rows.slice(start, start + IMPORT_BATCH_SIZE);
    try {
      const result = await importContacts(tenant, batch, signal);
      summary.created += result.created;
      summary.updated += result.updated;
      for (const skip of result.skipped) summary.refused.push({ line: skip.line, reason: skip.reason, cells: cells.get(skip.line) ?? [] });
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = error instanceof GraphqlRequestError ? (error.detail ?? error.message) : t.import.batchFailed;
      for (const row of batch) summary.refused.push({ line: row.line, reason, cells: cells.get(row.line) ?? [] });
    }
    const sent = Math.min(total, start + IMPORT_BATCH_SIZE);
    onProgress({ phase: 'sending', fraction: total === 0 ? 1 : sent / total, sent, total });
  }
  summary.refused.sort((a, b) => a.line - b.line);
  return summary;
}

/** The refused rows as a CSV a spreadsheet opens: line, reason, then the file's own columns. */
export function refusedCsv(summary: ImportSummary): string {
  return Papa.unparse({
    fields: [t.import.lineColumn, t.import.reasonColumn, ...summary.header],
    data: summary.refused.map((row) => [String(row.line), row.reason, ...row.cells]),
  });
}
