import { describe, expect, it } from 'vitest';
import { clientRows, foldText, valueAt } from '../../../../src/app/ui/admin/client-rows';
import type { ListParams } from '../../../../src/app/ui/admin/use-list-params';

type Row = { id: number; name: string; department: { name: string } | null; open: number };

const rows: Row[] = [
  { id: 1, name: 'João', department: { name: 'Vendas' }, open: 3 },
  { id: 2, name: 'ana', department: null, open: 0 },
  { id: 3, name: 'Bruno', department: { name: 'Suporte' }, open: 12 },
  { id: 4, name: 'Álvaro', department: { name: 'Vendas' }, open: 1 },
];

const params = (over: Partial<ListParams<'department'>> = {}): ListParams<'department'> => ({
  search: '',
  filters: { department: null },
  page: 1,
  sort: null,
  setSearch: () => undefined,
  setFilter: () => undefined,
  setPage: () => undefined,
  setSort: () => undefined,
  reset: () => undefined,
  narrowed: false,
  ...over,
});

const matches = (row: Row, search: string, filters: ListParams<'department'>['filters']) =>
  foldText(row.name).includes(search) && (filters.department === null || row.department?.name === filters.department);

describe('client paging of the admin table', () => {
  it('searches without accents or case and filters', () => {
    expect(clientRows({ records: rows, params: params({ search: 'JOAO' }), pageSize: 10, matches }).rows.map((r) => r.id)).toEqual([1]);
    expect(clientRows({ records: rows, params: params({ filters: { department: 'Vendas' } }), pageSize: 10, matches }).total).toBe(2);
  });

  it('sorts text the pt-BR way, numbers as numbers, and empty values last either way', () => {
    const byName = clientRows({ records: rows, params: params({ sort: { column: 'name', direction: 'asc' } }), pageSize: 10 });
    expect(byName.rows.map((r) => r.name)).toEqual(['Álvaro', 'ana', 'Bruno', 'João']);
    const byOpen = clientRows({ records: rows, params: params({ sort: { column: 'open', direction: 'desc' } }), pageSize: 10 });
    expect(byOpen.rows.map((r) => r.open)).toEqual([12, 3, 1, 0]);
    const byDepartment = clientRows({ records: rows, params: params({ sort: { column: 'department.name', direction: 'asc' } }), pageSize: 10 });
    expect(byDepartment.rows.at(-1)?.id).toBe(2);
    const byDepartmentDesc = clientRows({ records: rows, params: params({ sort: { column: 'department.name', direction: 'desc' } }), pageSize: 10 });
    expect(byDepartmentDesc.rows.map((r) => r.department?.name ?? null)).toEqual(['Vendas', 'Vendas', 'Suporte', null]);
  });

  it('pages, and a page past the end shows the last one', () => {
    const second = clientRows({ records: rows, params: params({ page: 2 }), pageSize: 3 });
    expect(second).toMatchObject({ total: 4, page: 2 });
    expect(second.rows.map((r) => r.id)).toEqual([4]);
    expect(clientRows({ records: rows, params: params({ page: 9 }), pageSize: 3 }).page).toBe(2);
  });

  it('reads dotted paths', () => {
    expect(valueAt(rows[0], 'department.name')).toBe('Vendas');
    expect(valueAt(rows[1], 'department.name')).toBeUndefined();
  });
});
