import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import { searchPageSchema } from '../../../contract/index-search';
import { isUnreadable, readProductDocument } from '../records/indexed-document';
import { consoleWithRecords } from '../testing/list-fixtures';

describe('GET /api/search', () => {
  it('pages through every match with offset, without repeating or skipping one', async () => {
    const { get } = await consoleWithRecords();
    const references: string[] = [];
    let hasMore = true;
    for (let offset = 0; hasMore; offset += 6) {
      const response = await get(`/api/search?q=customer&limit=6&offset=${offset}`);
      expect(response.status).toBe(200);
      const page = searchPageSchema.parse((await response.json()).data);
      expect(page.matches.length).toBeLessThanOrEqual(6);
      for (const match of page.matches) {
        expect(match).toMatchObject({ kind: 'order', matchedField: 'shipTo.personName' });
        references.push(match.primaryReference);
      }
      hasMore = page.hasMore;
    }
    // Orders 1 and 2 have other customer names.
    const others = Array.from({ length: 18 }, (_, index) => `SO-${String(index + 3).padStart(2, '0')}`);
    expect([...references].sort()).toEqual(others);
  });

  it('says no page follows the last one, and an offset past the matches finds nothing', async () => {
    const { get } = await consoleWithRecords();
    const last = searchPageSchema.parse((await (await get('/api/search?q=sender&limit=16')).json()).data);
    expect(last).toMatchObject({ hasMore: false });
    expect(last.matches).toHaveLength(16);
    const past = searchPageSchema.parse((await (await get('/api/search?q=sender&offset=40')).json()).data);
    expect(past).toEqual({ matches: [], hasMore: false, total: 16, totalExact: true });
  });

  it('names each match’s items by the product’s description the index holds, null for a code it does not know', async () => {
    const { get, records } = await consoleWithRecords();
    const product = readProductDocument({
      id: 'id-tee',
      productCode: 'TEE-S',
      productDescription: 'T-shirt, small',
      productUnit: 'UNT',
      dateLastUpdated: '2026-11-21T08:00:00+00:00',
    });
    if (isUnreadable(product)) throw new Error(product.reason);
    await records.apply(product, 'webhook');
    const page = searchPageSchema.parse((await (await get('/api/search?q=customer&limit=20')).json()).data);
    const items = page.matches.flatMap((match) => match.items);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item.productName).toBe(item.productCode === 'TEE-S' ? 'T-shirt, small' : null);
    expect(items.some((item) => item.productCode === 'TEE-S')).toBe(true);
  });

  it('finds one kind when asked', async () => {
    const { get } = await consoleWithRecords();
    const page = searchPageSchema.parse((await (await get('/api/search?q=sender&kind=return')).json()).data);
    expect(page.matches.map((match) => match.primaryReference).sort()).toEqual([
      'RMA-13',
      'RMA-14',
      'RMA-15',
      'RMA-16',
    ]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1001', 'offset'],
    ['offset=', 'offset'],
    ['offset=1e3', 'offset'],
    ['kind=shipment', 'kind'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 400 naming the parameter', async (parameters, parameter) => {
    const { get } = await consoleWithRecords();
    const response = await get(
      `/api/search?${parameters.startsWith('q=') ? '' : 'q=customer&'}${parameters}`,
    );
    expect(response.status).toBe(400);
    const problem = errorEnvelopeSchema.parse(await response.json()).errors[0];
    expect(problem).toMatchObject({
      code: 'validation_failed',
      source: { pointer: `/${parameter}`, parameter },
    });
  });
});
