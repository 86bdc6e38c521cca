/**
 * The README is a front door and the documentation stays true to the repository: every relative link in
 * README.md and docs/ leads to a file (and, into a Markdown file, to a heading) that exists, the README
 * stays short, the names and paths its recipes cite exist, and docs/configuration.md names every
 * environment variable the code reads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

// ---------- Links ----------

/** The Markdown files the links of which are checked: the README and every page under docs/. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...docs];
}

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the inline links `[text](target)` and images of a Markdown text. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] as string);
}

/** The anchors GitHub gives the headings of a Markdown text (`## The sandbox's warehouse` → `the-sandboxs-warehouse`). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = (heading as string)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text
      .replace(/[`*]/g, '')
      .trim()
      .toLowerCase();
    const slug = text.replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What is wrong with each relative link of `file`: a missing file or a missing heading. */
function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#', 2);
    const targetFile = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    const where = `${relative(root, file)} → ${target}`;
    if (!existsSync(targetFile)) {
      problems.push(`${where}: ${relative(root, targetFile)} does not exist`);
      continue;
    }
    if (
      anchor === undefined ||
      anchor === '' ||
      !targetFile.endsWith('.md') ||
      statSync(targetFile).isDirectory()
    )
      continue;
    if (!headingAnchors(readFileSync(targetFile, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) {
      problems.push(`${where}: ${relative(root, targetFile)} has no heading #${anchor}`);
    }
  }
  return problems;
}

describe('the documentation', () => {
  it('finds links, and the anchors GitHub gives headings', () => {
    const sample = [
      '# Title',
      "## The sandbox's warehouse (`src/sandbox/warehouse`)",
      '## Order search (bench:order-search)',
      '## Title',
      'See [a](docs/a.md#x) and ![b](b.png "b"); not `[c](c.md)` nor',
      '```',
      '[d](d.md)',
      '```',
    ].join('\n');
    expect(linkTargets(sample)).toEqual(['docs/a.md#x', 'b.png']);
    expect([...headingAnchors(sample)]).toEqual([
      'title',
      'the-sandboxs-warehouse-srcsandboxwarehouse',
      'order-search-benchorder-search',
      'title-1',
    ]);
  });

  it('README.md and every page under docs/ link only to files and headings that exist', () => {
    const files = markdownFiles();
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('README.md is a front door of at most 200 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });
});

// ---------- The README's recipes ----------

/** Every file under `folder` (a file alone when it is one). */
function filesUnder(folder: string): string[] {
  if (!statSync(folder).isDirectory()) return [folder];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());
}

/** Whether a cited path exists; a segment with `<…>` in it (`src/features/<area>/api/`) stands for any. */
function citedPathExists(path: string, from = root): boolean {
  const [segment = '', ...rest] = path.replace(/\/$/, '').split('/');
  const pattern = new RegExp(`^${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '.+')}$`);
  const matches = segment.includes('<')
    ? existsSync(from) && statSync(from).isDirectory()
      ? readdirSync(from).filter((name) => pattern.test(name))
      : []
    : [segment];
  return matches.some((name) =>
    rest.length === 0 ? existsSync(join(from, name)) : citedPathExists(rest.join('/'), join(from, name)),
  );
}

const exportOf = (name: string) =>
  new RegExp(
    `export\\s+(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|type|interface|enum)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
  );
const wordOf = (name: string) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);

/**
 * What is wrong with the names and paths the recipes of `readme` cite in code spans: a path (`src/…`,
 * `lint/…`, `scripts/…`) that does not exist, or a name (`callOperation(…)`, `<Form …>`, `DataTable`,
 * `rowKey`) that no module under `sources` exports and no file or folder the same recipe cites holds (a
 * member such as `rowKey`, or what a library gives, such as `validateSearch`).
 */
function recipeProblems(readme: string, sources: string[]): string[] {
  const section = /^## Recipes\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const problems: string[] = [];
  for (const recipe of section.split(/\n\s*\n/).map((text) => text.trim())) {
    const spans = [...recipe.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
    const paths = spans.filter((span) => /^(?:src|scripts|e2e|docs|lint)\//.test(span));
    const title = /^\*\*([^*]+)\*\*/.exec(recipe)?.[1] ?? recipe.slice(0, 40);
    for (const path of paths) if (!citedPathExists(path)) problems.push(`${title} ${path}: no such file`);
    const cited = paths
      .filter((path) => !path.includes('<') && existsSync(join(root, path)))
      .flatMap((path) => filesUnder(join(root, path)).map((file) => readFileSync(file, 'utf8')));
    for (const span of spans) {
      const name = /^<?([A-Za-z_$][\w$]*)(?:$|[.(]|>$|\s[^>]*>$)/.exec(span)?.[1];
      if (name === undefined) continue;
      const known =
        sources.some((source) => exportOf(name).test(source)) ||
        cited.some((text) => wordOf(name).test(text));
      if (!known)
        problems.push(`${title} \`${span}\`: ${name} is exported nowhere under src/ nor in what it cites`);
    }
  }
  return problems;
}

describe("the README's recipes", () => {
  const sources = filesUnder(join(root, 'src'))
    .filter((path) => /\.tsx?$/.test(path))
    .map((path) => readFileSync(path, 'utf8'));

  it('finds a cited name or path that is not there', () => {
    const recipe = [
      '## Recipes',
      '',
      '**A form.** `useZodForm(schema)` and `<Form form onSubmit>` from `src/components/form/`, a',
      '`rowKey` of `DataTable` (`src/components/data-table.tsx`), `validateSearch` in `src/routes/`;',
      'then `<FormAlert>`, `showServerErrorz(form)`, `src/features/<area>/api/` and `src/lib/no-such.ts`.',
      '',
      '## Next',
    ].join('\n');
    expect(recipeProblems(recipe, sources)).toEqual([
      'A form. src/lib/no-such.ts: no such file',
      'A form. `<FormAlert>`: FormAlert is exported nowhere under src/ nor in what it cites',
      'A form. `showServerErrorz(form)`: showServerErrorz is exported nowhere under src/ nor in what it cites',
    ]);
  });

  it('cite names and paths that exist', () => {
    expect(recipeProblems(readFileSync(join(root, 'README.md'), 'utf8'), sources)).toEqual([]);
  });
});

// ---------- Environment variables ----------

const variable = '[A-Z][A-Z0-9_]*';

/** Variables bash sets itself, never read from the environment a script is given. */
const shellOwn = new Set([
  'PIPESTATUS',
  'BASH_SOURCE',
  'LINENO',
  'RANDOM',
  'PWD',
  'OLDPWD',
  'SECONDS',
  'IFS',
]);

/**
 * The environment variables a source file reads: `process.env.NAME`, `env.NAME` (readers handed
 * `process.env`), `env['NAME']`, `const { NAME } = process.env`, and names passed to a reader function
 * that reads `env[name]` (`setting('BENCH_ORDERS', …)`), and the keys of a shape handed to `readSettings`; in a shell script, `$NAME` and `${NAME:-…}` that
 * the script does not set itself. A dynamic read whose reader cannot be found is reported as `?…`, so that
 * no way of reading the environment goes unseen.
 */
function variablesRead(source: string, kind: 'script' | 'shell'): Set<string> {
  const names = new Set<string>();
  if (kind === 'shell') {
    const assigned = new Set(
      [...source.matchAll(new RegExp(`^\\s*(?:export\\s+|local\\s+)?(${variable})=`, 'gm'))].map((m) => m[1]),
    );
    for (const [, name] of source.matchAll(new RegExp(`\\$\\{?(${variable})(?![A-Za-z0-9_\\[])`, 'g'))) {
      if (!assigned.has(name) && !shellOwn.has(name as string)) names.add(name as string);
    }
    return names;
  }
  for (const [, name] of source.matchAll(new RegExp(`\\benv\\??\\.(${variable})\\b`, 'g')))
    names.add(name as string);
  for (const [, name] of source.matchAll(new RegExp(`\\benv\\[\\s*['"\`](${variable})['"\`]\\s*\\]`, 'g')))
    names.add(name as string);
  for (const [, list] of source.matchAll(/\{([^}]*)\}\s*=\s*(?:process\.)?env\b/g)) {
    for (const [, name] of (list as string).matchAll(new RegExp(`(?:^|[\\s,])(${variable})\\b`, 'g')))
      names.add(name as string);
  }
  for (const [, parameter] of source.matchAll(/\benv\[\s*([a-z_$][\w$]*)\s*\]/g)) {
    const reader = new RegExp(
      `(?:function\\s+([\\w$]+)\\s*\\(|(?:const|let)\\s+([\\w$]+)\\s*=\\s*(?:async\\s*)?(?:function\\s*)?\\()\\s*${parameter}\\b`,
    ).exec(source);
    const readerName = reader?.[1] ?? reader?.[2];
    if (readerName === undefined) {
      names.add(`?env[${parameter}]`);
      continue;
    }
    for (const [, name] of source.matchAll(
      new RegExp(`\\b${readerName}\\(\\s*['"\`](${variable})['"\`]`, 'g'),
    ))
      names.add(name as string);
  }
  // The variables of a zod shape handed to readSettings (src/http/environment-settings.ts).
  for (const [, shape] of source.matchAll(/\breadSettings\(\s*([\w$]+)/g)) {
    const declared = new RegExp(`(?:const|let)\\s+${shape}\\s*=\\s*\\{([\\s\\S]*?)\\n\\};`).exec(source);
    if (declared === null) {
      names.add(`?readSettings(${shape})`);
      continue;
    }
    for (const [, name] of (declared[1] as string).matchAll(new RegExp(`^\\s*(${variable}):`, 'gm')))
      names.add(name as string);
  }
  return names;
}

/**
 * Every source file that may read the environment: the code under src/ and scripts/, the journeys' support
 * and the tools' configuration. Unit tests (`*.test.ts(x)`) and journeys (`*.spec.ts`) are left out: they
 * set variables such as TZ to pin what they test and pass PATH on, rather than read settings.
 */
function sourceFiles(): string[] {
  const files: string[] = [];
  for (const folder of ['src', 'scripts', 'e2e']) {
    for (const name of readdirSync(join(root, folder), { recursive: true }).map(String)) {
      if (!/\.(ts|tsx|mjs|js|sh)$/.test(name) || /\.(test|spec)\.tsx?$/.test(name)) continue;
      if (name.endsWith('routeTree.gen.ts')) continue; // generated by the router
      files.push(join(root, folder, name));
    }
  }
  for (const name of readdirSync(root)) if (/\.config\.(ts|mjs|js)$/.test(name)) files.push(join(root, name));
  return files;
}

function variablesReadByTheCode(): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    for (const name of variablesRead(readFileSync(file, 'utf8'), file.endsWith('.sh') ? 'shell' : 'script')) {
      readers.set(name, [...(readers.get(name) ?? []), relative(root, file)]);
    }
  }
  return readers;
}

describe('docs/configuration.md', () => {
  it('reads the names in every way the code reads the environment', () => {
    const ts = [
      "const a = process.env.ALPHA_ONE; const b = env.BETA; const c = env?.GAMMA; const d = process.env['DELTA'];",
      'const { EPSILON, ZETA: z } = process.env;',
      'const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);',
      "const e = setting('ETA_COUNT', 3); c.env.incoming; import.meta.url;",
    ].join('\n');
    expect([...variablesRead(ts, 'script')].sort()).toEqual(
      ['ALPHA_ONE', 'BETA', 'DELTA', 'EPSILON', 'ETA_COUNT', 'GAMMA', 'ZETA'].sort(),
    );
    expect([...variablesRead('const x = process.env[key];', 'script')]).toEqual(['?env[key]']);
    const shape =
      'const variables = {\n  THETA_PORT: wholeNumber(1, 0, 9),\n  IOTA: text,\n};\nreadSettings(variables, env);';
    expect([...variablesRead(shape, 'script')].sort()).toEqual(['IOTA', 'THETA_PORT']);
    expect([...variablesRead('readSettings(elsewhere, env);', 'script')]).toEqual([
      '?readSettings(elsewhere)',
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a shell script, where ${…} reads a variable
    const sh = 'chromium=${CHROMIUM_PATH:-/usr/bin/chromium}\nOWN=1\necho "$OWN $HOME_DIR ${PIPESTATUS[0]}"';
    expect([...variablesRead(sh, 'shell')].sort()).toEqual(['CHROMIUM_PATH', 'HOME_DIR']);
  });

  it('names every environment variable the code reads', () => {
    const readers = variablesReadByTheCode();
    // The scan sees each way the project reads the environment; if one of these goes missing, it went blind.
    for (const known of [
      'WAREHOUSE_BASE_URL',
      'SANDBOX_PORT',
      'BENCH_ORDERS',
      'TEST_DATABASE_URL',
      'CHROMIUM_PATH',
    ])
      expect(readers.has(known), known).toBe(true);
    const documentation = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
    const missing = [...readers]
      .filter(
        ([name]) =>
          !new RegExp(`(?<![A-Za-z0-9_])${name.replace(/[^\w]/g, '\\$&')}(?![A-Za-z0-9_])`).test(
            documentation,
          ),
      )
      .map(([name, files]) => `${name} (read in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });
});
