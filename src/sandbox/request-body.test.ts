import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_LISTED_PROBLEMS } from './errors';
import { MAX_ARRAY_ELEMENTS, MAX_BODY_BYTES, MAX_BODY_VALUES } from './request-body';
import { orderBody, productBody } from './testing/request-bodies';
import {
  createTestSandbox,
  databaseDigest,
  expectErrors,
  expectSuccess,
  type TestSandbox,
} from './testing/test-harness';

let sandbox: TestSandbox;

beforeEach(async () => {
  sandbox = createTestSandbox();
  expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('P1') }));
});

/** Sends a raw body to create an order and checks that nothing was written. */
async function createOrder(rawBody: string) {
  const before = databaseDigest(sandbox.store);
  const answer = await sandbox.call('POST', '/warehouse/v1/orders', { rawBody });
  expect(databaseDigest(sandbox.store)).toBe(before);
  return answer;
}

describe('bodies whose shape passes the bounds are refused before they are parsed', () => {
  it('refuses 330,000 empty order lines in a 1 MiB body with one small error, pointing at the list', async () => {
    const rawBody = `{"warehouseCode":"LAW","primaryReference":"X","OrderLines":[${Array(330_000).fill('{}').join(',')}]}`;
    expect(rawBody.length).toBeGreaterThan(0.9 * MAX_BODY_BYTES);
    expect(rawBody.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const answer = await createOrder(rawBody);
    expectErrors(answer, 400, [{ code: 'validation_failed', pointer: '/orderLines' }]);
    expect(answer.json.errors[0].detail).toBe('A list may hold at most 1,000 items');
    expect(JSON.stringify(answer.json).length).toBeLessThan(1000);
  });

  it('points into nested members, and counts every value of a list whatever it holds', async () => {
    const partAttributes = `[${Array(MAX_ARRAY_ELEMENTS + 1)
      .fill('"[x]"')
      .join(',')}]`;
    const rawBody = `{"orderLines":[{"productCode":"P1","quantity":1},{"PartAttributes":${partAttributes}}]}`;
    expectErrors(await createOrder(rawBody), 400, [
      { code: 'validation_failed', pointer: '/orderLines/1/partAttributes' },
    ]);
  });

  it('refuses a body with more values in all than the bound, though each list is within its own', async () => {
    const list = `[${Array(MAX_ARRAY_ELEMENTS).fill('0').join(',')}]`;
    const lists = Math.ceil(MAX_BODY_VALUES / MAX_ARRAY_ELEMENTS);
    const rawBody = `{${Array.from({ length: lists }, (_, index) => `"t${index}":${list}`).join(',')}}`;
    const answer = await createOrder(rawBody);
    expectErrors(answer, 400, [{ code: 'validation_failed', pointer: '/' }]);
    expect(answer.json.errors[0].detail).toBe(
      'The body holds more than 10,000 values; send less in one request',
    );
  });

  it('reads brackets, commas and escaped quotes inside strings as text', async () => {
    const tricky = `[{",\\"]}[${'['.repeat(40)}`;
    const note = `${tricky}${'[,'.repeat(900)}`;
    const order = orderBody('SO-"[1]"', 'P1', {
      note,
      additionalReferences: [{ key: tricky, value: '\\"' }],
    });
    const created = expectSuccess(await sandbox.call('POST', '/warehouse/v1/orders', { body: order }));
    expect(created.note).toBe(note);
    expect(created.additionalReferences).toEqual([{ key: tricky, value: '\\"' }]);
  });
});

describe('bodies within the bounds', () => {
  it('answer every problem zod finds in at most MAX_LISTED_PROBLEMS items and a count of the rest', async () => {
    // Nearly as many failing members as the bounds let through: 400 lines of 20 empty part attributes.
    const line = `{"quantity":1,"partAttributes":[${Array(20).fill('{}').join(',')}]}`;
    const answer = await createOrder(`{"orderLines":[${Array(400).fill(line).join(',')}]}`);
    expect(answer.status).toBe(400);
    const { errors } = answer.json;
    expect(errors).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    const last = errors.at(-1);
    expect(last).toMatchObject({ status: '400', code: 'too_many_problems', source: { pointer: '/' } });
    // 3 missing members, and per line a missing product code and 20 × (key, value)
    const problems = 3 + 400 * (1 + 20 * 2);
    expect(last.detail).toBe(
      `${(problems - MAX_LISTED_PROBLEMS).toLocaleString('en-US')} more problems are not listed`,
    );
    expect(JSON.stringify(answer.json).length).toBeLessThan(8000);
  });
});
