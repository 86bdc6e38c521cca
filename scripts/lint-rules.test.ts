/**
 * The house rules biome.json holds, tried on probe files in a scratch copy of the project's lint set-up
 * (biome.json, the boundary rules in lint/, package.json's imports): each boundary refuses what it says and
 * lets the rest through, Node code's #… aliases resolve (for Biome's cycle check, and for Node from any
 * folder), source files stay within 300 lines and functions within 100 (tests and scripts are exempt from
 * both), and no source file of the repository is over 300 lines as `wc -l` counts them.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';

const root = resolve(import.meta.dirname, '..');
const biome = join(root, 'node_modules/.bin/biome');

type Diagnostic = { category: string; message: string; location: { path: string } };

/** Each boundary rule's message, to name the file in lint/ a plugin diagnostic came from. */
const boundaryOfMessage = new Map(
  readdirSync(join(root, 'lint')).map((file) => {
    const message = /message="([^"]+)"/.exec(readFileSync(join(root, 'lint', file), 'utf8'))?.[1];
    return [message, file.replace(/\.grit$/, '')] as const;
  }),
);

let scratch = '';
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  for (const file of ['biome.json', 'package.json']) copyFileSync(join(root, file), join(scratch, file));
  cpSync(join(root, 'lint'), join(scratch, 'lint'), { recursive: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rules each probe file breaks, as Biome names them (a boundary of lint/ by its file's name). */
function brokenRules(files: Record<string, string>): Record<string, string[]> {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  let output: string;
  try {
    output = execFileSync(biome, ['lint', '--reporter=json', ...Object.keys(files)], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const { diagnostics } = JSON.parse(output) as { diagnostics: Diagnostic[] };
  return Object.fromEntries(
    Object.keys(files).map((path) => [
      path,
      diagnostics
        .filter(({ location }) => location.path === path)
        .map(({ category, message }) =>
          category === 'plugin' ? (boundaryOfMessage.get(message) ?? message) : category,
        ),
    ]),
  );
}

const lines = (count: number) =>
  Array.from({ length: count }, (_, index) => `export const value${index} = ${index};`).join('\n');
/** A function of `bodyLines` lines between its braces, as Biome counts a function's lines. */
const functionOf = (bodyLines: number) =>
  `export function long(): number {\n  let total = 0;\n${Array.from({ length: bodyLines - 2 }, (_, index) => `  total += ${index};`).join('\n')}\n  return total;\n}\n`;

describe('biome.json', () => {
  it('refuses a 301-line source file and a 101-line function, and takes 300 and 100', () => {
    const broken = brokenRules({
      'src/lib/long-file.ts': lines(301),
      'src/lib/full-file.ts': lines(300),
      'src/lib/long-function.ts': functionOf(101),
      'src/lib/full-function.ts': functionOf(100),
    });
    expect(broken['src/lib/long-file.ts']).toEqual(['lint/style/noExcessiveLinesPerFile']);
    expect(broken['src/lib/full-file.ts']).toEqual([]);
    expect(broken['src/lib/long-function.ts']).toEqual(['lint/complexity/noExcessiveLinesPerFunction']);
    expect(broken['src/lib/full-function.ts']).toEqual([]);
  });

  it('lets tests and scripts run long', () => {
    const broken = brokenRules({
      'src/lib/long.test.ts': lines(400) + functionOf(150),
      'scripts/bench-long.ts': lines(400) + functionOf(150),
    });
    expect(broken).toEqual({ 'src/lib/long.test.ts': [], 'scripts/bench-long.ts': [] });
  });
});

/** A module that imports each of `sources` (as `import`, or `import()` for those marked `dynamic:`). */
function importing(...sources: string[]): string {
  return sources
    .map((source, index) =>
      source.startsWith('dynamic:')
        ? `export const m${index} = import('${source.slice('dynamic:'.length)}');`
        : `import * as m${index} from '${source}';\nexport { m${index} };`,
    )
    .join('\n');
}

describe('the boundaries of lint/', () => {
  it('keep features apart, by @/, by climbing out of the folder at any depth, and from the app shell and routes', () => {
    const refused = {
      'src/features/orders/api/by-alias.ts': importing('@/features/products/api/a'),
      'src/features/orders/api/by-climbing.ts': importing('../../products/api/a'),
      'src/features/orders/api/through-features.ts': importing('../../../features/products/api/a'),
      'src/features/orders/order-words.ts': importing('../products/model/a'),
      'src/features/orders/components/page/deep.tsx': importing('../../../products/model/a'),
      'src/features/orders/api/own-by-alias.ts': importing('@/features/orders/model/a'),
      'src/features/orders/components/shell.tsx': importing('@/app/console-shell'),
      'src/features/orders/components/route.tsx': importing('dynamic:@/routes/orders/index'),
    };
    const allowed = {
      'src/features/orders/api/own.ts': importing('../model/a', './b', '@/lib/c', '@/components/d'),
      'src/features/orders/components/page/deep-own.tsx': importing('../../model/a', '../e'),
    };
    const broken = brokenRules({ ...refused, ...allowed });
    for (const path of Object.keys(refused)) expect(broken[path], path).toEqual(['features-keep-apart']);
    for (const path of Object.keys(allowed)) expect(broken[path], path).toEqual([]);
  });

  it('keep browser code off Node, and shared folders off the features, routes and shell they serve', () => {
    expect(
      brokenRules({
        'src/lib/node.ts': importing('node:fs', '@/server/config', '#sandbox/app', 'dynamic:hono'),
        'src/app/app-node.tsx': importing('better-sqlite3'),
        'src/contract/server.ts': importing('../server/config'),
        'src/components/feature.tsx': importing('@/features/orders/api/a', '@/app/console-shell'),
        'src/domain/route.ts': importing('../routes/index'),
        'src/lib/shared.ts': importing('@/contract/order', '@/domain/order-state', 'zod'),
      }),
    ).toEqual({
      'src/lib/node.ts': Array(4).fill('browser-code-stays-off-node'),
      'src/app/app-node.tsx': ['browser-code-stays-off-node'],
      'src/contract/server.ts': ['browser-code-stays-off-node'],
      'src/components/feature.tsx': Array(2).fill('shared-code-serves-the-dashboard'),
      'src/domain/route.ts': ['shared-code-serves-the-dashboard'],
      'src/lib/shared.ts': [],
    });
  });

  it('keep Node code off React and the @/ alias, src/http off the server and the sandbox', () => {
    expect(
      brokenRules({
        'src/server/react.ts': importing('react', '@mantine/core', '../components/data-table'),
        'src/sandbox/alias.ts': importing('@/contract/order'),
        'src/domain/react.ts': importing('react-dom/client'),
        'src/http/server.ts': importing('../server/config', '#sandbox/app'),
        'src/server/own.ts': importing('#contract/order', '#http/listen', './config', 'hono'),
      }),
    ).toEqual({
      'src/server/react.ts': Array(3).fill('node-code-stays-off-react'),
      'src/sandbox/alias.ts': ['node-code-without-browser-alias'],
      'src/domain/react.ts': ['node-code-stays-off-react'],
      'src/http/server.ts': Array(2).fill('http-serves-server-and-sandbox'),
      'src/server/own.ts': [],
    });
  });

  it("keep the index's folders in their order, from any depth, tests aside", () => {
    const index = 'src/server/record-index';
    expect(
      brokenRules({
        [`${index}/records/up.ts`]: importing('../search/record-search'),
        [`${index}/store/postgres/up.ts`]: importing('../../intake/webhook-intake'),
        [`${index}/intake/sideways.ts`]: importing('../sync/index-sync'),
        [`${index}/store/by-alias.ts`]: importing('#server/record-index/routes/index-routes'),
        [`${index}/sync/down.ts`]: importing('../store/record-store-port', '../../console-db', './read-back'),
        [`${index}/routes/down.ts`]: importing('../intake/webhook-intake', '../sync/index-sync'),
        [`${index}/records/up.test.ts`]: importing('../store/record-store'),
      }),
    ).toEqual({
      [`${index}/records/up.ts`]: ['index-layers'],
      [`${index}/store/postgres/up.ts`]: ['index-layers'],
      [`${index}/intake/sideways.ts`]: ['index-layers'],
      [`${index}/store/by-alias.ts`]: ['index-layers'],
      [`${index}/sync/down.ts`]: [],
      [`${index}/routes/down.ts`]: [],
      [`${index}/records/up.test.ts`]: [],
    });
  });

  it("resolve Node code's #… aliases: Biome sees a cycle through them, and Node follows them from any folder", {
    timeout: budgets.childProcesses,
  }, () => {
    const broken = brokenRules({
      'src/domain/cycle-a.ts': "import { b } from '#domain/cycle-b';\nexport const a = () => b;\n",
      'src/domain/cycle-b.ts': "import { a } from '#domain/cycle-a';\nexport const b = () => a;\n",
    });
    expect(broken['src/domain/cycle-a.ts']).toEqual(['lint/suspicious/noImportCycles']);

    mkdirSync(join(scratch, 'scripts'), { recursive: true });
    writeFileSync(join(scratch, 'src/domain/answer.ts'), 'export const answer: number = 42;\n');
    writeFileSync(
      join(scratch, 'scripts/print-answer.ts'),
      "import { answer } from '#domain/answer';\nconsole.log(answer);\n",
    );
    const printed = execFileSync(
      process.execPath,
      [
        '--import',
        join(root, 'node_modules/tsx/dist/esm/index.mjs'),
        join(scratch, 'scripts/print-answer.ts'),
      ],
      { cwd: tmpdir(), encoding: 'utf8' },
    );
    expect(printed.trim()).toBe('42');
  });
});

it('holds no source file over 300 lines', () => {
  const sources = ['src', 'e2e/support'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter(
        (path) =>
          /\.(ts|tsx)$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('routeTree.gen.ts'),
      )
      .map((path) => join(folder, path)),
  );
  const long = sources.filter((path) => readFileSync(join(root, path), 'utf8').split('\n').length - 1 > 300);
  expect(long).toEqual([]);
});
