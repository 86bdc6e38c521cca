import type { Upstream } from '../../upstream/proxy';
import type { RecordStore } from '../store/record-store-port';
import { createDriftCheck, type DriftCheck } from './drift-check';
import { createReadBack, operatorReader, type ReadBack } from './read-back';

/** The index's checks against the operator: records read back when uncertain, and drift found in passes. */
export type IndexChecks = { readBack: ReadBack; drift: DriftCheck };

export function startIndexChecks({
  store,
  upstream,
  log,
}: {
  store: RecordStore;
  upstream: Upstream;
  log: (line: string) => void;
}): IndexChecks & { stop(): Promise<void> } {
  const readRecord = operatorReader(upstream);
  const readBack = createReadBack({ store, readRecord, log });
  const drift = createDriftCheck({ store, readRecord });
  drift.start();
  return {
    readBack,
    drift,
    stop: async () => {
      await Promise.all([readBack.stop(), drift.stop()]);
    },
  };
}
