/**
 * The server's rooms: each first-level folder of src/server is a room, and the rooms' imports form no
 * cycle. The root holds the entry points (main.ts, dev.ts, start-console.ts, app.ts, console-stores.ts),
 * which may import any room; a room imports from the root only `sharedRootModules`, which import no room.
 * Tests and test support (`*.test.ts`, `testing/` folders) may import anything and are not counted.
 * An import is a static `import … from`, `export … from`, a bare `import '…'`, an `import('…')` or a
 * `new URL('…', import.meta.url)` (a worker's file, a folder of migrations), relative or `#server/…`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const server = import.meta.dirname;

/** The root's modules a room may import: the types every route handler shares. */
const sharedRootModules = ['server-env.ts'];

/** The specifiers a module's text imports, comments left out. */
function importedSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\bnew URL\(\s*['"`]([^'"`]+)['"`]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] as string));
}

/** The file or folder of src/server a specifier written in `from` names, or null when it is elsewhere. */
function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('#server/')) base = join(server, specifier.slice('#server/'.length));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined)
    throw new Error(`${relative(server, from)} imports ${specifier}, which does not exist`);
  return relative(server, found).startsWith('..') ? null : found;
}

/** The room of a path under src/server: its first folder, or '' for the root's own files. */
function roomOf(path: string): string {
  const parts = relative(server, path).split(/[\\/]/);
  return parts.length > 1 || statSync(path).isDirectory() ? (parts[0] as string) : '';
}

const isTestCode = (path: string) =>
  /\.test\.tsx?$/.test(path) || /(^|[\\/])testing[\\/]/.test(relative(server, path));

/** Each module's imports within src/server: [importing file, imported file or folder]. */
function serverImports(): [string, string][] {
  const files = readdirSync(server, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|tsx|mjs)$/.test(path))
    .map((path) => join(server, path))
    .filter((path) => !isTestCode(path));
  return files.flatMap((file) =>
    importedSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
      const target = resolveSpecifier(file, specifier);
      return target === null ? [] : [[file, target] as [string, string]];
    }),
  );
}

/** The rooms' arrows, each with one import that makes it. */
function roomArrows(imports: [string, string][]): Map<string, Map<string, string>> {
  const arrows = new Map<string, Map<string, string>>();
  for (const [file, target] of imports) {
    const [from, to] = [roomOf(file), roomOf(target)];
    if (from === to || from === '' || to === '') continue;
    if (!arrows.has(from)) arrows.set(from, new Map());
    arrows
      .get(from)
      ?.set(to, arrows.get(from)?.get(to) ?? `${relative(server, file)} → ${relative(server, target)}`);
  }
  return arrows;
}

/** A cycle of rooms, each with the import that makes its arrow, or null when there is none. */
function findCycle(arrows: Map<string, Map<string, string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  function visit(room: string): string[] | null {
    const at = path.indexOf(room);
    if (at >= 0) {
      const rooms = [...path.slice(at), room];
      return rooms
        .slice(0, -1)
        .map(
          (from, index) =>
            `${from} → ${rooms[index + 1]} (${arrows.get(from)?.get(rooms[index + 1] as string)})`,
        );
    }
    if (done.has(room)) return null;
    path.push(room);
    for (const next of arrows.get(room)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(room);
    return null;
  }
  for (const room of arrows.keys()) {
    const cycle = visit(room);
    if (cycle) return cycle;
  }
  return null;
}

describe("the server's rooms", () => {
  it('reads every kind of import, and no comment', () => {
    const text = [
      "import type { A } from './a';",
      "import {\n  b,\n  c,\n} from '../b';",
      "export { d } from '#server/d';",
      "export * from './e';",
      "import './f';",
      "const g = await import('./g');",
      "new Worker(new URL('./h.mjs', import.meta.url));",
      "// import { x } from './commented';",
      "/* export { y } from './commented-too'; */",
    ].join('\n');
    expect(importedSpecifiers(text)).toEqual(['./a', '../b', '#server/d', './e', './f', './g', './h.mjs']);
  });

  it('finds a cycle, and none where there is none', () => {
    const arrows = (pairs: [string, string][]) => {
      const map = new Map<string, Map<string, string>>();
      for (const [from, to] of pairs)
        map.set(from, (map.get(from) ?? new Map()).set(to, `${from}/x.ts → ${to}/y.ts`));
      return map;
    };
    expect(
      findCycle(
        arrows([
          ['proxy', 'upstream'],
          ['upstream', 'api'],
          ['proxy', 'api'],
        ]),
      ),
    ).toBeNull();
    expect(
      findCycle(
        arrows([
          ['proxy', 'upstream'],
          ['upstream', 'api'],
          ['api', 'proxy'],
        ]),
      ),
    ).toEqual([
      'proxy → upstream (proxy/x.ts → upstream/y.ts)',
      'upstream → api (upstream/x.ts → api/y.ts)',
      'api → proxy (api/x.ts → proxy/y.ts)',
    ]);
  });

  const imports = serverImports();

  it('import each other in no cycle', () => {
    expect(imports.length).toBeGreaterThan(300);
    expect(findCycle(roomArrows(imports))).toBeNull();
  });

  it('import from the root only its shared modules, which import no room', () => {
    const intoRoot = imports
      .filter(([file, target]) => roomOf(file) !== '' && roomOf(target) === '')
      .filter(([, target]) => !sharedRootModules.includes(relative(server, target)))
      .map(([file, target]) => `${relative(server, file)} → ${relative(server, target)}`);
    expect(intoRoot).toEqual([]);
    const fromShared = imports
      .filter(([file, target]) => sharedRootModules.includes(relative(server, file)) && roomOf(target) !== '')
      .map(([file, target]) => `${relative(server, file)} → ${relative(server, target)}`);
    expect(fromShared).toEqual([]);
  });
});
