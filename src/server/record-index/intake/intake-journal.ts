import { closeSync, ftruncateSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { type ReadDelivery, readDelivery } from './read-delivery';

/**
 * The journal of webhook deliveries answered before the index committed them: files beside the database
 * (`console.db-intake-N`), one delivery a line, written before the answer. A write that returned is in
 * the operating system's hands, as a commit is under the database's `synchronous = NORMAL`: a console
 * killed after it loses nothing. A file is deleted once all its deliveries are committed; those left by
 * a console that stopped first are stored again as it starts (the ones already held as duplicates).
 */
export type IntakeJournal = {
  /** Writes the deliveries; the number of the file they went to, or null if the write failed. */
  append(deliveries: readonly ReadDelivery[]): number | null;
  /**
   * `count` deliveries of file `file` are committed: a file whose deliveries all are is deleted (emptied,
   * if it takes the next ones).
   */
  settle(file: number, count: number): void;
  /** Closes the file in use, deleted if all its deliveries are committed. */
  close(): void;
};

const filePrefix = (databaseFile: string) => `${basename(databaseFile)}-intake-`;

/**
 * Claims the journal of `databaseFile` for this console until `release`: a second console on the same
 * database would store and delete the files the first still writes, and lose what it answered. The claim
 * is an exclusive SQLite lock on a file of its own, which the system lets go when the process ends, kill -9
 * included.
 */
export function claimJournal(databaseFile: string): { release(): void } {
  const lock = new Database(`${databaseFile}-intake.lock`, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new Error(
      `Another console is using ${databaseFile}: run one console per database file (set CONSOLE_DB to another file for a second one).`,
    );
  }
  return { release: () => lock.close() };
}

/** The journal files beside `databaseFile`, oldest first. */
export function journalFiles(databaseFile: string): { number: number; path: string }[] {
  const prefix = filePrefix(databaseFile);
  const directory = dirname(databaseFile);
  return readdirSync(directory)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ number: Number(name.slice(prefix.length)), path: join(directory, name) }))
    .sort((a, b) => a.number - b.number);
}

/**
 * A readable delivery is kept as its document's text and read again when replayed (by the code of that
 * day); an unreadable one as it was read.
 */
function journalLine(delivery: ReadDelivery): string {
  const kept =
    'version' in delivery
      ? { text: delivery.version.text, bytes: delivery.bytes }
      : { rejected: delivery.rejected, bytes: delivery.bytes, excerpt: delivery.excerpt };
  return `${JSON.stringify(kept)}\n`;
}

/** The deliveries of one journal file. A line cut short (a write the console did not live to finish) is skipped. */
export function readJournalFile(path: string): ReadDelivery[] {
  const deliveries: ReadDelivery[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    let kept: unknown;
    try {
      kept = JSON.parse(line);
    } catch {
      continue;
    }
    if (kept === null || typeof kept !== 'object') continue;
    const { text, bytes, rejected, excerpt } = kept as Record<string, unknown>;
    if (typeof bytes !== 'number') continue;
    if (typeof text === 'string') deliveries.push({ ...readDelivery(text), bytes });
    else if (typeof rejected === 'string')
      deliveries.push({ rejected, bytes, excerpt: String(excerpt ?? '') });
  }
  return deliveries;
}

/** Deletes a file, or leaves it when it cannot: what it holds is stored again, as duplicates, at the next start. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {}
}

export function openIntakeJournal(
  databaseFile: string,
  /**
   * A file takes no more deliveries past this size (about 300 deliveries): after a crash, what the
   * current file holds is stored again, and those already committed are counted again as duplicates.
   */
  { maxFileBytes = 1024 * 1024 }: { maxFileBytes?: number } = {},
): IntakeJournal {
  const directory = dirname(databaseFile);
  const pathOf = (number: number) => join(directory, `${filePrefix(databaseFile)}${number}`);
  let next = (journalFiles(databaseFile).at(-1)?.number ?? -1) + 1;
  let current: { number: number; fd: number; bytes: number } | null = null;
  /** Deliveries written to each file and not yet committed. */
  const unsettled = new Map<number, number>();

  function closeCurrent() {
    if (!current) return;
    const { number, fd } = current;
    current = null;
    try {
      closeSync(fd);
    } catch {}
    if (!unsettled.has(number)) removeQuietly(pathOf(number));
  }

  return {
    append(deliveries) {
      const text = deliveries.map(journalLine).join('');
      try {
        if (current && current.bytes >= maxFileBytes) closeCurrent();
        if (!current) {
          const number = next++;
          current = { number, fd: openSync(pathOf(number), 'a'), bytes: 0 };
        }
        const bytes = Buffer.byteLength(text);
        if (writeSync(current.fd, text) !== bytes) throw new Error('short write');
        current.bytes += bytes;
      } catch {
        // Whatever part was written stays behind a line cut short, skipped when replayed; the next
        // write starts a new file.
        closeCurrent();
        return null;
      }
      unsettled.set(current.number, (unsettled.get(current.number) ?? 0) + deliveries.length);
      return current.number;
    },
    settle(file, count) {
      const left = (unsettled.get(file) ?? 0) - count;
      if (left > 0) {
        unsettled.set(file, left);
        return;
      }
      unsettled.delete(file);
      if (current?.number !== file) {
        removeQuietly(pathOf(file));
        return;
      }
      // The file in use starts over rather than being deleted and made again for the next delivery.
      try {
        ftruncateSync(current.fd, 0);
        current.bytes = 0;
      } catch {
        closeCurrent();
      }
    },
    close() {
      closeCurrent();
    },
  };
}
