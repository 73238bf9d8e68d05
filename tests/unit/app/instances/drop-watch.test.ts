import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DropTracker } from '../../../../src/app/features/instances/model/drop-tracker';
import type { InstanceSummary } from '../../../../src/app/features/instances/model/instance';
import { connectionDroppedNotice } from '../../../../src/app/features/instances/watch/show-connection-dropped';
import { DROP_POLL_INTERVAL_MS, startDropWatch } from '../../../../src/app/features/instances/watch/drop-watch';
import type { InstanceStream, StreamStatus } from '../../../../src/app/features/instances/watch/drop-watch';

const loja = (activated: boolean): InstanceSummary => ({ id: '1', name: 'Loja Centro', activated, phone_number: '5511987654321' });

function fakeStream() {
  let onChange: (i: InstanceSummary) => void = () => undefined;
  let onError: (e: unknown) => void = () => undefined;
  let onStatus: (s: StreamStatus) => void = () => undefined;
  let onReconnect: () => void = () => undefined;
  const stream: InstanceStream = {
    subscribe: (change, error) => {
      onChange = change;
      onError = error;
      return () => undefined;
    },
    status: (listener) => {
      onStatus = listener;
      listener('connected');
      return () => undefined;
    },
    reconnected: (listener) => {
      onReconnect = listener;
      return () => undefined;
    },
  };
  return {
    stream,
    emit: (i: InstanceSummary) => onChange(i),
    fail: () => onError(new Error('no subscription')),
    status: (s: StreamStatus) => onStatus(s),
    reconnect: () => onReconnect(),
  };
}

describe('DropTracker', () => {
  it('reports activated true → false once, and never a connection first seen down', () => {
    const tracker = new DropTracker();
    expect(tracker.observe(loja(false))).toBe(false);
    expect(tracker.observe(loja(true))).toBe(false);
    expect(tracker.observe(loja(false))).toBe(true);
    expect(tracker.observe(loja(false))).toBe(false);
  });
});

describe('drop notice text', () => {
  it('names the connection and its formatted number (SPEC §8)', () => {
    expect(connectionDroppedNotice(loja(false))).toEqual({
      title: 'Conexão desconectada!',
      message: 'A conexão Loja Centro com o chip (11) 98765-4321 caiu. Verifique o celular ou reconecte.',
    });
  });
});

describe('startDropWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('notifies a drop arriving on the stream, once', async () => {
    const list = vi.fn(async () => [loja(true)]);
    const onDrop = vi.fn();
    const s = fakeStream();
    const stop = startDropWatch({ list, stream: s.stream, onDrop, isOnline: () => true });
    await vi.advanceTimersByTimeAsync(0);
    s.emit(loja(false));
    s.emit(loja(false));
    expect(onDrop).toHaveBeenCalledTimes(1);
    expect(onDrop).toHaveBeenCalledWith(loja(false));
    await vi.advanceTimersByTimeAsync(DROP_POLL_INTERVAL_MS * 3);
    expect(list).toHaveBeenCalledTimes(1);
    stop();
  });

  it('falls back to reading the list every 15 s when the server offers no stream', async () => {
    const states = [true, true, false];
    const list = vi.fn(async () => [loja(states.shift() ?? false)]);
    const onDrop = vi.fn();
    const s = fakeStream();
    const stop = startDropWatch({ list, stream: s.stream, onDrop, isOnline: () => true });
    s.fail();
    await vi.advanceTimersByTimeAsync(DROP_POLL_INTERVAL_MS - 1);
    expect(list).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(list).toHaveBeenCalledTimes(2);
    expect(onDrop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DROP_POLL_INTERVAL_MS);
    expect(onDrop).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(DROP_POLL_INTERVAL_MS * 2);
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('does not poll while the browser is offline', async () => {
    const list = vi.fn(async () => [loja(true)]);
    let online = false;
    const stop = startDropWatch({ list, stream: null, onDrop: vi.fn(), isOnline: () => online });
    await vi.advanceTimersByTimeAsync(DROP_POLL_INTERVAL_MS * 2);
    expect(list).not.toHaveBeenCalled();
    online = true;
    await vi.advanceTimersByTimeAsync(DROP_POLL_INTERVAL_MS);
    expect(list).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reads the list after a reconnect, so a drop missed while the socket was down is still shown', async () => {
    const states = [true, false];
    const list = vi.fn(async () => [loja(states.shift() ?? false)]);
    const onDrop = vi.fn();
    const s = fakeStream();
    const stop = startDropWatch({ list, stream: s.stream, onDrop, isOnline: () => true });
    await vi.advanceTimersByTimeAsync(0);
    s.status('closed');
    s.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(onDrop).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tells of a drop that landed before its first read, when a screen had shown the connection up', async () => {
    const tracker = new DropTracker();
    tracker.observe(loja(true));
    const onDrop = vi.fn();
    const stop = startDropWatch({ list: async () => [loja(false)], stream: null, onDrop, isOnline: () => true, tracker });
    await vi.advanceTimersByTimeAsync(0);
    expect(onDrop).toHaveBeenCalledWith(loja(false));
    stop();
  });

  it('learns without a notice on its first read when nothing had shown the connection up', async () => {
    const onDrop = vi.fn();
    const stop = startDropWatch({ list: async () => [loja(false)], stream: null, onDrop, isOnline: () => true });
    await vi.advanceTimersByTimeAsync(0);
    expect(onDrop).not.toHaveBeenCalled();
    stop();
  });
});
