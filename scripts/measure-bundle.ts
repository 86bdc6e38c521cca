// `npm run measure:bundle`: builds the dashboard into a scratch folder and prints the gzip size of the
// JavaScript the first page (`/`) needs before it can show: the entry chunk, the home route's chunks and
// every chunk those import statically (from Vite's manifest). What the page fetches only after it shows
// (the environment badge's config, the notifications container) is listed apart. Goal: at most 160 KiB;
// missed, it fails the run. `--short` measures the same, goal not enforced (the build is a few seconds).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { goalVerdict } from './bench-support';

const goalKiB = 160;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const outDir = await mkdtemp(join(tmpdir(), 'console-bundle-'));
try {
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest: Manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((name) => manifest[name]?.isEntry);
  const homeRoute = Object.keys(manifest).filter((name) => name.startsWith('src/routes/index.tsx'));

  /** `names` and every chunk they import statically, less those in `already`. */
  const closure = (names: string[], already = new Set<string>()) => {
    const found = new Set<string>();
    const visit = (name: string) => {
      if (found.has(name) || already.has(name)) return;
      found.add(name);
      for (const imported of manifest[name]?.imports ?? []) visit(imported);
    };
    for (const name of names) visit(name);
    return found;
  };
  const initial = closure([...entries, ...homeRoute]);
  const afterFirstPaint = closure(
    entries
      .flatMap((entry) => manifest[entry]?.dynamicImports ?? [])
      .filter((name) => !name.startsWith('src/routes/')),
    initial,
  );

  const report = async (title: string, names: Set<string>) => {
    let totalRaw = 0;
    let totalGzip = 0;
    console.log(title);
    for (const name of names) {
      const file = manifest[name]?.file;
      if (!file?.endsWith('.js')) continue;
      const bytes = await readFile(join(outDir, file));
      const gzipped = gzipSync(bytes).length;
      totalRaw += bytes.length;
      totalGzip += gzipped;
      console.log(`  ${file.padEnd(44)} ${kib(bytes.length).padStart(10)}  ${kib(gzipped).padStart(9)} gzip`);
    }
    return { totalRaw, totalGzip };
  };

  const first = await report(
    `JavaScript the first page needs to show (${[...entries, ...homeRoute].join(', ')}):`,
    initial,
  );
  console.log(
    `  total: ${kib(first.totalRaw)}, ${kib(first.totalGzip)} gzip (goal at most ${goalKiB} KiB gzip: ${goalVerdict(
      first.totalGzip <= goalKiB * 1024,
    )})`,
  );
  const later = await report('Fetched after the first page shows:', afterFirstPaint);
  console.log(`  total: ${kib(later.totalRaw)}, ${kib(later.totalGzip)} gzip`);
} finally {
  await rm(outDir, { recursive: true, force: true });
}
