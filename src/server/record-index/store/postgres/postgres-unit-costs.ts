import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordStore } from '../record-store-port';
import { toUnitCost, type UnitCostRow } from '../unit-costs';

const columns = 'line, product_code, unit_cost, currency, entered_by, entered_ms';

/** The unit costs entered on receives' lines on PostgreSQL, as unit-costs.ts keeps them on SQLite. */
export function postgresUnitCosts(
  db: PostgresDatabase,
  { organization, now }: { organization: string; now: () => number },
): Pick<RecordStore, 'unitCosts' | 'setUnitCosts'> {
  const readAll = async (client: Pick<PostgresDatabase, 'query'>, reference: string) =>
    (
      await client.query<UnitCostRow>(
        `SELECT ${columns} FROM receive_unit_costs WHERE org = $1 AND reference = $2
         ORDER BY line COLLATE "C", product_code COLLATE "C"`,
        [organization, reference],
      )
    ).rows.map(toUnitCost);
  return {
    unitCosts: (reference) => readAll(db, reference),
    async setUnitCosts(reference, changes, enteredBy) {
      const client = await db.connect();
      try {
        await client.query('BEGIN');
        for (const { line, productCode, unitCost, currency } of changes) {
          if (unitCost === null)
            await client.query(
              'DELETE FROM receive_unit_costs WHERE org = $1 AND reference = $2 AND line = $3 AND product_code = $4',
              [organization, reference, line, productCode],
            );
          else
            await client.query(
              `INSERT INTO receive_unit_costs (org, reference, ${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
               ON CONFLICT (org, reference, line, product_code) DO UPDATE SET unit_cost = excluded.unit_cost,
                 currency = excluded.currency, entered_by = excluded.entered_by, entered_ms = excluded.entered_ms`,
              [organization, reference, line, productCode, unitCost, currency, enteredBy, now()],
            );
        }
        const costs = await readAll(client, reference);
        await client.query('COMMIT');
        return costs;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
