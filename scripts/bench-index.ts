/**
 * Index benchmark (not a test): the console's own index of the warehouse's records at scale, on loopback.
 *   1. Fill: BENCH_ORDERS orders and BENCH_RECEIVES receives (every tenth a return) shaped like the
 *      demo's, into a console database file through store.applyAll(documents, 'sync'), 1,000 a transaction.
 *   2. Bytes on disk per 1,000 orders, and the size of the whole file.
 *   3. Search p50/p95/p99 over a mix of what customers quote, each query checked for what it should find,
 *      in all and per kind of query (a name with a typo among them), as GET /api/search makes it: a search
 *      that fills no page reads typos too (close-spellings.ts). Goal: p95 <= 30 ms in all, <= 10 ms for
 *      every kind. Beside it (bench-index-pages.ts): the stock list's pages, a product's stock and customers'
 *      pages over the same index, p95 against the search budget.
 *   4. Webhook intake: the console (createServerApp over the filled database) in a child process, and
 *      deliveries POSTed from here over keep-alive connections for BENCH_SECONDS, and how long after
 *      the last answer the index had committed them all (answers come once a delivery is journaled).
 *      Goal: >= 2,000 deliveries/s answered and committed, with p99 <= 20 ms. Also the console's peak
 *      memory, and CPU per delivery: the console's (goal <= 300 µs on SQLite, <= 500 µs on PostgreSQL)
 *      and, on a PostgreSQL server of the run's own, all of its processes' (goal <= 1 ms).
 *   5. First sync of BENCH_SYNC_ORDERS orders from the sandbox (a child process) into a fresh console
 *      database. Goal: <= 60 s, and <= 0.2 ms of the console's CPU an order (PostgreSQL's printed beside).
 * Everything on 127.0.0.1, bounded in count and time; the temp directory is removed at the end.
 *
 *   npm run bench:index   (BENCH_ORDERS, BENCH_RECEIVES, BENCH_QUERIES, BENCH_SECONDS, BENCH_CONNECTIONS,
 *                          BENCH_SYNC_ORDERS override the defaults; BENCH_CONSOLE_NODE_ARGS adds node
 *                          flags to the console child, e.g. --cpu-prof; BENCH_ENGINE=postgres keeps
 *                          every index in PostgreSQL (CONSOLE_DATABASE_URL, else a server of the run's
 *                          own with fsync on), as `npm run bench:index-postgres`; BENCH_PHASES=intake runs
 *                          the fill and intake alone, of search,intake,sync, the default;
 *                          BENCH_KEPT_INDEX=<its PostgreSQL URL> searches an index an earlier run of
 *                          the same size left, with no fill;
 *                          --short: 1,000 orders, 100 receives, 50 queries, at most 500 deliveries in
 *                          1 s, a sync of 1,000 orders, goals not enforced)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactForm } from '#domain/search-text';
import { DEFAULT_ORGANIZATION, readSandboxConfig } from '#sandbox/config';
import { createSandboxStore, openDatabase } from '#sandbox/store';
import { seededRandom } from '#sandbox/warehouse/seeded-random';
import { createServerApp } from '#server/app';
import { readServerConfig } from '#server/config/config';
import { openConsoleStores, openTeamStores } from '#server/console-stores';
import { listen } from '#server/operations/listen';
import { webhookPath } from '#server/record-index/intake/webhook-receiver';
import {
  type IndexedDocument,
  isUnreadable,
  readWarehouseDocument,
} from '#server/record-index/records/indexed-document';
import { traceFromIndex } from '#server/record-index/routes/trace-routes';
import { searchAllowingTypos } from '#server/record-index/search/close-spellings';
import type { SearchMatch } from '#server/record-index/search/record-search';
import { readSearchQuery } from '#server/record-index/search/search-terms';
import { createRecordStore } from '#server/record-index/store/record-store';
import type { RecordStore } from '#server/record-index/store/record-store-port';
import { createIndexSync } from '#server/record-index/sync/index-sync';
import { type ConsoleDatabase, openConsoleDatabase } from '#server/store/sqlite/console-db';
import { stopProcess } from '../e2e/support/console-process';
import { type BenchIndexes, benchIndexes, isPostgresPlace } from './bench-index-engine';
import { measureIndexPages } from './bench-index-pages';
import { cpuSeconds, goalVerdict, quantileOf, runLoad, sized, startSandboxProcess } from './bench-support';
import {
  createDemoCopies,
  type DemoCopies,
  makeDeliveries,
  orderReference,
  personNames,
  phoneInOtherFormat,
  readDemoTemplates,
} from './demo-shaped-documents';

const setting = (name: string, fallback: number, min: number) =>
  Math.max(min, Number(process.env[name] ?? fallback) || fallback);
const ORDERS = setting('BENCH_ORDERS', sized(1_000_000, 1_000), 1_000);
const RECEIVES = setting('BENCH_RECEIVES', sized(100_000, 100), 100);
const QUERIES = setting('BENCH_QUERIES', sized(1_200, 50), 8);
const SECONDS = setting('BENCH_SECONDS', sized(10, 1), 1);
// Enough connections to keep the one-threaded console busy; more only queue (latency = connections / rate).
const CONNECTIONS = setting('BENCH_CONNECTIONS', 12, 1);
const SYNC_ORDERS = setting('BENCH_SYNC_ORDERS', sized(100_000, 1_000), 1_000);
const BATCH = 1_000;
/** The phases after the fill (which the others need) and the bytes on disk; all by default. */
const PHASES = new Set((process.env.BENCH_PHASES ?? 'search,intake,sync').split(','));
const WARMUP_QUERIES = sized(100, 20);
/**
 * Deliveries are made before the run (so making them costs the shared CPU nothing during it): at most this
 * many a second.
 */
const MAX_DELIVERIES_PER_SECOND = sized(6_000, 500);
const WARMUP_DELIVERIES = sized(2_000, 100);
const TOKEN = 'bench-webhook-token';
const goals = {
  searchP95Ms: 30,
  // PostgreSQL answers over a connection, several reads a search: its goal is the search budget, 30 ms.
  searchKindP95Ms: process.env.BENCH_ENGINE === 'postgres' ? 30 : 10,
  deliveriesPerSecond: 2_000,
  deliveryP99Ms: 20,
  syncSeconds: 60,
  /** Issue 42: the console's CPU for one delivery, and PostgreSQL's. */
  consoleUsPerDelivery: process.env.BENCH_ENGINE === 'postgres' ? 500 : 300,
  databaseUsPerDelivery: 1_000,
  syncConsoleMsPerOrder: 0.2,
};

/** PostgreSQL's own CPU for a unit of work (all its processes), or why it is not measured. */
function databaseCpuLine(perUnit: number, unit: string, goal: number): string {
  if (process.env.BENCH_ENGINE !== 'postgres') return 'database CPU: inside the console (SQLite)';
  if (Number.isNaN(perUnit)) return 'PostgreSQL CPU: not measured (a server CONSOLE_DATABASE_URL names)';
  return `PostgreSQL CPU ${perUnit.toFixed(0)} ${unit}, all its processes (goal ≤ ${count(goal)}: ${goalVerdict(perUnit <= goal)})`;
}

const count = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const seconds = (value: number) => `${value.toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const verdict = goalVerdict;

// ---------------------------------------------------------------------------------------------------
// The console in a child process (this script run again with BENCH_INDEX_ROLE=console)

async function serveConsole(): Promise<void> {
  const place = process.env.BENCH_CONSOLE_DB as string;
  // As start-console does: a console alone on its file, or a team's console on PostgreSQL.
  const stores = isPostgresPlace(place)
    ? await openTeamStores(place, { organization: '' })
    : openConsoleStores(place, '');
  const intake = await stores.startIntake();
  const app = createServerApp({
    config: readServerConfig({ CONSOLE_DB: isPostgresPlace(place) ? ':memory:' : place }),
    upstream: {
      baseUrl: new URL('http://127.0.0.1:9'),
      apiKey: 'unused',
      organization: null,
      timeoutMs: 1_000,
      maxAnswerBytes: 32 * 1024 * 1024,
    },
    mode: 'upstream',
    distDir: null,
    consoleDb: stores.consoleDb ?? undefined,
    records: stores.records,
    shared: stores.shared,
    intake,
    webhookToken: TOKEN,
    // The request log goes where the console's would: to its standard output (here a file).
    log: (line) => console.log(line),
  });
  const server = await listen(app.fetch, { port: 0, host: '127.0.0.1', log: (line) => console.log(line) });
  process.once('SIGTERM', () => {
    server
      .close()
      .then(() => stores.close())
      .finally(() => process.exit(0));
  });
  process.send?.({ url: server.url });
}

async function startConsoleProcess(
  dbFile: string,
  logFile: string,
): Promise<{ child: ChildProcess; url: string }> {
  const nodeArgs = (process.env.BENCH_CONSOLE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'scripts/bench-index.ts'], {
    env: { ...process.env, BENCH_INDEX_ROLE: 'console', BENCH_CONSOLE_DB: dbFile },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the console did not start within 30 s')), 30_000);
    child.once('message', (message: { url: string }) => {
      clearTimeout(timer);
      resolve(message.url);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the console exited with ${code}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`));
    });
  });
  child.disconnect();
  return { child, url };
}

/** Peak and current resident memory of a process (Linux /proc), in bytes. */
function memoryOf(pid: number | undefined): { peak: number; now: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { peak: kilobytes('VmHWM'), now: kilobytes('VmRSS') };
  } catch {
    return { peak: Number.NaN, now: Number.NaN };
  }
}

// ---------------------------------------------------------------------------------------------------
// 1 and 2: fill, bytes on disk

function read(document: unknown): IndexedDocument {
  const indexed = readWarehouseDocument(document);
  if (isUnreadable(indexed)) throw new Error(`a copy of a demo document is unreadable: ${indexed.reason}`);
  return indexed;
}

/**
 * Writes `total` documents made by `make` through applyAll, BATCH a transaction; times making and storing
 * apart.
 */
async function fillFamily(
  store: RecordStore,
  label: string,
  total: number,
  make: (index: number) => unknown,
) {
  let makeMs = 0;
  let storeMs = 0;
  const step = Math.max(BATCH, Math.ceil(total / 10 / BATCH) * BATCH);
  for (let start = 0; start < total; start += BATCH) {
    const begin = performance.now();
    const documents: IndexedDocument[] = [];
    for (let index = start; index < Math.min(total, start + BATCH); index++)
      documents.push(read(make(index)));
    const made = performance.now();
    const outcomes = await store.applyAll(documents, 'sync');
    storeMs += performance.now() - made;
    makeMs += made - begin;
    if (outcomes.some((outcome) => outcome !== 'stored'))
      throw new Error(`${label}: a fresh copy was not stored (references not unique?)`);
    const done = Math.min(total, start + BATCH);
    if (done % step === 0 && done < total) {
      console.log(
        `  … ${count(done)} ${label} (${seconds((makeMs + storeMs) / 1000)}; applyAll ${seconds(storeMs / 1000)})`,
      );
    }
  }
  return { total, makeSeconds: makeMs / 1000, storeSeconds: storeMs / 1000 };
}

type FileSize = { bytes: number; pageSize: number; pages: number; freePages: number };

function fileSize(db: ConsoleDatabase): FileSize {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = db.pragma('page_count', { simple: true }) as number;
  const freePages = db.pragma('freelist_count', { simple: true }) as number;
  return { bytes: pageSize * pages, pageSize, pages, freePages };
}

/**
 * Bytes by what they hold (dbstat): the records and their indexes, the full-text terms, the change log, the
 * rest.
 */
function breakdown(db: ConsoleDatabase): Record<string, number> {
  const parts: Record<string, number> = {};
  try {
    const rows = db
      .prepare<[], { name: string; bytes: number }>(
        'SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE aggregate = 1 GROUP BY name',
      )
      .all();
    for (const { name, bytes } of rows) {
      const part =
        name === 'records'
          ? 'records (latest document, list columns, search values)'
          : name.startsWith('records_') || name.startsWith('sqlite_autoindex_records')
            ? 'records indexes'
            : name.startsWith('record_terms')
              ? 'full-text terms (FTS5, prefix index)'
              : name.startsWith('record_changes')
                ? 'change log and its index'
                : 'everything else';
      parts[part] = (parts[part] ?? 0) + bytes;
    }
  } catch (error) {
    parts[`(dbstat unavailable: ${(error as Error).message})`] = 0;
  }
  return parts;
}

type Filled = { total: number; makeSeconds: number; storeSeconds: number };

function fillLine(label: string, family: Filled) {
  const wall = family.makeSeconds + family.storeSeconds;
  console.log(
    `  ${label.padEnd(9)} ${count(family.total)} in ${seconds(wall)} = ${count(Math.round(family.total / wall))}/s` +
      `  (making and reading the documents ${seconds(family.makeSeconds)}; store.applyAll ${seconds(family.storeSeconds)} = ${count(Math.round(family.total / family.storeSeconds))}/s)`,
  );
}

/** The fill into PostgreSQL, and the bytes its tables take with their indexes and TOAST. */
async function fillPostgres(place: string, copies: DemoCopies, indexes: BenchIndexes) {
  const { store, close } = await indexes.open(place);
  const orders = await fillFamily(store, 'orders', ORDERS, (index) => copies.order(index));
  const afterOrders = await indexes.tableBytes(place);
  const receives = await fillFamily(store, 'receives', RECEIVES, (index) => copies.receive(index));
  const whole = await indexes.tableBytes(place);
  await close();
  fillLine('orders', orders);
  fillLine('receives', receives);
  const sum = (tables: Record<string, number>) =>
    Object.values(tables).reduce((all, bytes) => all + bytes, 0);
  const perThousandOrders = sum(afterOrders) / (ORDERS / 1_000);
  console.log(
    '\n2. Bytes in PostgreSQL after the orders alone (pg_total_relation_size: each table, its indexes and TOAST)',
  );
  console.log(
    `  ${megabytes(sum(afterOrders))} = ${count(Math.round(perThousandOrders))} bytes per 1,000 orders`,
  );
  for (const [table, bytes] of Object.entries(afterOrders).sort((a, b) => b[1] - a[1]))
    if (bytes > 1024 * 1024) console.log(`    ${table.padEnd(24)} ${megabytes(bytes).padStart(12)}`);
  console.log(`  whole database with the receives too: ${megabytes(sum(whole))}`);
  return { orders, receives, bytesPerThousandOrders: perThousandOrders, fileBytes: sum(whole) };
}

async function fill(dbFile: string, copies: DemoCopies, indexes: BenchIndexes) {
  console.log(
    `\n1. Fill: ${count(ORDERS)} orders and ${count(RECEIVES)} receives (every tenth a return) shaped like the demo's, into ${indexes.engine} (${isPostgresPlace(dbFile) ? 'a schema of its own' : dbFile}), through store.applyAll(documents, 'sync'), ${count(BATCH)} a transaction`,
  );
  if (indexes.engine === 'PostgreSQL') return fillPostgres(dbFile, copies, indexes);
  const db = openConsoleDatabase(dbFile);
  const store = createRecordStore(db, { organization: '' });
  const orders = await fillFamily(store, 'orders', ORDERS, (index) => copies.order(index));
  const afterOrders = fileSize(db);
  const parts = breakdown(db);
  const receives = await fillFamily(store, 'receives', RECEIVES, (index) => copies.receive(index));
  const whole = fileSize(db);
  const wal = statSync(`${dbFile}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  db.close();

  fillLine('orders', orders);
  fillLine('receives', receives);

  const perThousandOrders = afterOrders.bytes / (ORDERS / 1_000);
  console.log(
    `\n2. Bytes on disk, WAL checkpointed (TRUNCATE), page_count × page_size (${afterOrders.pageSize} B pages)`,
  );
  console.log(
    `  after the orders alone: ${megabytes(afterOrders.bytes)} = ${count(Math.round(perThousandOrders))} bytes per 1,000 orders (${count(Math.round(perThousandOrders / 1_000))} per order), ${afterOrders.freePages} free pages`,
  );
  console.log(
    '  included: each order’s row in records (the latest document as JSON, the list columns, its search values), the records indexes, its full-text terms (FTS5 with the 3-letter prefix index), its first change-log entry and that index, and the (few) pages of the empty schema',
  );
  for (const [part, bytes] of Object.entries(parts)) {
    console.log(
      `    ${part.padEnd(58)} ${megabytes(bytes).padStart(12)}  ${count(Math.round(bytes / (ORDERS / 1_000)))} per 1,000 orders`,
    );
  }
  console.log(
    `  whole file with the receives too: ${megabytes(whole.bytes)} (file ${megabytes(statSync(dbFile).size)}, WAL ${count(wal)} bytes after the checkpoint)`,
  );
  return {
    orders,
    receives,
    bytesPerThousandOrders: perThousandOrders,
    fileBytes: whole.bytes,
  };
}

// ---------------------------------------------------------------------------------------------------
// 3: search

type Query = {
  kind: string;
  text: string;
  /** What it should find, in words, for the misses. */
  wanted: string;
  found: (matches: SearchMatch[]) => boolean;
};

const kinds = [
  'email (exact)',
  'name prefix (3-5 letters)',
  'tracking number',
  'serial number',
  'reference number part',
  'reference first digits',
  'web order #web-…',
  'phone, other format',
  'name with a typo',
] as const;

function makeQueries(copies: DemoCopies, total: number, seed: string): Query[] {
  const random = seededRandom(seed);
  const perKind = Math.ceil(total / kinds.length);
  const anyOrder = () => random.int(0, ORDERS - 1);
  /** A copy that has what `take` looks for (most copies do; entered orders have no tracking or serials). */
  const orderWith = (take: (order: ReturnType<DemoCopies['order']>) => string | undefined) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const index = anyOrder();
      const order = copies.order(index);
      const value = take(order);
      if (value) return { reference: order.primaryReference, value };
    }
    throw new Error('no order with the wanted value in 200 tries');
  };
  const has = (reference: string, family: 'order' | 'receive') => (matches: SearchMatch[]) =>
    matches.some(
      (match) =>
        match.record.reference === reference && (match.record.kind === 'order') === (family === 'order'),
    );
  const personal = (order: ReturnType<DemoCopies['order']>) =>
    order.shipToAddress?.address?.organization ? undefined : order.shipToAddress?.contact;
  const serialOf = (lines: { sublines?: { partAttributes: { key: string; value: string }[] }[] }[]) =>
    lines
      .flatMap((line) => line.sublines ?? [])
      .flatMap((subline) => subline.partAttributes)
      .find((attribute) => attribute.key === 'SN')?.value;

  const makers: Record<(typeof kinds)[number], () => Query> = {
    'email (exact)': () => {
      const { reference, value } = orderWith((order) => personal(order)?.emailAddress);
      return { kind: 'email (exact)', text: value, wanted: reference, found: has(reference, 'order') };
    },
    'name prefix (3-5 letters)': () => {
      const name = random.pick(random.chance(0.5) ? personNames.first : personNames.last);
      const prefix = name.slice(0, random.int(3, 5));
      const text = random.chance(0.5) ? prefix.toLowerCase() : prefix;
      const wanted = compactForm(prefix);
      return {
        kind: 'name prefix (3-5 letters)',
        text,
        wanted: `a person whose name has a word starting with “${prefix}”`,
        found: (matches) =>
          matches.some(
            (match) =>
              match.match.group === 'people' &&
              match.match.value.split(/\s+/).some((word) => compactForm(word).startsWith(wanted)),
          ),
      };
    },
    'tracking number': () => {
      const { reference, value } = orderWith(
        (order) =>
          order.shipments.find((shipment) => shipment.trackingDetail?.trackingNumber)?.trackingDetail
            ?.trackingNumber,
      );
      return { kind: 'tracking number', text: value, wanted: reference, found: has(reference, 'order') };
    },
    'serial number': () => {
      if (random.chance(0.5)) {
        const { reference, value } = orderWith((order) =>
          serialOf(order.shipments.flatMap((shipment) => shipment.shipmentLines)),
        );
        return { kind: 'serial number', text: value, wanted: reference, found: has(reference, 'order') };
      }
      for (let attempt = 0; attempt < 500; attempt++) {
        const receive = copies.receive(random.int(0, RECEIVES - 1));
        const value = serialOf(receive.shipments.flatMap((shipment) => shipment.receiveLines));
        if (value) {
          const reference = receive.primaryReference;
          return { kind: 'serial number', text: value, wanted: reference, found: has(reference, 'receive') };
        }
      }
      throw new Error('no receive with a serial number in 500 tries');
    },
    'reference number part': () => {
      const reference = orderReference(anyOrder());
      const text = reference.replace(/^\D+/, '');
      return { kind: 'reference number part', text, wanted: reference, found: has(reference, 'order') };
    },
    'reference first digits': () => {
      const digits = orderReference(anyOrder()).replace(/^\D+/, '').slice(0, random.int(5, 6));
      return {
        kind: 'reference first digits',
        text: digits,
        wanted: `an order whose reference number starts with ${digits}`,
        found: (matches) =>
          matches.some(
            (match) =>
              match.match.field === 'primaryReference' &&
              match.record.reference.replace(/^\D+/, '').startsWith(digits),
          ),
      };
    },
    'web order #web-…': () => {
      const { reference, value } = orderWith((order) =>
        order.secondaryReference?.startsWith('WEB-') ? order.secondaryReference : undefined,
      );
      return {
        kind: 'web order #web-…',
        text: `#${value.toLowerCase()}`,
        wanted: reference,
        found: has(reference, 'order'),
      };
    },
    'name with a typo': () => {
      // A last name of five letters or more: a word shorter than four is never read otherwise.
      const { value } = orderWith((order) => {
        const name = personal(order)?.personName;
        return (name?.split(' ')[1]?.length ?? 0) >= 5 ? name : undefined;
      });
      const [first = '', last = ''] = value.split(' ');
      // A letter of the last name dropped, doubled or swapped with the next: a misspelling no other name is.
      const at = random.int(1, last.length - 2);
      const typos = [
        last.slice(0, at) + last.slice(at + 1),
        last.slice(0, at) + (last[at] as string) + last.slice(at),
        last.slice(0, at) + (last[at + 1] as string) + (last[at] as string) + last.slice(at + 2),
      ].filter((typo) => !personNames.last.includes(typo) && typo !== last);
      return {
        kind: 'name with a typo',
        text: `${first} ${random.pick(typos)}`,
        wanted: `a record of ${value}`,
        found: (matches) => matches.some((match) => match.match.value === value),
      };
    },
    'phone, other format': () => {
      const { reference, value } = orderWith((order) => personal(order)?.phoneNumber ?? undefined);
      return {
        kind: 'phone, other format',
        text: phoneInOtherFormat(value),
        wanted: `${reference} (stored as ${value})`,
        found: has(reference, 'order'),
      };
    },
  };
  const queries = kinds.flatMap((kind) => Array.from({ length: perKind }, () => makers[kind]()));
  // Shuffled, so that no kind runs with the caches another left warm.
  for (let index = queries.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [queries[index], queries[other]] = [queries[other] as Query, queries[index] as Query];
  }
  return queries;
}

type KindFigures = { p50: number; p95: number; p99: number; max: number; misses: number; queries: number };

const kindLine = (kind: string, figures: KindFigures) =>
  `    ${kind.padEnd(27)} p50 ${ms(figures.p50).padStart(9)}  p95 ${ms(figures.p95).padStart(9)}  p99 ${ms(figures.p99).padStart(9)}  max ${ms(figures.max).padStart(9)}  misses ${figures.misses}/${figures.queries}`;

/** The stock list's, a product's stock and a customer's page p95, against the search budget. */
function pagesLine(pages: Awaited<ReturnType<typeof measureIndexPages>>): string {
  const figure = (name: string, figures: { p50: number; p95: number; samples: number }) =>
    `${name} p50 ${ms(figures.p50)} p95 ${ms(figures.p95)} (${count(figures.samples)})`;
  const slowest = Math.max(pages.stock.p95, pages.productStock.p95, pages.customer.p95);
  return `${figure('stock list', pages.stock)} [${pages.stockByFilter.join(', ')}]; ${figure('product stock', pages.productStock)}; ${figure('customer page', pages.customer)}, ${count(pages.customersFound)} found; goal p95 ≤ ${goals.searchP95Ms} ms, the search budget: ${verdict(slowest <= goals.searchP95Ms)}`;
}

async function measureSearch(dbFile: string, copies: DemoCopies, indexes: BenchIndexes) {
  const { store, close } = await indexes.open(dbFile);
  const warmup = makeQueries(copies, WARMUP_QUERIES, 'bench-search-warmup');
  const queries = makeQueries(copies, QUERIES, 'bench-search');
  console.log(
    `\n3. Search: ${count(queries.length)} queries (${kinds.length} kinds, shuffled) as GET /api/search makes them, searchAllowingTypos(store, readSearchQuery(q), { limit: 20 }) (typos read when a page is not full) in this process, after ${WARMUP_QUERIES} warm-up queries`,
  );
  const search = async (text: string) =>
    (await searchAllowingTypos(store, readSearchQuery(text), { limit: 20, offset: 0 })).matches;
  for (const query of warmup) await search(query.text);

  const samples = new Map<string, number[]>(kinds.map((kind) => [kind, []]));
  const misses = new Map<string, { query: Query; got: SearchMatch[] }[]>(kinds.map((kind) => [kind, []]));
  const all: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const matches = await search(query.text);
    const elapsed = performance.now() - started;
    all.push(elapsed);
    samples.get(query.kind)?.push(elapsed);
    if (!query.found(matches)) misses.get(query.kind)?.push({ query, got: matches });
  }
  const trace = await measureTrace(store, queries);
  const pages = await measureIndexPages(store, copies, ORDERS, QUERIES);
  console.log(`  stock list, product stock and customer pages over the same index: ${pagesLine(pages)}`);
  await close();

  all.sort((a, b) => a - b);
  const p50 = quantileOf(all, 0.5);
  const p95 = quantileOf(all, 0.95);
  const missCount = [...misses.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `  all      p50 ${ms(p50)}  p95 ${ms(p95)}  max ${ms(all.at(-1) ?? 0)}  misses ${missCount}/${queries.length}  (goal p95 ≤ ${goals.searchP95Ms} ms: ${verdict(p95 <= goals.searchP95Ms)})`,
  );
  const perKind: Record<string, KindFigures> = {};
  for (const kind of kinds) {
    const sorted = (samples.get(kind) ?? []).sort((a, b) => a - b);
    perKind[kind] = {
      p50: quantileOf(sorted, 0.5),
      p95: quantileOf(sorted, 0.95),
      p99: quantileOf(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
      misses: misses.get(kind)?.length ?? 0,
      queries: sorted.length,
    };
    console.log(kindLine(kind, perKind[kind]));
  }
  const slowest = Math.max(...Object.values(perKind).map((figures) => figures.p95));
  console.log(
    `  slowest kind's p95 ${ms(slowest)} (goal ≤ ${goals.searchKindP95Ms} ms for every kind: ${verdict(slowest <= goals.searchKindP95Ms)})`,
  );
  for (const [kind, list] of misses) {
    if (list.length === 0) continue;
    console.log(`  misses of ${kind}, first ${Math.min(3, list.length)} of ${list.length}:`);
    for (const { query, got } of list.slice(0, 3)) {
      const shown = got
        .slice(0, 3)
        .map((match) => `${match.record.reference} by ${match.match.field} “${match.match.value}”`)
        .join('; ');
      console.log(
        `    “${query.text}” should find ${query.wanted}; found ${got.length}: ${shown || 'nothing'}`,
      );
    }
  }
  return { p50, p95, perKind, slowest, misses: missCount, queries: queries.length, trace, pages };
}

/**
 * A trace of each serial number the search looked for (GET /api/trace's work: the records holding it by
 * their exact key, read and followed), timed in this process; a miss is a trace without the record.
 */
async function measureTrace(store: RecordStore, queries: Query[]) {
  const serials = queries.filter((query) => query.kind === 'serial number');
  const times: number[] = [];
  let misses = 0;
  for (const query of serials) {
    const started = performance.now();
    const trace = await traceFromIndex(store, query.text);
    times.push(performance.now() - started);
    if (!trace.entries.some((entry) => entry.reference === query.wanted)) misses++;
  }
  times.sort((a, b) => a - b);
  const figures = {
    p50: quantileOf(times, 0.5),
    p95: quantileOf(times, 0.95),
    max: times.at(-1) ?? 0,
    misses,
  };
  console.log(
    `  trace    ${count(serials.length)} serial numbers through traceFromIndex: p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  max ${ms(figures.max)}  misses ${misses} (goal p95 ≤ ${goals.searchP95Ms} ms, the search budget: ${verdict(figures.p95 <= goals.searchP95Ms)})`,
  );
  return figures;
}

// ---------------------------------------------------------------------------------------------------
// 4: webhook intake

async function measureIntake(
  dbFile: string,
  directory: string,
  copies: DemoCopies,
  children: ChildProcess[],
  indexes: BenchIndexes,
) {
  const total = SECONDS * MAX_DELIVERIES_PER_SECOND;
  const madeAt = performance.now();
  const filled = { orders: ORDERS, receives: RECEIVES };
  const warmup = makeDeliveries(copies, {
    ...filled,
    total: WARMUP_DELIVERIES,
    seed: 'bench-deliveries-warmup',
    firstNewOrder: ORDERS + 5_000_000,
  });
  const deliveries = makeDeliveries(copies, {
    ...filled,
    total,
    seed: 'bench-deliveries',
    firstNewOrder: ORDERS,
  });
  const bytes = deliveries.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  console.log(
    `\n4. Webhook intake: the console (createServerApp, webhook token set, request log to a file) in a child process over the filled database; ` +
      `${CONNECTIONS} keep-alive connections from this process POST ${webhookPath} for ${SECONDS} s (at most ${count(total)} deliveries, ` +
      `made beforehand in ${seconds((performance.now() - madeAt) / 1000)}, ${count(Math.round(bytes / deliveries.length))} bytes on average), after ${count(WARMUP_DELIVERIES)} warm-up deliveries`,
  );
  const logFile = join(directory, 'console.log');
  const { child, url } = await startConsoleProcess(dbFile, logFile);
  children.push(child);
  const load = (name: string, bodies: string[], limitSeconds: number) =>
    runLoad(url, {
      name,
      connections: CONNECTIONS,
      seconds: limitSeconds,
      maxRequests: bodies.length,
      headers: { 'x-webhook-token': TOKEN },
      request: (index) => {
        const body = bodies[index - 1];
        return body === undefined ? null : { method: 'POST', path: webhookPath, body };
      },
    });
  // Deliveries are answered once journaled, before their commit: the index's own count of what it
  // committed tells when it caught up.
  const { store: intakeCounts, close } = await indexes.open(dbFile);
  const committed = async () => {
    const { stored, duplicate, stale, rejected } = await intakeCounts.intakeSummary();
    return stored + duplicate + stale + rejected;
  };
  const caughtUp = async (total: number) => {
    const waitedFrom = performance.now();
    while ((await committed()) < total && performance.now() - waitedFrom < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 5));
    return performance.now() - waitedFrom;
  };
  // The warm-up's count, not its size: on a busy machine not all of it is sent within its time.
  const warmed = (await load('warm-up', warmup, SECONDS)).requests;
  await caughtUp(warmed);
  const serverBefore = cpuSeconds(child.pid);
  const databaseBefore = indexes.serverCpuSeconds();
  const clientBefore = process.cpuUsage();
  const result = await load('deliveries', deliveries, SECONDS);
  const client = process.cpuUsage(clientBefore);
  const lagMs = await caughtUp(warmed + result.requests);
  const committedByThen = Math.min(result.requests, (await committed()) - warmed);
  const serverUs = ((cpuSeconds(child.pid) - serverBefore) * 1e6) / result.requests;
  const databaseUs = ((indexes.serverCpuSeconds() - databaseBefore) * 1e6) / result.requests;
  const memory = memoryOf(child.pid);
  await stopProcess(child);
  const summary = await intakeCounts.intakeSummary();
  await close();
  const committedPerSecond = committedByThen / (result.seconds + lagMs / 1000);
  const met =
    result.perSecond >= goals.deliveriesPerSecond &&
    committedPerSecond >= goals.deliveriesPerSecond &&
    result.p99 <= goals.deliveryP99Ms &&
    result.failures === 0;
  console.log(
    `  ${count(result.requests)} deliveries in ${seconds(result.seconds)} = ${count(Math.round(result.perSecond))}/s  p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  max ${ms(result.max)}` +
      `  non-200: ${result.failures} ${JSON.stringify(result.statuses)}  (goal ≥ ${count(goals.deliveriesPerSecond)}/s with p99 ≤ ${goals.deliveryP99Ms} ms: ${verdict(met)})`,
  );
  console.log(
    committedByThen === result.requests
      ? `  the index had committed every delivery ${ms(lagMs)} after the last answer: ${count(Math.round(committedPerSecond))} deliveries/s committed`
      : `  the index had NOT committed every delivery ${ms(lagMs)} after the last answer (gave up waiting): ${count(committedByThen)} of ${count(result.requests)}`,
  );
  console.log(
    `  console CPU ${serverUs.toFixed(0)} µs/delivery (until all were committed; goal ≤ ${goals.consoleUsPerDelivery} µs: ${verdict(serverUs <= goals.consoleUsPerDelivery)}), load generator CPU ${((client.user + client.system) / result.requests).toFixed(0)} µs/delivery` +
      (result.requests >= deliveries.length
        ? '; the run ended when the deliveries made beforehand ran out'
        : ''),
  );
  console.log(`  ${databaseCpuLine(databaseUs, 'µs/delivery', goals.databaseUsPerDelivery)}`);
  console.log(
    `  the console's answers over warm-up and run (intake counts): ${summary.stored} stored, ${summary.duplicate} duplicate, ${summary.stale} stale, ${summary.rejected} rejected`,
  );
  console.log(
    `  the console's memory: peak resident ${megabytes(memory.peak)} (VmHWM of the child), ${megabytes(memory.now)} resident at the end`,
  );
  return { result, met, memory, serverUs, databaseUs };
}

// ---------------------------------------------------------------------------------------------------
// 5: first sync

async function measureFirstSync(
  directory: string,
  copies: DemoCopies,
  children: ChildProcess[],
  indexes: BenchIndexes,
) {
  const sandboxFile = join(directory, 'sandbox.db');
  const sandboxConfig = readSandboxConfig();
  const filledAt = performance.now();
  const sandboxDb = openDatabase(sandboxFile);
  const sandboxStore = createSandboxStore(sandboxDb);
  sandboxStore.transaction(() => {
    for (let index = 0; index < SYNC_ORDERS; index++) {
      sandboxStore.orders.put(DEFAULT_ORGANIZATION, copies.order(index));
    }
  });
  sandboxDb.pragma('wal_checkpoint(TRUNCATE)');
  sandboxDb.close();
  console.log(
    `\n5. First sync: ${count(SYNC_ORDERS)} orders shaped like the demo's written into a sandbox database (${seconds((performance.now() - filledAt) / 1000)}); ` +
      `the sandbox in a child process, the sync (createIndexSync(…).syncNow()) in this process into a fresh index in ${indexes.engine}`,
  );
  const { child, url } = await startSandboxProcess(sandboxFile);
  children.push(child);
  // As the server runs it (start-console.ts): on SQLite, the WAL copied into the database by a thread of its own.
  const { store, close } = await indexes.open(await indexes.place('sync'));
  const sync = createIndexSync({
    store,
    upstream: {
      baseUrl: new URL(url),
      apiKey: sandboxConfig.apiKey,
      organization: null,
      timeoutMs: 60_000,
      maxAnswerBytes: 64 * 1024 * 1024,
    },
    intervalMs: 3_600_000,
    log: (line) => console.log(`  ${line}`),
  });
  const sandboxBefore = cpuSeconds(child.pid);
  const databaseBefore = indexes.serverCpuSeconds();
  const consoleBefore = process.cpuUsage();
  const started = performance.now();
  const run = await sync.syncNow();
  const elapsed = (performance.now() - started) / 1000;
  const consoleCpu = process.cpuUsage(consoleBefore);
  const sandboxCpu = cpuSeconds(child.pid) - sandboxBefore;
  const databaseCpu = indexes.serverCpuSeconds() - databaseBefore;
  const held = (await store.counts()).order ?? 0;
  const { mode } = await sync.status();
  await sync.stop();
  await close();
  await stopProcess(child);
  const complete = run.error === null && held === SYNC_ORDERS && mode === 'listing';
  const met = complete && elapsed <= goals.syncSeconds;
  console.log(
    `  ${seconds(elapsed)} = ${count(Math.round(SYNC_ORDERS / elapsed))} orders/s; ${run.pages} pages, ${count(run.stored)} stored, ${run.unreadable} unreadable, error: ${run.error ?? 'none'}; ` +
      `the index holds ${count(held)} orders; mode ${mode}  (goal ≤ ${goals.syncSeconds} s: ${verdict(met)})`,
  );
  const consoleMsPerOrder = (consoleCpu.user + consoleCpu.system) / 1e3 / SYNC_ORDERS;
  const databaseMsPerOrder = (databaseCpu * 1e3) / SYNC_ORDERS;
  console.log(
    `  CPU: console side (this process) ${seconds((consoleCpu.user + consoleCpu.system) / 1e6)} = ${consoleMsPerOrder.toFixed(3)} ms/order (goal ≤ ${goals.syncConsoleMsPerOrder} ms: ${verdict(consoleMsPerOrder <= goals.syncConsoleMsPerOrder)}), sandbox ${seconds(sandboxCpu)}` +
      (Number.isNaN(databaseCpu)
        ? ''
        : `, PostgreSQL ${seconds(databaseCpu)} = ${databaseMsPerOrder.toFixed(3)} ms/order`),
  );
  return { seconds: elapsed, met, complete, consoleMsPerOrder, databaseMsPerOrder };
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-index-'));
  const children: ChildProcess[] = [];
  let indexes: BenchIndexes | undefined;
  const cleanUp = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    rmSync(directory, { recursive: true, force: true });
  };
  const interrupted = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    console.log(
      `bench:index on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, node ${process.version}; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} at the start (figures are taken under whatever else runs)`,
    );
    const started = performance.now();
    const templates = await readDemoTemplates();
    console.log(
      `templates: the demo sandbox's ${templates.orders.length} orders, ${templates.receives.length} receives and ${templates.returns.length} returns, read through its listing`,
    );
    const copies = createDemoCopies(templates, { orderCount: ORDERS });
    indexes = await benchIndexes(directory);
    // An index a run left (PostgreSQL), of the same BENCH_ORDERS and BENCH_RECEIVES: no fill, never dropped.
    const kept = process.env.BENCH_KEPT_INDEX;
    const dbFile = kept ?? (await indexes.place('console'));
    const filled = kept ? null : await fill(dbFile, copies, indexes);
    const search = PHASES.has('search') ? await measureSearch(dbFile, copies, indexes) : null;
    const intake = PHASES.has('intake')
      ? await measureIntake(dbFile, directory, copies, children, indexes)
      : null;
    const sync = PHASES.has('sync') ? await measureFirstSync(directory, copies, children, indexes) : null;

    const fillSeconds = (family: { makeSeconds: number; storeSeconds: number }) =>
      family.makeSeconds + family.storeSeconds;
    const fillLines =
      filled &&
      `  fill                 ${count(ORDERS)} orders in ${seconds(fillSeconds(filled.orders))} (${count(Math.round(ORDERS / fillSeconds(filled.orders)))}/s; applyAll alone ${count(Math.round(ORDERS / filled.orders.storeSeconds))}/s), ${count(RECEIVES)} receives in ${seconds(fillSeconds(filled.receives))} (${count(Math.round(RECEIVES / fillSeconds(filled.receives)))}/s)\n` +
        `  bytes on disk        ${count(Math.round(filled.bytesPerThousandOrders))} per 1,000 orders; whole file ${megabytes(filled.fileBytes)}`;
    const kindLines = Object.entries(search?.perKind ?? {}).map(([kind, figures]) => kindLine(kind, figures));
    console.log(`
Summary (${seconds((performance.now() - started) / 1000)} in all; load average now ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')})
${[
  fillLines ?? `  fill                 none: the index BENCH_KEPT_INDEX names`,
  search && `  index pages          ${pagesLine(search.pages)}`,
  search &&
    `  search               p50 ${ms(search.p50)}  p95 ${ms(search.p95)} over ${count(search.queries)} queries; goal p95 ≤ ${goals.searchP95Ms} ms: ${verdict(search.p95 <= goals.searchP95Ms)}, and ≤ ${goals.searchKindP95Ms} ms for every kind: ${verdict(search.slowest <= goals.searchKindP95Ms)}; misses ${search.misses} (should be 0: ${verdict(search.misses === 0)})\n${kindLines.join('\n')}\n  trace                p50 ${ms(search.trace.p50)}  p95 ${ms(search.trace.p95)}  max ${ms(search.trace.max)}; misses ${search.trace.misses} (should be 0: ${verdict(search.trace.misses === 0)})`,
  intake &&
    `  webhook intake       ${count(Math.round(intake.result.perSecond))} deliveries/s, p50 ${ms(intake.result.p50)}, p99 ${ms(intake.result.p99)}, non-200 ${intake.result.failures}; goal ≥ ${count(goals.deliveriesPerSecond)}/s, p99 ≤ ${goals.deliveryP99Ms} ms: ${verdict(intake.met)}\n` +
      `  CPU per delivery     console ${intake.serverUs.toFixed(0)} µs${Number.isNaN(intake.databaseUs) ? '' : `, PostgreSQL ${intake.databaseUs.toFixed(0)} µs`}\n` +
      `  console's memory     peak resident ${megabytes(intake.memory.peak)} (VmHWM, during intake over the filled index)`,
  sync &&
    `  first sync           ${count(SYNC_ORDERS)} orders in ${seconds(sync.seconds)}${sync.complete ? '' : ' (INCOMPLETE)'}; goal ≤ ${goals.syncSeconds} s: ${verdict(sync.met)}; CPU per order: console ${sync.consoleMsPerOrder.toFixed(3)} ms${Number.isNaN(sync.databaseMsPerOrder) ? '' : `, PostgreSQL ${sync.databaseMsPerOrder.toFixed(3)} ms`}`,
]
  .filter(Boolean)
  .join('\n')}`);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    for (const child of children) await stopProcess(child);
    await indexes?.close();
    cleanUp();
  }
}

if (process.env.BENCH_INDEX_ROLE === 'console') await serveConsole();
else await main();
