// `npm run measure:bundle`: builds the dashboard into a scratch folder and prints the gzip size of the
// JavaScript the first page loads: the entry chunk and every chunk it imports statically (from Vite's
// manifest); lazily loaded route chunks are not counted. Goal: at most 160 KiB.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const goalKiB = 160;
const outDir = await mkdtemp(join(tmpdir(), 'console-bundle-'));
try {
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest: Manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((name) => manifest[name]?.isEntry);

  const initial = new Set<string>();
  const visit = (name: string) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const imported of manifest[name]?.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);

  let totalRaw = 0;
  let totalGzip = 0;
  const rows: string[] = [];
  for (const name of initial) {
    const file = manifest[name]?.file;
    if (!file?.endsWith('.js')) continue;
    const bytes = await readFile(join(outDir, file));
    const gzipped = gzipSync(bytes).length;
    totalRaw += bytes.length;
    totalGzip += gzipped;
    rows.push(
      `  ${file.padEnd(44)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KiB  ${(gzipped / 1024).toFixed(1).padStart(7)} KiB gzip`,
    );
  }
  const lazy = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js')).length - rows.length;
  console.log(`Initial JavaScript of the first page (entry ${entries.join(', ')} and its static imports):`);
  console.log(rows.join('\n'));
  console.log(
    `  total: ${(totalRaw / 1024).toFixed(1)} KiB, ${(totalGzip / 1024).toFixed(1)} KiB gzip (goal at most ${goalKiB} KiB gzip: ${
      totalGzip <= goalKiB * 1024 ? 'met' : 'NOT met'
    }); ${lazy} more chunk(s) load on demand`,
  );
} finally {
  await rm(outDir, { recursive: true, force: true });
}
