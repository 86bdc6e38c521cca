import type { Milestone } from '../contract/order';

type FinishedShipment = {
  status: string;
  actualShipDate?: string | null;
  dateLastUpdated?: string;
  milestones: Milestone[];
};

const millis = (value: string | null | undefined): number | null => {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
};

/**
 * When a finished record finished: when the last of its finalized (FIN) shipments did (its ship date, else
 * its FIN milestone, else its last update), else the record's last update. The console-db migration that
 * added finished_ms spells the same in SQL for the records held before.
 */
export function finishedAt(record: {
  dateLastUpdated?: string;
  shipments: readonly FinishedShipment[];
}): number | null {
  let latest: number | null = null;
  for (const shipment of record.shipments) {
    if (shipment.status !== 'FIN') continue;
    const milestoneTimes = shipment.milestones
      .filter((milestone) => milestone.code === 'FIN')
      .map((milestone) => millis(milestone.actualDate))
      .filter((ms) => ms !== null);
    const at =
      millis(shipment.actualShipDate) ??
      (milestoneTimes.length > 0 ? Math.max(...milestoneTimes) : null) ??
      millis(shipment.dateLastUpdated);
    if (at !== null && (latest === null || at > latest)) latest = at;
  }
  return latest ?? millis(record.dateLastUpdated);
}
