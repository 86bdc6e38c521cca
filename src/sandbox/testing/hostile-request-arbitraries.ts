import fc from 'fast-check';
import { type Endpoint, endpoints, type Sent } from './hostile-request-endpoints';

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/passwd',
    '%',
    '%ZZ',
    '%00',
    '\u0000',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    'X'.repeat(5000),
    '\ud800',
    '🙂',
    'null',
  ),
);

/** A JSON value of any shape, including the awkward ones. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileText,
  fc.constantFrom(null, true, 0, -1, -0, 1e308, -1e308, 0.000001, 2 ** 53 + 1, [], {}, [null], {
    __proto__: null,
  }),
);

/** Replaces, removes or renames (to PascalCase, with a new value) one member somewhere in a valid body. */
function mutate(body: unknown, path: string[], value: unknown, action: 'set' | 'delete' | 'pascal'): unknown {
  if (body === null || typeof body !== 'object') return value;
  const copy: Record<string, unknown> = Array.isArray(body)
    ? ({ ...body } as Record<string, unknown>)
    : { ...body };
  const keys = Object.keys(copy);
  if (keys.length === 0 || path.length === 0) return copy;
  const key = keys[Math.abs(hashOf(path[0] ?? '')) % keys.length] as string;
  if (path.length === 1 || copy[key] === null || typeof copy[key] !== 'object') {
    if (action === 'delete') delete copy[key];
    else if (action === 'pascal') {
      // Renamed, not doubled: the PascalCase member is the only one the sandbox can read.
      const pascal = key.charAt(0).toUpperCase() + key.slice(1);
      copy[pascal] = value;
      if (pascal !== key) delete copy[key];
    } else copy[key] = value;
  } else {
    copy[key] = mutate(copy[key], path.slice(1), value, action);
  }
  return Array.isArray(body) ? Object.values(copy) : copy;
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

const rawBody = (endpoint: Endpoint, tag: string) =>
  fc.oneof(
    // valid bodies, and near-valid ones: one member changed, dropped or renamed to PascalCase
    { arbitrary: fc.constant(JSON.stringify(endpoint.valid(tag) ?? {})), weight: 2 },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.array(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 4 }),
          hostileValue,
          fc.constantFrom('set', 'delete', 'pascal') as fc.Arbitrary<'set' | 'delete' | 'pascal'>,
        )
        .map(([path, value, action]) =>
          JSON.stringify(mutate(endpoint.valid(tag) ?? {}, path, value, action)),
        ),
    },
    { arbitrary: fc.json({ maxDepth: 4 }), weight: 1 },
    { arbitrary: hostileText, weight: 1 },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"productCode":"POLLUTED"},"constructor":{"prototype":{"x":1}}}',
        '{"productCode":"A","productCode":"B"}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"a":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
        `{"orderLines":[${'{"productCode":"FC-BASE","quantity":1},'.repeat(2000)}{}]}`,
        '\uFEFF{}',
        '{"x":"\\ud800"}',
      ),
    },
  );

/** Mostly valid credentials, so that most requests reach validation; the rest probe authentication. */
const apiKeyHeaders = fc.oneof(
  { arbitrary: fc.constant({ 'x-api-key': 'sandbox-key' }), weight: 12 },
  { arbitrary: fc.constant({ 'x-api-key': 'sandbox-multi-key', 'organization-slug': 'north' }), weight: 4 },
  {
    arbitrary: fc
      .constantFrom('', 'sandbox-multi-key', 'North', 'north ')
      .map((slug) => ({ 'x-api-key': 'sandbox-multi-key', 'organization-slug': slug })),
    weight: 1,
  },
  {
    arbitrary: fc
      .string({ unit: fc.constantFrom(...'abcXYZ09-_ .:/\t'.split('')), maxLength: 30 })
      .map((key) => ({ 'x-api-key': key })),
    weight: 1,
  },
  { arbitrary: fc.constant({}), weight: 1 },
);

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

const contentType = fc.oneof(
  {
    arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'),
    weight: 8,
  },
  {
    arbitrary: fc.constantFrom(
      'application/problem+json',
      'text/plain',
      'multipart/form-data; boundary=x',
      '',
    ),
    weight: 1,
  },
  { arbitrary: headerText, weight: 1 },
);

const queryName = fc
  .constantFrom(
    'productcode',
    'PrimaryReference',
    'limit',
    'cursor',
    'dateLastUpdatedFrom',
    'dateLastUpdatedTo',
    'status',
    'subtype',
    'x',
  )
  .chain((name) => fc.boolean().map((upper) => (upper ? name.toUpperCase() : name)));
const queryString = fc.oneof(
  fc
    .array(fc.tuple(queryName, hostileText), { maxLength: 4 })
    .map((pairs) =>
      pairs
        .map(([name, value]) => `${name}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`)
        .join('&'),
    ),
  fc.string({ unit: fc.constantFrom(...'%&=+;a1-_.~[]\'"<>\\^`{|}'.split('')), maxLength: 30 }),
);

const pathSegment = (knownIds: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...knownIds), weight: 3 },
    {
      arbitrary: hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
      weight: 1,
    },
    { arbitrary: fc.constantFrom('%', '%ZZ', '%C0%AF', '..', '.', '%2F..%2F', 'a%00b'), weight: 1 },
  );

/**
 * Any request to one of the endpoints: its path, query, headers and body each valid, near-valid or hostile.
 */
export const request = (knownIds: string[]) =>
  fc
    .record({
      endpoint: fc.integer({ min: 0, max: endpoints.length - 1 }),
      tag: fc.string({ unit: fc.constantFrom(...'ABC123'.split('')), minLength: 1, maxLength: 6 }),
      id: pathSegment(knownIds),
      query: fc.option(queryString, { nil: undefined }),
      auth: apiKeyHeaders,
      contentType: fc.option(contentType, { freq: 10, nil: undefined }),
      extraHeader: fc.option(
        fc.tuple(
          fc.constantFrom('x-forwarded-for', 'content-length-x', 'organization-slug', 'accept'),
          headerText,
        ),
        { nil: undefined },
      ),
      // nil (the endpoint's own method) 9 times in 10
      wrongMethod: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 9 },
        { arbitrary: fc.constantFrom('DELETE', 'PUT'), weight: 1 },
      ),
    })
    .chain((parts) => {
      const endpoint = endpoints[parts.endpoint] as Endpoint;
      const method = parts.wrongMethod ?? endpoint.method;
      const body =
        method === 'GET'
          ? fc.constant(undefined)
          : fc.oneof(
              { arbitrary: rawBody(endpoint, parts.tag), weight: 9 },
              { arbitrary: fc.constant(undefined), weight: 1 },
            );
      return body.map(
        (body): Sent => ({
          method,
          path: `${endpoint.path(parts.id)}${parts.query === undefined ? '' : `?${parts.query}`}`,
          body,
          headers: {
            ...parts.auth,
            ...(parts.contentType !== undefined && { 'content-type': parts.contentType }),
            ...(parts.extraHeader && { [parts.extraHeader[0]]: parts.extraHeader[1] }),
          },
          endpoint: parts.endpoint,
        }),
      );
    });
