import type { ListParams } from './use-list-params';

/** The value a row is sorted by: a column's accessor, dot paths allowed ('userDepartment.name'). */
export function valueAt(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[part];
  return value;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

const isEmpty = (value: unknown): boolean => value == null || value === '';

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Accent- and case-blind "contains" for the search box ('joao' finds 'João'). */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export interface ClientRowsInput<T, F extends string> {
  records: readonly T[];
  params: ListParams<F>;
  pageSize: number;
  /** Whether a record matches the search text (already folded) and the filters. */
  matches?: (record: T, search: string, filters: ListParams<F>['filters']) => boolean;
}

/** Client paging: search and filters, then sort (empty values last), then the page's slice. */
export function clientRows<T, F extends string>({ records, params, pageSize, matches }: ClientRowsInput<T, F>) {
  const search = foldText(params.search.trim());
  const matching = matches ? records.filter((record) => matches(record, search, params.filters)) : [...records];
  const sort = params.sort;
  if (sort) {
    const sign = sort.direction === 'desc' ? -1 : 1;
    matching.sort((a, b) => {
      const x = valueAt(a, sort.column);
      const y = valueAt(b, sort.column);
      if (isEmpty(x) || isEmpty(y)) return Number(isEmpty(x)) - Number(isEmpty(y));
      return sign * compare(x, y);
    });
  }
  const lastPage = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(params.page, lastPage);
  return { rows: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page };
}
