/**
 * The house rules biome.json holds, tried on probe files in a scratch copy of the project's lint set-up:
 * features keep apart, source files stay within 300 lines and functions within 100 (tests and scripts are
 * exempt from both), and no source file of the repository is over 300 lines as `wc -l` counts them.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
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

const root = resolve(import.meta.dirname, '..');
const biome = join(root, 'node_modules/.bin/biome');

type Diagnostic = { category: string; location: { path: string } };

let scratch = '';
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rules each probe file breaks, as Biome names them. */
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
      diagnostics.filter(({ location }) => location.path === path).map(({ category }) => category),
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

  it("keeps features apart: another feature's module is refused, by @/ or by climbing out", () => {
    const broken = brokenRules({
      'src/features/orders/api/by-alias.ts':
        "import { a } from '@/features/products/api/a';\nexport const b = a;\n",
      'src/features/orders/api/by-climbing.ts':
        "import { a } from '../../products/api/a';\nexport const b = a;\n",
      'src/features/orders/api/own.ts':
        "import { a } from '../model/a';\nimport { c } from '@/lib/c';\nexport const b = [a, c];\n",
    });
    expect(broken['src/features/orders/api/by-alias.ts']).toEqual(['lint/style/noRestrictedImports']);
    expect(broken['src/features/orders/api/by-climbing.ts']).toEqual(['lint/style/noRestrictedImports']);
    expect(broken['src/features/orders/api/own.ts']).toEqual([]);
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
