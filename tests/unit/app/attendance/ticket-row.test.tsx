import { describe, expect, it } from 'vitest';
import { TicketRow } from '../../../../src/app/features/attendance/list/ticket-row';
import { toTicketRow } from '../../../../src/app/features/attendance/list/ticket-row-model';
import { renderHtml } from './render-static';

describe('TicketRow', () => {
  const row = toTicketRow(
    { id: '7', instance_id: '1', customer_id: '3', last_msg: '2025-03-10T14:00:00.000Z', last_msg_preview: '*Oi*', unseenMsg: 2, isNotResponded: true, protocol: 'P-7', user: { id: '9', name: 'Ana' } },
    { id: '3', name: 'Maria', phone_number: '5511987654321', is_favorite: true },
    '2025-03-10T15:00:00.000Z',
  );

  it('names the row by customer and unseen count, and shows the markers', () => {
    const html = renderHtml(<TicketRow row={row} selected={false} onOpen={() => undefined} />);
    expect(html).toContain('aria-label="Maria, 2 mensagens não lidas"');
    expect(html).toContain('(11) 98765-4321');
    expect(html).toContain('Protocolo P-7');
    expect(html).toContain('não respondido');
    expect(html).toContain('1 hora');
    expect(html).toContain('Favorito');
    expect(html).toContain('Ana');
    expect(html).not.toContain('*Oi*');
  });

  it('marks the open ticket', () => {
    expect(renderHtml(<TicketRow row={row} selected onOpen={() => undefined} />)).toContain('aria-current="true"');
  });
});
