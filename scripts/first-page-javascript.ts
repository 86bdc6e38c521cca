// The JavaScript the first page (`/`) needs before it shows, read off a build of the dashboard: the entry
// chunk, the home route's chunks, every chunk those import statically (Vite's manifest) and every chunk
// dist/index.html names (its module script and modulepreload links), each with its gzip size. What the
// entry imports dynamically apart from the routes (fetched once the page shows) is listed apart.
// `npm run measure:bundle` prints it; scripts/first-page-budget.test.ts holds the goal.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';

/** The goal for the first page's JavaScript, gzip. */
export const firstPageGoalKiB = 160;

export type ChunkSize = { file: string; bytes: number; gzipBytes: number };
export type FirstPageJavaScript = {
  /** What the page's own names are: the entry and the home route. */
  roots: string[];
  /** Loaded before the first page shows. */
  initial: ChunkSize[];
  /** Fetched after it shows. */
  later: ChunkSize[];
};

export const totalGzip = (chunks: ChunkSize[]) => chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
export const totalBytes = (chunks: ChunkSize[]) => chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The files of `dist/index.html`'s module scripts and modulepreload links, as in the manifest (assets/…). */
function filesIndexHtmlLoads(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /type="module"/.test(tag) || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1])
    .filter((file): file is string => file?.endsWith('.js') ?? false);
}

/** Reads a build made with `manifest: true` in `outDir`. */
export async function firstPageJavaScript(outDir: string): Promise<FirstPageJavaScript> {
  const manifest: Manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'));
  const names = Object.keys(manifest);
  const entries = names.filter((name) => manifest[name]?.isEntry);
  const homeRoute = names.filter((name) => name.startsWith('src/routes/index.tsx'));

  /** The files of `roots` and of every chunk they import statically, less those in `already`. */
  const closure = (roots: string[], already = new Set<string>()) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name];
      if (seen.has(name) || !chunk || already.has(chunk.file)) return;
      seen.add(name);
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const name of roots) visit(name);
    return files;
  };
  const initial = closure([...entries, ...homeRoute]);
  for (const file of filesIndexHtmlLoads(await readFile(join(outDir, 'index.html'), 'utf8')))
    initial.add(file);
  const later = closure(
    entries
      .flatMap((entry) => manifest[entry]?.dynamicImports ?? [])
      .filter((name) => !name.startsWith('src/routes/')),
    initial,
  );

  const sizes = async (files: Set<string>) =>
    Promise.all(
      [...files]
        .filter((file) => file.endsWith('.js'))
        .map(async (file) => {
          const bytes = await readFile(join(outDir, file));
          return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
        }),
    );
  return { roots: [...entries, ...homeRoute], initial: await sizes(initial), later: await sizes(later) };
}
