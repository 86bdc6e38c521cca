import type pg from 'pg';
import { maxReturnsOfOrder } from '../../../../contract/index-records';
import { compactForm } from '../../../../domain/search-text';
import { originalOrderKey } from '../../search/search-terms';
import {
  orderNamed,
  refundsAfterStore,
  refundsOfReturns,
  type StoredVersion,
  unitsOfLoneReturn,
} from '../return-refunds';

/**
 * Each return's `refundable` column, worked out as return-refunds.ts works it out for SQLite: after an
 * order or a return is stored, the returns of the orders concerned, inside the writer's transaction.
 */
export function postgresReturnRefunds(organization: string) {
  async function store(client: pg.PoolClient, id: string | number, refundable: number | null, units: number) {
    if (refundable !== units)
      await client.query('UPDATE records SET refundable = $1 WHERE id = $2', [units, id]);
  }

  async function refreshReturnsOf(client: pg.PoolClient, orderReference: string): Promise<void> {
    const { rows } = await client.query<{ id: string; doc: string; refundable: number | null }>(
      `SELECT records.id, records.doc, records.refundable FROM record_exact_values AS exact
       JOIN records ON records.id = exact.record_id
       WHERE exact.value = $1 AND records.org = $2 AND records.kind = 'return' LIMIT ${maxReturnsOfOrder}`,
      [originalOrderKey(orderReference), organization],
    );
    if (rows.length === 0) return;
    const orders = await client.query<{ reference: string; doc: string }>(
      "SELECT reference, doc FROM records WHERE org = $1 AND family = 'order' AND reference_key = $2 LIMIT 20",
      [organization, compactForm(orderReference)],
    );
    const order = orderNamed(orders.rows, orderReference);
    for (const { row, units } of refundsOfReturns(order, rows))
      await store(client, row.id, row.refundable, units);
  }

  return {
    /**
     * After a batch of versions was stored (the oldest first): the returns they ask to work out again
     * (refundsAfterStore), the orders' returns read once each, and only for orders that have any.
     */
    async afterStoreAll(
      client: pg.PoolClient,
      stored: { record: StoredVersion; valuesBefore: string | null }[],
    ): Promise<void> {
      const orders = new Map<string, string>();
      for (const { record, valuesBefore } of stored) {
        const { orders: named, alone } = refundsAfterStore(record, valuesBefore);
        if (alone) await store(client, record.id, null, unitsOfLoneReturn(record.doc));
        for (const order of named) orders.set(originalOrderKey(order), order);
      }
      if (orders.size === 0) return;
      const { rows } = await client.query<{ value: string }>(
        'SELECT DISTINCT value FROM record_exact_values WHERE value = ANY($1::text[])',
        [[...orders.keys()]],
      );
      for (const { value } of rows) await refreshReturnsOf(client, orders.get(value) as string);
    },
  };
}
