import { formatDate } from './format';

const dayMs = 24 * 3_600_000;

/** The days a company may take to claim a short or over receive from its supplier, as CLAIM_WINDOW_DAYS allows. */
export const claimWindowDayLimits = { min: 1, max: 3650, fallback: 90 } as const;

export type ClaimWindow = {
  /** When the window closes: `windowDays` after the receive was finalized. */
  closesMs: number;
  /** Whole days left, a part of a day counting as one; 0 once it closed. */
  daysLeft: number;
};

/**
 * The claim window of a receive finalized at `finishedMs` (the index's finished_ms, or finishedAt of the
 * document); null while it is not finalized, since a claim starts from what the warehouse counted.
 */
export function claimWindowOf(
  finishedMs: number | null,
  windowDays: number,
  nowMs: number,
): ClaimWindow | null {
  if (finishedMs === null) return null;
  const closesMs = finishedMs + windowDays * dayMs;
  return { closesMs, daysLeft: Math.max(0, Math.ceil((closesMs - nowMs) / dayMs)) };
}

/** "12 days left to claim (until Dec 14, 2026)", or "Claim window closed on Dec 14, 2026". */
export function claimWindowWords({ closesMs, daysLeft }: ClaimWindow): string {
  const until = formatDate(new Date(closesMs).toISOString());
  if (daysLeft === 0) return `Claim window closed on ${until}`;
  return `${daysLeft === 1 ? '1 day' : `${daysLeft} days`} left to claim (until ${until})`;
}
