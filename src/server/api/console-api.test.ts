import { describe, expect, it } from 'vitest';
import { consoleRoutes } from '../../contract/console-api';
import type { ConsoleRoute } from '../../contract/console-route';
import { createRecordStore } from '../record-index/store/record-store';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { testConsoleApp, upstreamConsoleApp } from '../testing/test-console-app';
import type { consoleOpenApiDocument } from './console-openapi';

const declared = Object.values(consoleRoutes) as ConsoleRoute[];

/** A console with everything on: the index, webhooks, sign-in routes and the forwards. */
function fullConsole() {
  const consoleDb = openConsoleDatabase(':memory:');
  return testConsoleApp({
    consoleDb,
    records: createRecordStore(consoleDb, { organization: '' }),
    webhookToken: 'w'.repeat(40),
  });
}

describe("the console's own API", () => {
  it('installs exactly the routes it declares under /api, besides the forwards of the interface', () => {
    const app = fullConsole();
    // Single sign-on's routes are there only when it is set up.
    const signingOn = upstreamConsoleApp({
      upstreamUrl: 'http://127.0.0.1:9',
      env: {
        CONSOLE_PUBLIC_URL: 'http://127.0.0.1:3000',
        OIDC_ISSUER: 'http://127.0.0.1:9/',
        OIDC_CLIENT_ID: 'console',
        OIDC_CLIENT_SECRET: 's'.repeat(32),
      },
    });
    const installed = new Set(
      [...app.routes, ...signingOn.routes]
        .filter(({ method, path }) => method !== 'ALL' && path.startsWith('/api/'))
        .map(({ method, path }) => `${method} ${path}`),
    );
    expect([...installed].sort()).toEqual(declared.map(({ method, path }) => `${method} /api${path}`).sort());
    // Everything else under /api is the interface's operations, forwarded (forward-routes.ts) for anyone
    // signed in, or refused: no route guards itself outside its declaration.
    const middleware = app.routes.filter(({ method, path }) => method === 'ALL' && path.startsWith('/api/'));
    expect(new Set(middleware.map(({ path }) => path))).toEqual(
      new Set(['/api/*', '/api/warehouse/*', '/api/sandbox/*', '/api/warehouse/v1/*', '/api/sandbox/v1/*']),
    );
  });

  it('describes every declared route in OpenAPI 3.1, served at /api/openapi.json', async () => {
    const app = fullConsole();
    const response = await app.request('/api/openapi.json', { headers: { host: '127.0.0.1' } });
    expect(response.status).toBe(200);
    const document = (await response.json()) as ReturnType<typeof consoleOpenApiDocument>;
    expect(document.openapi).toBe('3.1.0');
    for (const route of declared) {
      const path = `/api${route.path}`.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()] as
        | { summary: string; parameters: { name: string; in: string }[]; responses: Record<string, unknown> }
        | undefined;
      expect(operation?.summary, `${route.method} ${route.path}`).toBe(route.summary);
      expect(Object.keys(operation?.responses ?? {})).toContain('redirect' in route.answer ? '302' : '200');
      expect(
        operation?.parameters.filter((parameter) => parameter.in === 'query').map(({ name }) => name),
      ).toEqual(Object.keys(route.query ?? {}));
      // Every parameter of the path is declared, with the schema that reads it.
      expect(
        operation?.parameters.filter((parameter) => parameter.in === 'path').map(({ name }) => name),
      ).toEqual(Object.keys(route.params ?? {}));
    }
    // The search's parameters carry their bounds into the description.
    const search = document.paths['/api/search']?.get as { parameters: { name: string; schema: object }[] };
    expect(search.parameters.find(({ name }) => name === 'kind')?.schema).toMatchObject({
      enum: ['order', 'receive', 'return', 'product'],
    });
  });

  it('answers 400 with one error item per parameter at fault, each with its pointer', async () => {
    const app = fullConsole();
    const response = await app.request('/api/search?q=a&q=b&limit=1e3&colour=red&kind=parcel', {
      headers: { host: '127.0.0.1' },
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as {
      errors: { code: string; detail: string; source: { pointer: string; parameter: string } }[];
    };
    expect(errors.map(({ source }) => source.pointer).sort()).toEqual(['/colour', '/kind', '/limit', '/q']);
    expect(errors.every(({ code }) => code === 'validation_failed')).toBe(true);
    expect(errors.find(({ source }) => source.parameter === 'q')?.detail).toBe('Send q once.');
    expect(errors.find(({ source }) => source.parameter === 'colour')?.detail).toMatch(
      /^This takes only q, kind/,
    );
  });

  it('refuses a bad page of the audit log rather than reading what it can', async () => {
    const app = fullConsole();
    const response = await app.request('/api/audit-log?limit=0&before=x', { headers: { host: '127.0.0.1' } });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: { source: { parameter: string } }[] };
    expect(errors.map(({ source }) => source.parameter).sort()).toEqual(['before', 'limit']);
  });

  it('refuses a route whose required parameter is left out, naming it', async () => {
    const app = fullConsole();
    const response = await app.request('/api/trace', { headers: { host: '127.0.0.1' } });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: { source: { parameter: string } }[] };
    expect(errors.map(({ source }) => source.parameter)).toEqual(['q']);
  });
});
