import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderBody, productBody, receiveBody } from './testing/request-bodies';
import {
  createTestSandbox,
  databaseDigest,
  expectErrors,
  expectSuccess,
  orgHeaders,
  type TestSandbox,
} from './testing/test-harness';

let sandbox: TestSandbox;
beforeEach(() => {
  sandbox = createTestSandbox();
});
afterEach(() => vi.restoreAllMocks());

/** One request per endpoint, valid when authenticated, for the checks every endpoint shares. */
const endpoints: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/warehouse/v1/products', body: productBody('AUTH-1') },
  { method: 'GET', path: '/warehouse/v1/products/0123456789abcdef0123456789abcdef' },
  { method: 'GET', path: '/warehouse/v1/products/actions/get-id/AUTH-1' },
  { method: 'GET', path: '/warehouse/v1/products?productcode=AUTH-1' },
  {
    method: 'PATCH',
    path: '/warehouse/v1/products/0123456789abcdef0123456789abcdef',
    body: { productDescription: 'x' },
  },
  { method: 'POST', path: '/warehouse/v1/orders', body: orderBody('SO-AUTH', 'AUTH-1') },
  {
    method: 'PATCH',
    path: '/warehouse/v1/order/0123456789abcdef0123456789abcdef',
    body: orderBody('SO-AUTH', 'AUTH-1'),
  },
  {
    method: 'PATCH',
    path: '/warehouse/v1/orders/0123456789abcdef0123456789abcdef',
    body: orderBody('SO-AUTH', 'AUTH-1'),
  },
  { method: 'GET', path: '/warehouse/v1/orders?PrimaryReference=SO-AUTH' },
  { method: 'POST', path: '/warehouse/v1/receives', body: receiveBody('PO-AUTH', 'AUTH-1') },
  { method: 'GET', path: '/warehouse/v1/receives?PrimaryReference=PO-AUTH' },
];

describe('authentication', () => {
  it.each(endpoints)(
    '$method $path: 401 with no x-api-key header, an empty or unknown key, and for the multi-organization key without or with a wrong slug',
    async ({ method, path, body }) => {
      const before = databaseDigest(sandbox.store);
      const cases: [Record<string, string>, string, string][] = [
        [{ 'x-api-key': '' }, 'unauthorized', 'x-api-key'],
        [{ 'x-api-key': 'wrong-key' }, 'unauthorized', 'x-api-key'],
        [{ 'x-api-key': 'sandbox-multi-key' }, 'organization_required', 'organization-slug'],
        [orgHeaders('west'), 'unknown_organization', 'organization-slug'],
      ];
      for (const [headers, code, header] of cases) {
        const answer = await sandbox.call(method, path, { body, headers });
        expectErrors(answer, 401, [{ code, pointer: '/' }]);
        expect(answer.json.errors[0].source.header).toBe(header);
      }
      const keyless = await sandbox.app.request(path, {
        method,
        ...(body !== undefined && {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      });
      const answer = { status: keyless.status, json: await keyless.json(), headers: keyless.headers };
      expectErrors(answer, 401, [{ code: 'unauthorized', pointer: '/' }]);
      expect(answer.json.errors[0].source.header).toBe('x-api-key');
      expect(databaseDigest(sandbox.store)).toBe(before);
    },
  );

  it('ignores an organization-slug header sent with the single-organization key', async () => {
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/products', {
        body: productBody('SLUG-IGNORED'),
        headers: { 'organization-slug': 'north' },
      }),
    );
    expect(
      expectSuccess(await sandbox.call('GET', '/warehouse/v1/products?productcode=SLUG-IGNORED')).products,
    ).toHaveLength(1);
    expect(
      expectSuccess(
        await sandbox.call('GET', '/warehouse/v1/products?productcode=SLUG-IGNORED', {
          headers: orgHeaders('north'),
        }),
      ).products,
    ).toEqual([]);
  });

  it('never echoes the API key in an answer', async () => {
    const answer = await sandbox.call('GET', '/warehouse/v1/products', {
      headers: { 'x-api-key': 'secret-attempt-123' },
    });
    expect(JSON.stringify(answer.json)).not.toContain('secret-attempt-123');
    expect(JSON.stringify(await sandbox.call('GET', '/warehouse/v1/products'))).not.toContain('sandbox-key');
  });
});

describe('requests every endpoint shares', () => {
  const withBody = endpoints.filter((endpoint) => endpoint.body !== undefined);

  it.each(withBody)('$method $path: 415 for a body not sent as JSON', async ({ method, path, body }) => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const answer = await sandbox.call(method, path, {
        rawBody: JSON.stringify(body),
        headers: { 'content-type': contentType },
      });
      expectErrors(answer, 415, [{ code: 'unsupported_media_type', pointer: '/' }]);
    }
  });

  it.each(withBody)(
    '$method $path: 413 for a body over 1 MiB, 400 for malformed JSON and for a non-object',
    async ({ method, path }) => {
      const before = databaseDigest(sandbox.store);
      const huge = JSON.stringify({ productCode: 'BIG', note: 'x'.repeat(1024 * 1024) });
      expectErrors(await sandbox.call(method, path, { rawBody: huge }), 413, [
        { code: 'payload_too_large', pointer: '/' },
      ]);
      for (const rawBody of ['{"productCode":', '', 'null', '[1,2]', '"text"', '42']) {
        expectErrors(await sandbox.call(method, path, { rawBody }), 400, [
          { code: 'validation_failed', pointer: '/' },
        ]);
      }
      // Refused where it gets too deep: the body and 31 lists hold, the 32nd list in them does not.
      const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
      expectErrors(await sandbox.call(method, path, { rawBody: `{"Tags":${deep}}` }), 400, [
        { code: 'validation_failed', pointer: `/tags${'/0'.repeat(31)}` },
      ]);
      // 5,000 levels of PascalCase members: a 400 naming where, never a 5xx from a walk that overflows.
      const members = `${'{"A":'.repeat(5000)}1${'}'.repeat(5000)}`;
      expectErrors(await sandbox.call(method, path, { rawBody: `{"Tags":${members}}` }), 400, [
        { code: 'validation_failed', pointer: `/tags${'/a'.repeat(31)}` },
      ]);
      expect(databaseDigest(sandbox.store)).toBe(before);
    },
  );

  it('accepts application/json with a charset and a +json media type', async () => {
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/products', {
        body: productBody('CT-1'),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/products', {
        body: productBody('CT-2'),
        headers: { 'content-type': 'application/vnd.api+json' },
      }),
    );
  });

  it('answers 404 not_found for unknown routes and methods, authenticated or not outside the interface', async () => {
    expectErrors(await sandbox.call('GET', '/warehouse/v1/shipments'), 404, [
      { code: 'not_found', pointer: '/' },
    ]);
    expectErrors(await sandbox.call('DELETE', '/warehouse/v1/products/abc'), 404, [
      { code: 'not_found', pointer: '/' },
    ]);
    expectErrors(await sandbox.call('GET', '/nowhere', { headers: { 'x-api-key': '' } }), 404, [
      { code: 'not_found', pointer: '/' },
    ]);
  });

  it('still answers the envelope, 500 internal_error, when the service itself fails, and logs one line', async () => {
    const logged: string[] = [];
    const failing = createTestSandbox({ log: (line) => logged.push(line) });
    failing.store.db.close();
    expectErrors(await failing.call('GET', '/warehouse/v1/products'), 500, [
      { code: 'internal_error', pointer: '/' },
    ]);
    expect(logged).toEqual([
      expect.stringMatching(
        /^sandbox: unexpected error in GET \/warehouse\/v1\/products: TypeError: The database connection is not open/,
      ),
    ]);
  });
});
