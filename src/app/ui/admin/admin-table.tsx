import 'mantine-datatable/styles.css';
import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ErrorState } from '../remote/load-states';
import { clientRows } from './client-rows';
import { ListToolbar } from './list-toolbar';
import type { ListFilter } from './list-toolbar';
import { RowActionsMenu } from './row-actions-menu';
import type { RowAction } from './row-actions-menu';
import type { ListParams } from './use-list-params';

export const ADMIN_PAGE_SIZE = 20;

/** The server pages: `records` is the current page, `total` all matches. */
interface ServerPaging {
  mode: 'server';
  total: number;
}

/** All records are loaded; the table searches, filters, sorts and pages them itself. */
interface ClientPaging<T, F extends string> {
  mode: 'client';
  matches?: (record: T, foldedSearch: string, filters: ListParams<F>['filters']) => boolean;
}

export interface AdminTableProps<T, F extends string> {
  /** What the table reads: usually a useGqlQuery result. */
  query: { data: readonly T[] | undefined; isLoading: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  params: ListParams<F>;
  paging: ServerPaging | ClientPaging<T, F>;
  columns: Array<DataTableColumn<T>>;
  /** A row's name for screen readers ('Ações de Carla'). */
  rowLabel: (record: T) => string;
  idAccessor?: (record: T) => string;
  searchLabel?: string;
  filters?: ReadonlyArray<ListFilter<F>>;
  rowActions?: (record: T) => RowAction[];
  /** With it, rows get checkboxes and the bar shows these actions for the chosen ones. */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
  /** When there is nothing at all: what this list holds and how to add the first one. */
  empty: { title: string; hint: string; action?: ReactNode };
  errorTitle: string;
  onRowClick?: (record: T) => void;
  pageSize?: number;
}

/**
 * The list of an admin screen (DESIGN §5a) over mantine-datatable: search and filters in the URL,
 * server or client paging, sorting, a row actions menu, bulk selection, and the three states
 * (loading, empty that says what to do, error with retry).
 *
 *   <AdminTable query={users} params={params} paging={{ mode: 'client', matches }} columns={columns}
 *     rowLabel={(u) => u.name} searchLabel="Buscar usuário" filters={filters} rowActions={actionsOf}
 *     empty={{ title: 'Nenhum usuário', hint: 'Crie o primeiro com “Novo usuário”.' }} errorTitle="Não foi possível carregar os usuários" />
 */
export function AdminTable<T, F extends string = string>(props: AdminTableProps<T, F>) {
  const { query, params, paging, rowActions, bulkActions } = props;
  const pageSize = props.pageSize ?? ADMIN_PAGE_SIZE;
  const idOf = props.idAccessor ?? ((record: T) => String((record as { id: unknown }).id));
  const [selected, setSelected] = useState<T[]>([]);

  if (query.error && !query.data) {
    return (
      <Stack gap="md">
        <ListToolbar params={params} searchLabel={props.searchLabel} filters={props.filters} />
        <ErrorState title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }

  const all = query.data ?? [];
  const shown =
    paging.mode === 'client'
      ? clientRows({ records: all, params, pageSize, matches: paging.matches })
      : { rows: [...all], total: paging.total, page: params.page };
  const nothingAtAll = !query.isLoading && shown.total === 0 && !params.narrowed;
  const selectedIds = new Set(selected.map(idOf));
  const visibleSelection = shown.rows.filter((record) => selectedIds.has(idOf(record)));

  const columns: Array<DataTableColumn<T>> = rowActions
    ? [
        ...props.columns,
        {
          accessor: '__actions',
          title: <VisuallyHidden>Ações</VisuallyHidden>,
          textAlign: 'right',
          width: 64,
          render: (record) => <RowActionsMenu label={`Ações de ${props.rowLabel(record)}`} actions={rowActions(record)} />,
        },
      ]
    : props.columns;

  const sortStatus: DataTableSortStatus<T> | undefined = params.sort
    ? { columnAccessor: params.sort.column, direction: params.sort.direction }
    : undefined;

  return (
    <Stack gap="md">
      <ListToolbar params={params} searchLabel={props.searchLabel} filters={props.filters} />
      {bulkActions && visibleSelection.length > 0 ? (
        <Paper withBorder p="xs" radius="md" role="region" aria-label="Ações em lote">
          <Group gap="sm">
            <Text size="sm" fw={500}>
              {visibleSelection.length === 1 ? '1 selecionado' : `${visibleSelection.length} selecionados`}
            </Text>
            {bulkActions(visibleSelection, () => setSelected([]))}
            <Button variant="subtle" size="xs" onClick={() => setSelected([])}>
              Limpar seleção
            </Button>
          </Group>
        </Paper>
      ) : null}
      {nothingAtAll ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{props.empty.title}</Text>
            <Text c="dimmed" maw={620}>
              {props.empty.hint}
            </Text>
            {props.empty.action}
          </Stack>
        </Paper>
      ) : (
        <DataTable<T>
          withTableBorder
          borderRadius="md"
          highlightOnHover
          minHeight={shown.rows.length === 0 ? 180 : undefined}
          records={shown.rows}
          columns={columns}
          idAccessor={(record) => idOf(record)}
          fetching={query.isLoading || (query.isFetching && paging.mode === 'server')}
          loadingText="Carregando…"
          noRecordsText={params.narrowed ? 'Nada encontrado com esta busca ou estes filtros.' : 'Nenhum registro.'}
          sortStatus={sortStatus as DataTableSortStatus<T>}
          onSortStatusChange={(status) => params.setSort(String(status.columnAccessor), status.direction)}
          totalRecords={shown.total}
          recordsPerPage={pageSize}
          page={shown.page}
          onPageChange={params.setPage}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} de ${totalRecords}`}
          getPaginationControlProps={(control) =>
            control === 'previous' ? { 'aria-label': 'Página anterior' } : control === 'next' ? { 'aria-label': 'Próxima página' } : {}
          }
          onRowClick={props.onRowClick ? ({ record }) => props.onRowClick?.(record) : undefined}
          {...(bulkActions
            ? {
                selectedRecords: visibleSelection,
                onSelectedRecordsChange: setSelected,
                allRecordsSelectionCheckboxProps: { 'aria-label': 'Selecionar todos desta página' },
                selectionCheckboxProps: { 'aria-label': 'Selecionar linha' },
                getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': `Selecionar ${props.rowLabel(record)}` }),
              }
            : {})}
        />
      )}
    </Stack>
  );
}
