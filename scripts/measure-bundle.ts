// `npm run measure:bundle`: builds the dashboard into a scratch folder and prints the gzip size of the
// JavaScript the first page (`/`) needs before it can show (scripts/first-page-javascript.ts): the entry
// chunk, the home route's chunks, every chunk those import statically and every modulepreload of
// index.html. What the page fetches only after it shows (the environment badge's config, the notifications
// container) is listed apart. Goal: at most 160 KiB, which scripts/first-page-budget.test.ts holds in
// npm test; missed, it fails a full run. `--short` measures the same, goal not enforced.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { goalVerdict } from './bench-support';
import {
  type ChunkSize,
  firstPageGoalKiB,
  firstPageJavaScript,
  kib,
  totalBytes,
  totalGzip,
} from './first-page-javascript';

const outDir = await mkdtemp(join(tmpdir(), 'console-bundle-'));
try {
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true } });
  const { roots, initial, later } = await firstPageJavaScript(outDir);

  const report = (title: string, chunks: ChunkSize[]) => {
    console.log(title);
    for (const { file, bytes, gzipBytes } of chunks)
      console.log(`  ${file.padEnd(44)} ${kib(bytes).padStart(10)}  ${kib(gzipBytes).padStart(9)} gzip`);
  };

  report(`JavaScript the first page needs to show (${roots.join(', ')}):`, initial);
  console.log(
    `  total: ${kib(totalBytes(initial))}, ${kib(totalGzip(initial))} gzip (goal at most ${firstPageGoalKiB} KiB gzip: ${goalVerdict(
      totalGzip(initial) <= firstPageGoalKiB * 1024,
    )})`,
  );
  report('Fetched after the first page shows:', later);
  console.log(`  total: ${kib(totalBytes(later))}, ${kib(totalGzip(later))} gzip`);
} finally {
  await rm(outDir, { recursive: true, force: true });
}
