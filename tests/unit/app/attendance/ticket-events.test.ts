import { beforeEach, describe, expect, it } from 'vitest';
import { handleTicketEvent, type TicketEventPayload } from '../../../../src/app/features/attendance/data/use-ticket-events';
import { attendanceUi, initialAttendanceUi } from '../../../../src/app/features/attendance/state/attendance-store';

const transferred = (extra: Partial<TicketEventPayload> = {}): TicketEventPayload => ({
  kind: 'transferred',
  ticket_id: '10',
  instance_id: '1',
  customer_name: 'Maria',
  previous_user_id: '2',
  previous_user_name: 'Ana',
  next_user_id: '3',
  next_user_name: 'Bruno',
  trigger_user_id: '2',
  trigger_user_name: 'Ana',
  attendant_removed: false,
  ...extra,
});

describe('ticket events → notices', () => {
  beforeEach(() => Object.assign(attendanceUi, initialAttendanceUi()));

  it('gives the receiver one "Atendimento Recebido" per ticket however often the event comes', () => {
    handleTicketEvent(transferred(), '3', 1);
    handleTicketEvent(transferred(), '3', 2);
    expect(attendanceUi.notices).toHaveLength(1);
    expect(attendanceUi.notices[0]).toMatchObject({ title: 'Atendimento Recebido', ticketId: '10', at: 2 });
  });

  it('gives the previous owner "Atendimento Transferido" when someone else transferred', () => {
    handleTicketEvent(transferred({ trigger_user_id: '5', trigger_user_name: 'Carla' }), '2', 1);
    expect(attendanceUi.notices[0]).toMatchObject({ title: 'Atendimento Transferido', message: 'Carla transferiu o atendimento de Maria para Bruno.' });
  });

  it('ignores the events of one’s own transfers and research cancellations of others', () => {
    handleTicketEvent(transferred(), '2', 1);
    handleTicketEvent({ ...transferred(), kind: 'research_canceled' }, '7', 1);
    expect(attendanceUi.notices).toEqual([]);
  });
});
