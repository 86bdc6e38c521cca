import { VisuallyHidden } from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { type LiveChange, liveChangeSchema } from '@/contract/live-change';
import { warehouseReachSchema } from '@/contract/warehouse-reach';
import { recordKindWords, stateOfKind } from '@/domain/record-states';
import { markRecentChange } from '@/lib/recent-changes';
import { queryRootOf } from '@/lib/record-query-roots';
import { sessionQueryKey } from '@/lib/session';
import { warehouseReachQueryKey } from '@/lib/warehouse-reach';

/** The record pages a change can be about: the path's section names the kind, the rest its reference. */
const recordPage = /^\/(orders|receives|returns)\/([^/]+)\/?$/;
const kindOfSection: Record<string, LiveChange['kind']> = {
  orders: 'order',
  receives: 'receive',
  returns: 'return',
};

/** Invalidations wait this long, so a burst of changes refetches each list once. */
const batchMs = 50;
/**
 * The work queues count over the whole index, on the server thread that also takes webhooks: under a stream
 * of changes they are asked at most this often (the last change always shown), and a count under way is
 * let finish rather than asked again.
 */
const wholeIndexEveryMs = 10_000;
/**
 * After the server refused the stream (signed out, too many tabs, too many browsers), it is asked again
 * after a wait that starts at reopenAfterMs and doubles with each refusal in a row up to maxReopenAfterMs;
 * each wait is between half and all of that, so the tabs a busy server refused do not all come back at once.
 */
const reopenAfterMs = 30_000;
const maxReopenAfterMs = 5 * 60_000;

/** The record whose page is open, if the path is one. */
export function openRecordOf(pathname: string): { kind: LiveChange['kind']; reference: string } | null {
  const match = recordPage.exec(pathname);
  const kind = match ? kindOfSection[match[1] as string] : undefined;
  return kind && match ? { kind, reference: decodeURIComponent(match[2] as string) } : null;
}

/** What a reader of the open record hears of a change to it, or null if the change is another record's. */
export function changeWords(change: LiveChange, open: ReturnType<typeof openRecordOf>): string | null {
  // The receive page serves returns too: either kind's change is the open page's.
  const pageOf = (kind: LiveChange['kind']) => (kind === 'return' ? 'receive' : kind);
  if (!open || pageOf(open.kind) !== pageOf(change.kind) || open.reference !== change.reference) return null;
  const name = `${recordKindWords[change.kind]} ${change.reference}`;
  return change.stateBefore !== null && change.stateBefore !== change.state
    ? `${name} is now ${stateOfKind(change.kind, change.state).label}`
    : `${name} was updated`;
}

/**
 * Follows `/api/events` while mounted: each change refetches the open queries of its kind (lists keep
 * their rows while they do), marks the record for a moment, and says so when it is the record on the
 * page; a `reset` refetches everything. The browser resumes a dropped stream with Last-Event-ID itself; a
 * stream the server refused is opened again later from the last event seen, so nothing in between is lost.
 * What the server says of the warehouse (`warehouse`) goes to the query the banner reads; a stream that
 * opens means it answers until the server says otherwise.
 */
export function useLiveUpdates(queryClient: QueryClient, pathname: string): string {
  const [announcement, setAnnouncement] = useState({ pathname: '', words: '' });
  const openPath = useRef(pathname);
  openPath.current = pathname;

  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let flush: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | undefined;
    let refusals = 0;
    const remember = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    const pendingRoots = new Set<string>();
    const invalidate = (root: string) => {
      pendingRoots.add(root);
      flush ??= setTimeout(() => {
        flush = undefined;
        for (const pending of pendingRoots) void queryClient.invalidateQueries({ queryKey: [pending] });
        pendingRoots.clear();
      }, batchMs);
    };
    let wholeIndexDue: ReturnType<typeof setTimeout> | undefined;
    let wholeIndexAskedAtMs = Number.NEGATIVE_INFINITY;
    const invalidateWholeIndex = () => {
      wholeIndexDue ??= setTimeout(
        () => {
          wholeIndexDue = undefined;
          wholeIndexAskedAtMs = Date.now();
          void queryClient.invalidateQueries({ queryKey: ['index'] }, { cancelRefetch: false });
        },
        Math.max(batchMs, wholeIndexAskedAtMs + wholeIndexEveryMs - Date.now()),
      );
    };
    const onChange = (event: MessageEvent<string>) => {
      remember(event);
      const parsed = liveChangeSchema.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      const change = parsed.data;
      invalidate(queryRootOf[change.kind]);
      // Queries over the whole index (the work queues) change with any order, receive or return.
      if (change.kind !== 'product') invalidateWholeIndex();
      markRecentChange(change.kind, change.reference);
      const words = changeWords(change, openRecordOf(openPath.current));
      if (words === null) return;
      setAnnouncement({ pathname: openPath.current, words });
      if (change.stateBefore !== null && change.stateBefore !== change.state)
        void import('@mantine/notifications').then(({ notifications }) =>
          notifications.show({ message: words, color: 'gray', autoClose: 4000 }),
        );
    };
    const onWarehouse = (event: MessageEvent<string>) => {
      const parsed = warehouseReachSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) queryClient.setQueryData(warehouseReachQueryKey, parsed.data);
    };
    const onReset = (event: MessageEvent<string>) => {
      remember(event);
      void queryClient.invalidateQueries();
    };
    const open = () => {
      source = new EventSource(
        lastEventId === undefined
          ? '/api/events'
          : `/api/events?lastEventId=${encodeURIComponent(lastEventId)}`,
      );
      source.addEventListener('open', () => {
        refusals = 0;
        queryClient.setQueryData(warehouseReachQueryKey, null);
      });
      source.addEventListener('warehouse', onWarehouse);
      source.addEventListener('ready', remember);
      source.addEventListener('change', onChange);
      source.addEventListener('reset', onReset);
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        // Refused, not dropped: perhaps the session ended, which the shell learns by asking.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        const waitMs = Math.min(maxReopenAfterMs, reopenAfterMs * 2 ** refusals);
        refusals += 1;
        reopen = setTimeout(open, waitMs * (0.5 + Math.random() / 2));
      });
    };
    open();
    return () => {
      source?.close();
      clearTimeout(reopen);
      clearTimeout(flush);
      clearTimeout(wholeIndexDue);
    };
  }, [queryClient]);

  // What was said of another page is not repeated on this one.
  return announcement.pathname === pathname ? announcement.words : '';
}

/** The signed-in console's live updates, and a polite announcement of changes to the record on the page. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const announcement = useLiveUpdates(queryClient, useLocation().pathname);
  return (
    <VisuallyHidden aria-live="polite" data-testid="live-announcement">
      {announcement}
    </VisuallyHidden>
  );
}
