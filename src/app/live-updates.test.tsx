// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from '@/contract/live-change';
import { changeWords, openRecordOf, useLiveUpdates } from './live-updates';

/** Stands in for the browser's EventSource: the test dispatches the server's events by hand. */
class StubEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: StubEventSource[] = [];
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    super();
    StubEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = StubEventSource.CLOSED;
  }
  send(type: string, data: unknown, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

const change = (overrides: Partial<LiveChange> = {}): LiveChange => ({
  seq: 7,
  kind: 'order',
  reference: 'SO-1',
  status: 'FIN',
  state: 'shipped',
  statusBefore: 'PRS',
  stateBefore: 'picking',
  source: 'webhook',
  updated: '2026-11-20T09:00:00.000Z',
  changed: ['shipments', 'status'],
  ...overrides,
});

beforeEach(() => {
  StubEventSource.opened = [];
  vi.stubGlobal('EventSource', StubEventSource);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function follow(pathname: string) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const hook = renderHook(({ path }) => useLiveUpdates(queryClient, path), {
    initialProps: { path: pathname },
  });
  const source = StubEventSource.opened[0] as StubEventSource;
  return { hook, invalidate, source, queryClient };
}

describe('useLiveUpdates', () => {
  it('opens one stream and refetches the queries of each changed kind, and those over the whole index, once per burst', () => {
    const { invalidate, source } = follow('/orders');
    expect(StubEventSource.opened.map((opened) => opened.url)).toEqual(['/api/events']);
    act(() => {
      source.send('change', change({ reference: 'SO-1' }));
      source.send('change', change({ reference: 'SO-2' }));
      source.send('change', change({ kind: 'return', reference: 'RMA-1' }));
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['orders'],
      ['receives'],
      ['index'],
    ]);
  });

  it('asks the whole-index queries (the work queues) again at most every 10 s, the last change included', () => {
    const { invalidate, source } = follow('/');
    const wholeIndexAsks = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'index').length;
    act(() => source.send('change', change({ reference: 'SO-1' })));
    act(() => vi.advanceTimersByTime(60));
    expect(wholeIndexAsks()).toBe(1);
    for (let second = 0; second < 5; second++) {
      act(() => source.send('change', change({ reference: `SO-${second + 2}` })));
      act(() => vi.advanceTimersByTime(1_000));
    }
    expect(wholeIndexAsks()).toBe(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(wholeIndexAsks()).toBe(2);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['index'] }, { cancelRefetch: false });
  });

  it('says what became of the record open on the page, and nothing of others', () => {
    const { hook, source } = follow('/orders/SO-1');
    act(() => source.send('change', change({ reference: 'SO-2' })));
    expect(hook.result.current).toBe('');
    act(() => source.send('change', change()));
    expect(hook.result.current).toBe('Order SO-1 is now Shipped');
    hook.rerender({ path: '/orders/SO-2' });
    expect(hook.result.current).toBe('');
  });

  it('refetches everything on `reset`, and closes the stream when unmounted', () => {
    const { hook, invalidate, source } = follow('/');
    act(() => source.send('reset', { seq: 900 }));
    expect(invalidate).toHaveBeenCalledWith();
    hook.unmount();
    expect(source.closed).toBe(true);
  });

  it('asks again later from the last event seen, and who is signed in at once, when the server refuses the stream', () => {
    const { invalidate, source } = follow('/');
    act(() => {
      source.send('ready', { seq: 40 }, '40');
      source.send('change', change({ seq: 41 }), '41');
      source.readyState = StubEventSource.CLOSED;
      source.dispatchEvent(new Event('error'));
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['session'] });
    expect(StubEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(30_000));
    expect(StubEventSource.opened.map((opened) => opened.url)).toEqual([
      '/api/events',
      '/api/events?lastEventId=41',
    ]);
  });

  it('waits twice as long after each refusal in a row, up to 5 minutes, and 30 s again once a stream opened', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    follow('/');
    const refuseLatest = () =>
      act(() => {
        const latest = StubEventSource.opened.at(-1) as StubEventSource;
        latest.readyState = StubEventSource.CLOSED;
        latest.dispatchEvent(new Event('error'));
      });
    // Each wait in turn: 30 s, 60 s, 2 min, 4 min, then 5 min at most.
    for (const waitS of [30, 60, 120, 240, 300, 300]) {
      const opened = StubEventSource.opened.length;
      refuseLatest();
      act(() => vi.advanceTimersByTime(waitS * 1000 - 1000));
      expect(StubEventSource.opened).toHaveLength(opened);
      act(() => vi.advanceTimersByTime(1000));
      expect(StubEventSource.opened).toHaveLength(opened + 1);
    }
    act(() => {
      (StubEventSource.opened.at(-1) as StubEventSource).dispatchEvent(new Event('open'));
    });
    const opened = StubEventSource.opened.length;
    refuseLatest();
    act(() => vi.advanceTimersByTime(30_000));
    expect(StubEventSource.opened).toHaveLength(opened + 1);
  });

  it('keeps what the server says of the warehouse for the banner, and takes a reopened stream to mean it answers', () => {
    const { queryClient, source } = follow('/');
    const silence = {
      answering: false,
      lastAnsweredAt: '2026-11-27T10:24:00.000Z',
      consoleStartedAt: '2026-11-27T08:00:00.000Z',
      problem: 'the warehouse service cannot be reached',
    };
    act(() => source.send('warehouse', silence));
    expect(queryClient.getQueryData(['warehouse-reach'])).toEqual(silence);
    act(() => source.send('warehouse', { answering: 'no' }));
    expect(queryClient.getQueryData(['warehouse-reach'])).toEqual(silence);
    act(() => source.dispatchEvent(new Event('open')));
    expect(queryClient.getQueryData(['warehouse-reach'])).toBeNull();
  });

  it('ignores an event it cannot read', () => {
    const { invalidate, source } = follow('/');
    act(() => source.send('change', { reference: 'SO-1' }));
    act(() => vi.advanceTimersByTime(60));
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('the open record', () => {
  it('is read from the path of an order, receive or return page', () => {
    expect(openRecordOf('/orders/SO%2F1')).toEqual({ kind: 'order', reference: 'SO/1' });
    expect(openRecordOf('/returns/RMA-1/')).toEqual({ kind: 'return', reference: 'RMA-1' });
    expect(openRecordOf('/orders/SO-1/edit')).toBeNull();
    expect(openRecordOf('/orders')).toBeNull();
  });

  it('hears of a return on the receive page that shows it, and of changes without a new state', () => {
    const open = openRecordOf('/receives/RMA-1');
    expect(changeWords(change({ kind: 'return', reference: 'RMA-1', stateBefore: 'shipped' }), open)).toBe(
      'Return RMA-1 was updated',
    );
    expect(changeWords(change({ kind: 'product', reference: 'RMA-1' }), open)).toBeNull();
  });
});
