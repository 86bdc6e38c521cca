/** What bench:hostile's mixed phase sends that no honest client would: queries, paths and bodies. */

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** What an attacker types into a search box: FTS5 syntax, SQL, wildcards, control characters, lengths. */
export const hostileQueries = [
  '"',
  '"unterminated',
  '*',
  'a*',
  '^SO',
  'NEAR(a b)',
  'a OR b AND NOT c',
  'primaryReference:SO',
  '()',
  '%_%',
  "' OR 1=1 --",
  '\\',
  '\u0000\u0001',
  '{"$ne":1}',
  '💥'.repeat(60),
  'a '.repeat(190),
  '-'.repeat(390),
  'x'.repeat(401),
  '#web-',
  'SO-1000',
];
/** Mostly the query alone: each of these parameters is refused with 400 before the query is read. */
export const hostileSearchParameters = [
  ...Array(6).fill(''),
  '&kind=bogus',
  '&limit=-1',
  '&limit=100000',
  '&offset=-5',
  '&offset=1e30',
];

export const exportPaths = [
  '/api/index/orders.csv',
  '/api/index/orders.csv?state=held&late=true&sort=shipBy',
  '/api/index/orders.csv?state=%3Cscript%3E',
  `/api/index/orders.csv?sort=${encodeURIComponent('1; DROP TABLE records')}`,
  '/api/index/orders.csv?shipByFrom=9999-99-99&shipByTo=0',
  `/api/index/orders.csv?q=${encodeURIComponent('" OR *')}`,
  '/api/index/orders.csv?limit=100000000&offset=-1',
  '/api/index/receives.csv?state=%00',
];

/** The console's JSON sign-in, malformed or far over any name and password. */
export const badSignInBodies = [
  '{"name":',
  JSON.stringify({ name: 'admin', password: 'x'.repeat(2 * 1024 * 1024) }),
  JSON.stringify({ name: 'n'.repeat(10_000), password: 'wrong' }),
  `{"name":${nested(10_000)},"password":"wrong"}`,
  '[]',
];

/** Deliveries past the token that no warehouse would send. */
export const badDeliveries = [
  'not json',
  '{"primaryReference":',
  '',
  nested(10_000),
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  `[${Array(100_000).fill('null').join(',')}]`,
  JSON.stringify({ primaryReference: 'SO-100001', shipments: 'none' }),
  JSON.stringify({ id: 42, primaryReference: ['SO-100001'], orderLines: {} }),
  'x'.repeat(1024 * 1024 + 1),
];
