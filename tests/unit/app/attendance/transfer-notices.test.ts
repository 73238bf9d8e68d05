import { describe, expect, it } from 'vitest';
import {
  addNotice,
  noticeFor,
  removeNotice,
  transferCause,
  type TransferEvent,
} from '../../../../src/app/features/attendance/model/transfer-notices';

const event = (extra: Partial<TransferEvent> = {}): TransferEvent => ({
  ticketId: '10',
  customerName: 'Maria',
  nextUserId: '3',
  nextUserName: 'Bruno',
  previousUserId: '2',
  previousUserName: 'Ana',
  triggerUserId: '2',
  triggerUserName: 'Ana',
  ...extra,
});

describe('noticeFor', () => {
  it('tells the receiver "Atendimento Recebido" and the previous owner "Atendimento Transferido"', () => {
    const e = event({ triggerUserId: '5', triggerUserName: 'Carla' });
    expect(noticeFor(e, '3', 0)).toMatchObject({ kind: 'received', title: 'Atendimento Recebido', ticketId: '10' });
    expect(noticeFor(e, '3', 0)?.message).toBe('Carla transferiu para você o atendimento de Maria.');
    expect(noticeFor(e, '2', 0)).toMatchObject({ kind: 'transferred', title: 'Atendimento Transferido' });
    expect(noticeFor(e, '2', 0)?.message).toBe('Carla transferiu o atendimento de Maria para Bruno.');
  });

  it('says nothing to the user who made the transfer, nor to bystanders', () => {
    expect(noticeFor(event(), '2', 0)).toBeNull();
    expect(noticeFor(event(), '7', 0)).toBeNull();
  });

  it('has its own text for a transfer for lack of response and for a removed attendant', () => {
    const noResponse = event({ triggerUserId: null, triggerUserName: null });
    expect(transferCause(noResponse)).toBe('no_response');
    expect(noticeFor(noResponse, '3', 0)?.message).toBe(
      'O atendimento de Maria foi transferido para você por falta de resposta de Ana.',
    );
    const removed = event({ triggerUserId: null, triggerUserName: null, attendantRemoved: true });
    expect(transferCause(removed)).toBe('attendant_removed');
    expect(noticeFor(removed, '3', 0)?.message).toBe(
      'O atendimento de Maria foi transferido para você porque Ana foi removido(a) do atendimento.',
    );
    expect(noticeFor(removed, '2', 0)?.message).toBe(
      'O atendimento de Maria foi transferido para Bruno porque o atendente foi removido.',
    );
  });

  it("tells user id 1 and the removed attendant when a deleted attendant's ticket went back to the Fila", () => {
    const backToFila = event({ nextUserId: null, nextUserName: null, triggerUserId: null, triggerUserName: null, attendantRemoved: true });
    expect(noticeFor(backToFila, '1', 0)).toMatchObject({
      kind: 'transferred',
      message: 'O atendimento de Maria voltou para a fila do departamento porque Ana foi removido(a).',
    });
    expect(noticeFor(backToFila, '2', 0)?.kind).toBe('transferred');
    expect(noticeFor(backToFila, '3', 0)).toBeNull();
  });

  it('tells user id 1 when the ticket had no previous owner', () => {
    const fromInbox = event({ previousUserId: null, previousUserName: null, triggerUserId: '5', triggerUserName: 'Carla' });
    expect(noticeFor(fromInbox, '1', 0)).toMatchObject({ kind: 'transferred', title: 'Atendimento Transferido' });
  });
});

describe('notice list', () => {
  const n = (ticketId: string, title: string) => ({ ticketId, title, kind: 'received' as const, message: '', at: 0 });
  it('keeps one notice per ticket, the newest first', () => {
    const list = addNotice(addNotice(addNotice([], n('1', 'a')), n('2', 'b')), n('1', 'c'));
    expect(list.map((x) => [x.ticketId, x.title])).toEqual([
      ['1', 'c'],
      ['2', 'b'],
    ]);
    expect(removeNotice(list, '1').map((x) => x.ticketId)).toEqual(['2']);
  });
});
