export type AutopilotTiming = {
  /** How often the loop runs. */
  intervalMs: number;
  /** How long a shipment or receive waits in its state before the warehouse acts on it. */
  actAfterMs: number;
  /** How long a shipment the autopilot put on hold stays held before it is released. */
  releaseAfterMs: number;
  /** How often the simulated customer places a new order (0: never). */
  newOrderEveryMs: number;
  /** At most this many actions per run, so the changes trickle in. */
  maxActionsPerTick: number;
};

export const defaultAutopilotTiming: AutopilotTiming = {
  intervalMs: 5_000,
  actAfterMs: 40_000,
  releaseAfterMs: 120_000,
  newOrderEveryMs: 90_000,
  maxActionsPerTick: 4,
};
