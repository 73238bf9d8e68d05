import { useDebouncedValue } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Contact } from '../../../../shared/graphql/generated';
import type { RowAction } from '../../../ui/admin';
import { t } from '../texts';
import { ContactRow, GRID_COLUMNS, ROW_HEIGHT } from './contact-row';
import type { ContactWindow } from './use-contact-window';
import './contacts.css';

interface GridProps {
  rows: ContactWindow;
  /** Scrolls back to the top when it changes (another search or filter). */
  resetKey: string;
  /** The visible rows' indexes, once scrolling rests: the pages to read. */
  onRange: (first: number, last: number) => void;
  selected: ReadonlyMap<string, Contact>;
  onSelect: (contact: Contact, selected: boolean) => void;
  actions: (contact: Contact) => RowAction[];
}

/**
 * The contacts as one virtual list (@tanstack/react-virtual): the DOM holds the visible rows only,
 * and the pages under them are read as the user scrolls, so 100,000 contacts scroll like 100.
 */
export function ContactsGrid({ rows, resetKey, onRange, selected, onSelect, actions }: GridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.total ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  // A jump across the list (dragging the bar) reads only where it stops.
  const [rest] = useDebouncedValue(`${first}:${last}`, 60, { leading: true });
  useEffect(() => {
    const [from, to] = rest.split(':').map(Number);
    onRange(from ?? 0, to ?? 0);
  }, [rest, onRange]);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  return (
    <div className="contacts-grid" role="grid" aria-label={t.page.listLabel} aria-rowcount={(rows.total ?? 0) + 1} aria-busy={rows.loading}>
      <div className="contacts-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: GRID_COLUMNS }}>
        <span role="columnheader" />
        <span role="columnheader">{t.columns.name}</span>
        <span role="columnheader">{t.columns.phone}</span>
        <span role="columnheader">{t.columns.document}</span>
        <span role="columnheader">{t.columns.group}</span>
        <span role="columnheader">{t.columns.status}</span>
        <span role="columnheader" />
      </div>
      <div ref={scroller} className="contacts-scroller" data-testid="contacts-scroller" style={{ height: 'max(320px, calc(100dvh - 330px))' }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
          {items.map((item) => {
            const contact = rows.rowAt(item.index);
            return (
              <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                <ContactRow contact={contact} index={item.index} selected={!!contact && selected.has(contact.id)} onSelect={onSelect} actions={actions} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
