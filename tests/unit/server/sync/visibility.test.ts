import { describe, expect, it } from 'vitest';
import { canSeeTicket } from '../../../../src/shared/domain/tickets';
import type { FeedCollection, FeedRow } from '../../../../src/server/sync/collections/feed';
import { transformRow, type SyncViewer } from '../../../../src/server/sync/visibility';

const admin: SyncViewer = { userId: 1, roleName: 'administrador', departmentId: null };
const ana: SyncViewer = { userId: 2, roleName: 'atendente', departmentId: 10 };
const carla: SyncViewer = { userId: 4, roleName: 'atendente', departmentId: null };

interface Doc {
  id: string;
  updatedAt: number;
  _deleted: boolean;
  secret: string;
}

const feed: FeedCollection<Doc> = {
  name: 'chattickets',
  read: async () => [],
  neutral: (id, updatedAt) => ({ id, updatedAt, _deleted: true, secret: '' }),
};

const row = (ticket: { user_id?: number | null; inbox?: boolean; inbox_department_id?: number | null }, visXid = 0, deleted = false): FeedRow<Doc> => ({
  cursor: { position: 50, id: 7 },
  doc: { id: '7', updatedAt: 123, _deleted: deleted, secret: 'dados do cliente' },
  visXid,
  audience: [{ id: 7, finished_ticket: false, inbox: false, ...ticket }],
});

describe('canSeeTicket (SPEC §4)', () => {
  it('lets administrador see every ticket', () => {
    expect(canSeeTicket({ id: 1, user_id: 9 }, admin)).toBe(true);
    expect(canSeeTicket({ id: 1, inbox: true, inbox_department_id: 99 }, admin)).toBe(true);
  });

  it('lets others see their own tickets, open or closed, and inbox tickets of their department only', () => {
    expect(canSeeTicket({ id: 1, user_id: 2, finished_ticket: true }, ana)).toBe(true);
    expect(canSeeTicket({ id: 1, user_id: 9 }, ana)).toBe(false);
    expect(canSeeTicket({ id: 1, inbox: true, inbox_department_id: 10 }, ana)).toBe(true);
    expect(canSeeTicket({ id: 1, inbox: true, inbox_department_id: 11 }, ana)).toBe(false);
    expect(canSeeTicket({ id: 1, inbox: true, inbox_department_id: null }, ana)).toBe(false);
    expect(canSeeTicket({ id: 1, inbox: true, inbox_department_id: null }, carla)).toBe(true);
    expect(canSeeTicket({ id: 1, inbox: true, inbox_department_id: 10 }, carla)).toBe(false);
    // A closed ticket is no longer in the inbox, whatever its flag says.
    expect(canSeeTicket({ id: 1, inbox: true, finished_ticket: true, inbox_department_id: 10 }, ana)).toBe(false);
  });
});

describe('visibility as a transform (DESIGN §4)', () => {
  const after = { position: 40, id: 0 };

  it('sends a visible row as it is, deletions included', () => {
    expect(transformRow(feed, row({ user_id: 2 }), ana, after)).toMatchObject({ secret: 'dados do cliente', _deleted: false });
    expect(transformRow(feed, row({ user_id: 2 }, 0, true), ana, after)).toMatchObject({ secret: 'dados do cliente', _deleted: true });
  });

  it('sends a neutral tombstone for a row whose visibility changed after the checkpoint', () => {
    expect(transformRow(feed, row({ inbox: true, inbox_department_id: 11 }, 45), ana, after)).toEqual({ id: '7', updatedAt: 123, _deleted: true, secret: '' });
  });

  it('sends nothing for a row the viewer never saw: unchanged visibility, or a first pull', () => {
    expect(transformRow(feed, row({ inbox: true, inbox_department_id: 11 }, 30), ana, after)).toBeNull();
    expect(transformRow(feed, row({ user_id: 9 }, 0), ana, after)).toBeNull();
    expect(transformRow(feed, row({ inbox: true, inbox_department_id: 11 }, 45), ana, { position: 0, id: 0 })).toBeNull();
  });
});
