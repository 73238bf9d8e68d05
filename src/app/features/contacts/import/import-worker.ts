/// <reference lib="webworker" />
import Papa from 'papaparse';
import { prepareImport, type ColumnMapping, type PreparedImport } from './import-rows';

/**
 * Parses and checks a whole CSV off the page's thread, so a file of 50,000 rows never freezes the
 * screen: papaparse reads it here, prepareImport checks and dedupes, and the page only sends.
 */
export interface ImportJob {
  file: File;
  mapping: ColumnMapping;
}

export type ImportWorkerReply =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; prepared: Omit<PreparedImport, 'cells'> & { cells: Array<[number, string[]]> } }
  | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: ImportWorkerReply) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<ImportJob>) => {
  const { file, mapping } = event.data;
  const table: string[][] = [];
  let lastReport = 0;
  Papa.parse<string[]>(file, {
    skipEmptyLines: 'greedy',
    chunkSize: 1024 * 256,
    chunk: (results) => {
      for (const row of results.data) table.push(row);
      const fraction = file.size > 0 ? Math.min(1, results.meta.cursor / file.size) : 1;
      if (fraction - lastReport >= 0.05) {
        lastReport = fraction;
        reply({ type: 'progress', fraction });
      }
    },
    complete: () => {
      const prepared = prepareImport(table, mapping);
      reply({ type: 'done', prepared: { ...prepared, cells: [...prepared.cells.entries()] } });
    },
    error: (error) => reply({ type: 'error', message: error.message }),
  });
};
