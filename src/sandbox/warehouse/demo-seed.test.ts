import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/order';
import type { Product } from '../../contract/product';
import type { Receive } from '../../contract/receive';
import { listAll, seededDemoSandbox } from '../testing/demo-sandbox';
import { createTestSandbox, databaseDigest, type TestSandbox } from '../testing/test-harness';
import { inTimeOrder, seedDemoData } from './demo-seed';

const now = new Date('2026-11-22T12:00:00Z');

async function everything(sandbox: TestSandbox) {
  const byReference = (a: { ref: string }, b: { ref: string }) => a.ref.localeCompare(b.ref);
  const products = (await listAll<Product>(sandbox, '/warehouse/v1/products', 'products'))
    .map((product) => ({ ref: product.productCode, doc: product }))
    .sort(byReference);
  const orders = (await listAll<Order>(sandbox, '/warehouse/v1/orders', 'orders'))
    .map((order) => ({ ref: order.primaryReference, doc: order }))
    .sort(byReference);
  const receives = (await listAll<Receive>(sandbox, '/warehouse/v1/receives', 'receives'))
    .map((receive) => ({ ref: receive.primaryReference, doc: receive }))
    .sort(byReference);
  return { products, orders, receives };
}

const DAY_MS = 86_400_000;

/**
 * Ids are random, so they become a placeholder; dates become their distance from the seeding: timestamps
 * in milliseconds from `seededAt`, dates in days from its day. Equal texts mean equal dates relative to now.
 */
function normalized(value: unknown, seededAt: Date): string {
  const today = Date.parse(seededAt.toISOString().slice(0, 10));
  return JSON.stringify(value)
    .replace(/"[0-9a-f]{24}"/g, '"<id>"')
    .replace(
      /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g,
      (stamp) => `<now${Date.parse(stamp) - seededAt.getTime()}ms>`,
    )
    .replace(/\d{4}-\d{2}-\d{2}/g, (date) => `<today${(Date.parse(date) - today) / DAY_MS}d>`);
}

describe('demo seed', () => {
  it('is the same on two fresh databases seeded three days apart, with every date relative to the seeding', async () => {
    // Whole days apart, so that dates without a time fall the same number of days from the seeding.
    const later = new Date(now.getTime() + 3 * DAY_MS);
    const first = await everything(await seededDemoSandbox(now));
    const second = await everything(await seededDemoSandbox(later));
    expect(first.orders).toHaveLength(150);
    expect(first.receives).toHaveLength(40);
    expect(normalized(second, later)).toBe(normalized(first, now));
    // The offsets are really compared: the same data read against the wrong seeding time differs.
    expect(normalized(second, now)).not.toBe(normalized(first, now));
  });

  it('fits another credentials packet: its warehouses, rate groups and attribute keys', async () => {
    const sandbox = createTestSandbox({
      config: {
        warehouses: ['W1'],
        rateGroups: ['CHEAP'],
        attributeKeys: ['SERIAL', 'BATCH'],
        serialKey: 'SERIAL',
      },
    });
    const summary = await seedDemoData({ store: sandbox.store, config: sandbox.config, now });
    expect(summary?.orders).toBe(150);
    const orders = await listAll<Order>(sandbox, '/warehouse/v1/orders', 'orders');
    expect(new Set(orders.map((order) => order.warehouseCode))).toEqual(new Set(['W1']));
    expect(new Set(orders.flatMap((order) => (order.rateGroup ? [order.rateGroup] : [])))).toEqual(
      new Set(['CHEAP']),
    );
    const products = await listAll<Product>(sandbox, '/warehouse/v1/products', 'products');
    const keys = new Set(
      products.flatMap((product) => product.productAttributes.map((attribute) => attribute.key)),
    );
    expect(keys).toEqual(new Set(['SERIAL', 'BATCH']));
  });

  it('leaves the database empty when it fails part way', async () => {
    const sandbox = createTestSandbox();
    const put = sandbox.store.orders.put;
    let orders = 0;
    sandbox.store.orders.put = (organization, doc) => {
      if (++orders > 20) throw new Error('disk full');
      return put(organization, doc);
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(seedDemoData({ store: sandbox.store, config: sandbox.config, now })).rejects.toThrow(
      /answered 500/,
    );
    quiet.mockRestore();
    expect([sandbox.store.products.count(), sandbox.store.orders.count()]).toEqual([0, 0]);
  });

  it('creates and moves the documents in the order things happened, each document’s steps in its own order', async () => {
    const event = (name: string, hoursAgo: number) => ({ hoursAgo, run: async () => name });
    const merged = inTimeOrder([
      [event('order placed', 50), event('order shipped', 10), event('order updated', 10)],
      [event('goods received', 30), event('receive finalized', 10)],
    ]);
    expect(await Promise.all(merged.map((item) => item.run()))).toEqual([
      'order placed',
      'goods received',
      'order shipped',
      'order updated',
      'receive finalized',
    ]);
  });

  it('runs only on an empty database', async () => {
    const sandbox = await seededDemoSandbox(now);
    const before = databaseDigest(sandbox.store);
    expect(await seedDemoData({ store: sandbox.store, config: sandbox.config, now })).toBeNull();
    expect(databaseDigest(sandbox.store)).toBe(before);
  });
});
