import { describe, expect, it } from 'vitest';
import { customerExactKey } from '#domain/parties';
import { orderOf } from '#testing/trace-fixtures';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { testRecordStore } from '../testing/test-record-store';
import { readPartyCursor } from './party-keysets';

// A customer's records on the engine of this run (SQLite, then PostgreSQL), a page at a time.

describe("a party's records", () => {
  it('come newest first, page after page, each once, with the counts of them all', async () => {
    const store = await testRecordStore();
    for (const reference of ['SO-1', 'SO-2', 'SO-3', 'SO-4', 'SO-5']) {
      const read = readWarehouseDocument(orderOf(reference, 'Owen Murphy', [], null));
      if (isUnreadable(read)) throw new Error(read.reason);
      await store.apply(read, 'sync');
    }
    const key = customerExactKey('owen@example.com');
    const whole = await store.partyRecords(key, ['order', 'return'], { limit: 10 });
    expect(whole.records.map((record) => record.reference).toSorted()).toEqual([
      'SO-1',
      'SO-2',
      'SO-3',
      'SO-4',
      'SO-5',
    ]);
    const paged: string[] = [];
    let after: Parameters<typeof store.partyRecords>[2]['after'];
    for (let pages = 0; pages < 5; pages++) {
      const page = await store.partyRecords(key, ['order', 'return'], { limit: 2, after });
      expect(page.counts).toEqual(whole.counts);
      paged.push(...page.records.map((record) => record.reference));
      if (!page.nextCursor) break;
      after = readPartyCursor(page.nextCursor) ?? undefined;
    }
    expect(paged).toEqual(whole.records.map((record) => record.reference));
  });
});
