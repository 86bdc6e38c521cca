import { skipToken, useQuery } from '@tanstack/react-query';
import type { WarehouseReach } from '@/contract/warehouse-reach';
import { formatTimeOrDateTime } from '@/domain/format';

/** Where the live stream puts what the server says of the warehouse (see the shell's live updates). */
export const warehouseReachQueryKey = ['warehouse-reach'] as const;

/**
 * What the server last said of the warehouse while it does not answer; null while it answers (or nothing
 * was said on this stream). Nothing is fetched: only the live stream writes it.
 */
export function useWarehouseSilence(): WarehouseReach | null {
  const { data } = useQuery<WarehouseReach | null>({ queryKey: warehouseReachQueryKey, queryFn: skipToken });
  return data && !data.answering ? data : null;
}

/** When the warehouse last answered, in words: "10:24 AM" today, with the date on another day. */
export function silenceSinceWords(silence: WarehouseReach, now: Date): string {
  return silence.lastAnsweredAt === null
    ? `the console started at ${formatTimeOrDateTime(silence.consoleStartedAt, now)}`
    : formatTimeOrDateTime(silence.lastAnsweredAt, now);
}

/** The shell's banner: what is shown, and, for administrators only, what to check. */
export function silenceBannerWords(
  silence: WarehouseReach,
  { now, readsSettings }: { now: Date; readsSettings: boolean },
): { title: string; detail: string } {
  const since = silenceSinceWords(silence, now);
  const copy = silence.lastAnsweredAt === null ? "the console's copy" : "the console's copy from then";
  return {
    title: `The warehouse has not answered since ${since}; you see ${copy}.`,
    detail: readsSettings
      ? `Last problem: ${silence.problem ?? 'none said'}. Check WAREHOUSE_BASE_URL and that the service is running; the Sync page shows the last sync. This goes away once the warehouse answers.`
      : 'The warehouse cannot be reached; an administrator has been told. This goes away once it answers again.',
  };
}

/** The mark on lists and search results while the warehouse does not answer. */
export function silenceMarkWords(silence: WarehouseReach, now: Date): string {
  return `The console's copy: the warehouse has not answered since ${silenceSinceWords(silence, now)}.`;
}
