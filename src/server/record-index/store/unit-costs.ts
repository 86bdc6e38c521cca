import type { UnitCost, UnitCostChange } from '../../../contract/unit-costs';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordStore } from './record-store-port';
import { writeTransaction } from './write-transaction';

/** A row of the unit costs as both engines read it (PostgreSQL's bigint made a number). */
export type UnitCostRow = {
  line: string;
  product_code: string;
  unit_cost: number;
  currency: string;
  entered_by: string;
  entered_ms: number | string;
};

export const toUnitCost = (row: UnitCostRow): UnitCost => ({
  line: row.line,
  productCode: row.product_code,
  unitCost: Number(row.unit_cost),
  currency: row.currency,
  enteredBy: row.entered_by,
  enteredAt: new Date(Number(row.entered_ms)).toISOString(),
});

/**
 * The unit costs entered on receives' lines on SQLite, as RecordStore's `unitCosts` and `setUnitCosts`:
 * the console's own facts about a receive, kept beside the index and never sent to the warehouse.
 */
export function unitCostStore(
  db: ConsoleDatabase,
  { organization, now }: { organization: string; now: () => number },
): Pick<RecordStore, 'unitCosts' | 'setUnitCosts'> {
  const read = db.prepare<[string, string], UnitCostRow>(
    `SELECT line, product_code, unit_cost, currency, entered_by, entered_ms FROM receive_unit_costs
     WHERE org = ? AND reference = ? ORDER BY line, product_code`,
  );
  const upsert = db.prepare(
    `INSERT INTO receive_unit_costs (org, reference, line, product_code, unit_cost, currency, entered_by, entered_ms)
     VALUES (@org, @reference, @line, @productCode, @unitCost, @currency, @enteredBy, @enteredMs)
     ON CONFLICT (org, reference, line, product_code) DO UPDATE SET unit_cost = excluded.unit_cost,
       currency = excluded.currency, entered_by = excluded.entered_by, entered_ms = excluded.entered_ms`,
  );
  const remove = db.prepare(
    'DELETE FROM receive_unit_costs WHERE org = ? AND reference = ? AND line = ? AND product_code = ?',
  );
  const change = writeTransaction(db, (reference: string, changes: UnitCostChange[], enteredBy: string) => {
    const enteredMs = now();
    for (const { line, productCode, unitCost, currency } of changes) {
      if (unitCost === null) remove.run(organization, reference, line, productCode);
      else
        upsert.run({
          org: organization,
          reference,
          line,
          productCode,
          unitCost,
          currency,
          enteredBy,
          enteredMs,
        });
    }
    return read.all(organization, reference).map(toUnitCost);
  });
  return {
    unitCosts: async (reference) => read.all(organization, reference).map(toUnitCost),
    setUnitCosts: async (reference, changes, enteredBy) => change(reference, changes, enteredBy),
  };
}
