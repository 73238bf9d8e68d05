import { fromDexieToStorage } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { fromDexieRecord } from '../../../../src/app/data/database/from-dexie-record';

/** Records as Dexie stores them: indexed booleans as '1' / '0', keys starting with '|' as '__'. */
const records = (): Record<string, unknown>[] => [
  {
    id: '1001',
    _deleted: '0',
    customer_id: '7',
    message: 'Olá',
    is_temp: false,
    sent_at: '2026-11-29T12:00:00.000Z',
    _meta: { lwt: 1795957433534.01 },
    _attachments: {},
    _rev: '1-abc',
  },
  {
    id: '1002',
    _deleted: '1',
    category_ids: ['3', '4'],
    group_of_customer: { id: '2', name: 'VIP', color_tag: null },
    inbox: '1',
    nested: { flag: '0', list: [{ __piped: 'x' }, 5, null] },
    __top: 'y',
    'a.__b': 1,
    empty: null,
    _meta: { lwt: 1 },
  },
  { id: '1003', _deleted: '0', inbox: 'x' },
];

describe('a record read from IndexedDB, converted in place for RxDB', () => {
  it('is what RxDB’s own conversion gives, booleans and reverted keys included', () => {
    const booleanIndexes = ['_deleted', 'inbox', 'nested.flag', 'missing.flag'];
    const expected = records().map((record) => fromDexieToStorage(booleanIndexes, record));
    const converted = records().map((record) => fromDexieRecord(booleanIndexes, record));
    expect(converted).toEqual(expected);
    expect(converted.map((doc) => Object.keys(doc))).toEqual(expected.map((doc) => Object.keys(doc)));
    expect((converted[1] as unknown as { __top?: string; '|top'?: string })['|top']).toBe('y');
    expect((converted[0] as unknown as { _deleted: boolean })._deleted).toBe(false);
  });

  it('keeps the record it was given when no key changes', () => {
    const record = records()[0]!;
    expect(fromDexieRecord(['_deleted'], record)).toBe(record);
  });
});
