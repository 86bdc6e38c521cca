/**
 * The queues live under `index`, which the live updates refetch on any order, receive or return change;
 * the trends do not: a day's share moves little with one change, and they cost more to count.
 */
export const workQueueKeys = {
  queues: (day: Record<string, string>) => ['index', 'work-queues', day] as const,
  trends: (todayStart: string) => ['work-trends', todayStart] as const,
};
