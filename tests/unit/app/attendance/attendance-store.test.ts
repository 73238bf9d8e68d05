import { beforeEach, describe, expect, it } from 'vitest';
import {
  NOTICE_REMOVAL_MS,
  attendanceActions,
  attendanceUi,
  initialAttendanceUi,
} from '../../../../src/app/features/attendance/state/attendance-store';

const notice = (ticketId: string) => ({ ticketId, kind: 'received' as const, title: 'Atendimento Recebido', message: '', at: 0 });

describe('attendance UI store', () => {
  beforeEach(() => Object.assign(attendanceUi, initialAttendanceUi()));

  it('clears one notice after 300 ms, leaving the others', () => {
    attendanceActions.pushNotice(notice('1'));
    attendanceActions.pushNotice(notice('2'));
    const timers: Array<[() => void, number]> = [];
    attendanceActions.clearNotice('1', (fn, ms) => timers.push([fn, ms]));
    expect(attendanceUi.leaving).toEqual(['1']);
    expect(attendanceUi.notices).toHaveLength(2);
    expect(timers[0]?.[1]).toBe(NOTICE_REMOVAL_MS);
    timers[0]?.[0]();
    expect(attendanceUi.notices.map((n) => n.ticketId)).toEqual(['2']);
    expect(attendanceUi.leaving).toEqual([]);
  });

  it('does not schedule a second removal for a notice already leaving', () => {
    attendanceActions.pushNotice(notice('1'));
    const timers: unknown[] = [];
    attendanceActions.clearNotice('1', (fn) => timers.push(fn));
    attendanceActions.clearNotice('1', (fn) => timers.push(fn));
    expect(timers).toHaveLength(1);
  });

  it('resets the conversation tools when another ticket opens', () => {
    attendanceActions.select('1');
    attendanceActions.openMessageSearch(true);
    attendanceActions.setMessageSearch('pix');
    attendanceActions.setCommentMode(true);
    attendanceActions.select('2');
    expect(attendanceUi.messageSearch).toEqual({ open: false, query: '', index: 0 });
    expect(attendanceUi.commentMode).toBe(false);
  });

  it('steps through search hits around both ends', () => {
    attendanceActions.openMessageSearch(true);
    attendanceActions.stepMessageSearch(-1, 3);
    expect(attendanceUi.messageSearch.index).toBe(2);
    attendanceActions.stepMessageSearch(1, 3);
    expect(attendanceUi.messageSearch.index).toBe(0);
  });
});
