import { expect } from 'vitest';
import { seedDemoData } from '../warehouse/demo-seed';
import { createTestSandbox, expectSuccess, type TestSandbox } from './test-harness';

/** A fresh sandbox seeded with the demo data as if it were `at`. */
export async function seededDemoSandbox(at: Date): Promise<TestSandbox> {
  const sandbox = createTestSandbox({ config: { seed: 'demo' } });
  const summary = await seedDemoData({ store: sandbox.store, config: sandbox.config, now: at });
  expect(summary).toEqual({ products: 40, orders: 150, receives: 30, returns: 10 });
  return sandbox;
}

/** Every page of a list endpoint, through the interface. */
export async function listAll<T>(sandbox: TestSandbox, path: string, member: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = expectSuccess(
      await sandbox.call('GET', `${path}${separator}limit=200${cursor ? `&cursor=${cursor}` : ''}`),
    );
    items.push(...page[member]);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
