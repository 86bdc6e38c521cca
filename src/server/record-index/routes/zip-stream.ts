import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/** A file of a ZIP archive: its name and its bytes as they are made. */
export type ZipEntry = { name: string; content: AsyncIterable<Uint8Array> | Iterable<Uint8Array> };

const utf8 = new TextEncoder();

/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const flags = 0x0808;
const deflated = 8;

/** The DOS date and time a ZIP entry carries (local fields, two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function bytes(size: number, write: (view: DataView) => void): Uint8Array {
  const buffer = new Uint8Array(size);
  write(new DataView(buffer.buffer));
  return buffer;
}

/**
 * `source` deflated as it is read, counting what went in (`sums`). Deflate runs on libuv's threads, and
 * `source` is read only as fast as the output is taken: memory stays bounded whatever the size.
 */
async function* deflate(
  source: ZipEntry['content'],
  sums: { crc: number; size: number; compressed: number },
): AsyncGenerator<Uint8Array> {
  const stream = createDeflateRaw({ level: 6 });
  // Stops the feeding when the reader stops early: the source is then closed too.
  const stop = new AbortController();
  let failure: unknown = null;
  const feeding = (async () => {
    for await (const chunk of source) {
      if (stop.signal.aborted) return;
      sums.crc = crc32(chunk, sums.crc);
      sums.size += chunk.byteLength;
      if (!stream.write(chunk)) await once(stream, 'drain', { signal: stop.signal });
    }
    stream.end();
  })().catch((error: unknown) => {
    if (stop.signal.aborted) return;
    failure = error;
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      sums.compressed += chunk.byteLength;
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  } catch (error) {
    throw failure ?? error;
  } finally {
    stop.abort();
    stream.destroy();
    await feeding;
  }
  if (failure) throw failure;
}

/**
 * A ZIP archive of `entries`, made as it is read (sizes after each entry's data, so nothing is held whole).
 * Without ZIP64: an archive stays under 4 GiB, which a workbook of a million rows does.
 */
export async function* zipArchive(entries: Iterable<ZipEntry>, at = new Date()): AsyncGenerator<Uint8Array> {
  const { time, date } = dosTime(at);
  const central: Uint8Array[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const name = utf8.encode(entry.name);
    const header = bytes(30 + name.length, (view) => {
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true);
      view.setUint16(6, flags, true);
      view.setUint16(8, deflated, true);
      view.setUint16(10, time, true);
      view.setUint16(12, date, true);
      view.setUint16(26, name.length, true);
    });
    header.set(name, 30);
    yield header;
    const sums = { crc: 0, size: 0, compressed: 0 };
    yield* deflate(entry.content, sums);
    yield bytes(16, (view) => {
      view.setUint32(0, 0x08074b50, true);
      view.setUint32(4, sums.crc, true);
      view.setUint32(8, sums.compressed, true);
      view.setUint32(12, sums.size, true);
    });
    const record = bytes(46 + name.length, (view) => {
      view.setUint32(0, 0x02014b50, true);
      view.setUint16(4, 20, true);
      view.setUint16(6, 20, true);
      view.setUint16(8, flags, true);
      view.setUint16(10, deflated, true);
      view.setUint16(12, time, true);
      view.setUint16(14, date, true);
      view.setUint32(16, sums.crc, true);
      view.setUint32(20, sums.compressed, true);
      view.setUint32(24, sums.size, true);
      view.setUint16(28, name.length, true);
      view.setUint32(42, offset, true);
    });
    record.set(name, 46);
    central.push(record);
    offset += header.length + sums.compressed + 16;
    count += 1;
  }
  const directorySize = central.reduce((sum, record) => sum + record.length, 0);
  yield* central;
  yield bytes(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, count, true);
    view.setUint16(10, count, true);
    view.setUint32(12, directorySize, true);
    view.setUint32(16, offset, true);
  });
}
