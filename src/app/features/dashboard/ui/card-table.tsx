import { DataTable, type DataTableProps } from 'mantine-datatable';

/**
 * A report's table inside a card, under the card's title. mantine-datatable takes 100 % of its
 * parent's height by default, which pushes it past the bottom of a card that also holds a title
 * (over the next card); this one takes its own height, with room for the empty message.
 */
export function CardTable<T>(props: DataTableProps<T>) {
  return <DataTable<T> fz="sm" striped height="auto" minHeight={120} {...props} />;
}
