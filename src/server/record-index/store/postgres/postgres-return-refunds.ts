import type pg from 'pg';
import { maxReturnsOfOrder } from '../../../../contract/index-records';
import { orderSchema } from '../../../../contract/order';
import { receiveSchema } from '../../../../contract/receive';
import { unitsToRefund } from '../../../../domain/return-allowance';
import { compactForm } from '../../../../domain/search-text';
import type { SearchValue } from '../../records/indexed-document';
import { originalOrderField, originalOrderKey, readStoredSearchValues } from '../../search/search-terms';
import { sameReference } from './postgres-record-row';

const originalOrderIn = (values: readonly Pick<SearchValue, 'field' | 'value'>[]) =>
  values.find((value) => value.field === originalOrderField)?.value ?? null;

/**
 * Each return's `refundable` column, as return-refunds.ts works it out for SQLite: after an order or a
 * return is stored, the returns of the orders concerned, inside the writer's transaction.
 */
export function postgresReturnRefunds(organization: string) {
  async function orderOf(client: pg.PoolClient, reference: string) {
    const { rows } = await client.query<{ reference: string; doc: string }>(
      "SELECT reference, doc FROM records WHERE org = $1 AND family = 'order' AND reference_key = $2 LIMIT 20",
      [organization, compactForm(reference)],
    );
    const row = sameReference(rows, reference);
    const parsed = row ? orderSchema.safeParse(JSON.parse(row.doc)) : null;
    return parsed?.success ? parsed.data : null;
  }

  async function store(
    client: pg.PoolClient,
    row: { id: string | number; refundable: number | null },
    units: number,
  ) {
    if (row.refundable !== units)
      await client.query('UPDATE records SET refundable = $1 WHERE id = $2', [units, row.id]);
  }

  async function refreshReturnsOf(client: pg.PoolClient, orderReference: string): Promise<void> {
    const { rows } = await client.query<{ id: string; doc: string; refundable: number | null }>(
      `SELECT records.id, records.doc, records.refundable FROM record_exact_values AS exact
       JOIN records ON records.id = exact.record_id
       WHERE exact.value = $1 AND records.org = $2 AND records.kind = 'return' LIMIT ${maxReturnsOfOrder}`,
      [originalOrderKey(orderReference), organization],
    );
    if (rows.length === 0) return;
    const order = await orderOf(client, orderReference);
    const returns = rows.flatMap((row) => {
      const parsed = receiveSchema.safeParse(JSON.parse(row.doc));
      return parsed.success ? [{ row, receive: parsed.data }] : [];
    });
    const all = returns.map(({ receive }) => receive);
    for (const { row, receive } of returns) await store(client, row, unitsToRefund(order, receive, all));
  }

  return {
    /** After a version was stored: an order's returns, or a return and the others of the orders it names now and named before. */
    async afterStore(
      client: pg.PoolClient,
      record: {
        id: number;
        kind: string;
        reference: string;
        doc: string;
        searchValues: readonly SearchValue[];
      },
      searchValuesBefore: string | null,
    ): Promise<void> {
      if (record.kind === 'order') return refreshReturnsOf(client, record.reference);
      if (record.kind !== 'return') return;
      const named = originalOrderIn(record.searchValues);
      const before = searchValuesBefore ? originalOrderIn(readStoredSearchValues(searchValuesBefore)) : null;
      if (named === null) {
        // A return of no order: every unit it received of what it announced.
        const parsed = receiveSchema.safeParse(JSON.parse(record.doc));
        const units = parsed.success ? unitsToRefund(null, parsed.data, [parsed.data]) : 0;
        await store(client, { id: record.id, refundable: null }, units);
      } else await refreshReturnsOf(client, named);
      if (before !== null && before !== named) await refreshReturnsOf(client, before);
    },
  };
}
