import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { journalFiles, openIntakeJournal, readJournalFile } from './intake-journal';
import { readDelivery } from './read-delivery';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function databaseFile() {
  const directory = mkdtempSync(join(tmpdir(), 'intake-journal-'));
  directories.push(directory);
  return join(directory, 'console.db');
}

const order = (reference: string) =>
  readDelivery(JSON.stringify(enteredOrder({ primaryReference: reference })));
const names = (file: string) => journalFiles(file).map(({ path }) => path.slice(file.length));

describe('the intake journal', () => {
  it('keeps what it was given, as read, and empties the file in use once all its deliveries are committed', () => {
    const file = databaseFile();
    const journal = openIntakeJournal(file);
    const unreadable = readDelivery('{"not": "a document"');
    const written = [order('SO-J1'), unreadable, order('SO-J2')];
    expect(journal.append(written)).toBe(0);
    expect(names(file)).toEqual(['-intake-0']);
    const path = journalFiles(file)[0]?.path ?? '';
    expect(readJournalFile(path)).toEqual(written);

    journal.settle(0, 2);
    expect(readJournalFile(path)).toEqual(written);
    journal.settle(0, 1);
    expect(readJournalFile(path)).toEqual([]);
    expect(journal.append([order('SO-J3')])).toBe(0);
    expect(readJournalFile(path)).toEqual([order('SO-J3')]);
    journal.settle(0, 1);
    journal.close();
    expect(names(file)).toEqual([]);
  });

  it('empties the file in use only once every delivery written to it is committed', () => {
    const file = databaseFile();
    const journal = openIntakeJournal(file);
    journal.append([order('SO-J1')]);
    journal.append([order('SO-J2')]);
    const path = journalFiles(file)[0]?.path ?? '';
    journal.settle(0, 1);
    expect(readJournalFile(path)).toEqual([order('SO-J1'), order('SO-J2')]);
    journal.settle(0, 1);
    expect(readJournalFile(path)).toEqual([]);
  });

  it('keeps a file with deliveries not yet committed when it closes', () => {
    const file = databaseFile();
    const journal = openIntakeJournal(file);
    journal.append([order('SO-J1'), order('SO-J2')]);
    journal.settle(0, 1);
    journal.close();
    expect(readJournalFile(journalFiles(file)[0]?.path ?? '')).toHaveLength(2);
  });

  it('starts a new file past its size, and deletes the old one only once its deliveries are committed', () => {
    const file = databaseFile();
    const journal = openIntakeJournal(file, { maxFileBytes: 1 });
    expect(journal.append([order('SO-J1')])).toBe(0);
    expect(journal.append([order('SO-J2')])).toBe(1);
    expect(names(file)).toEqual(['-intake-0', '-intake-1']);
    journal.settle(1, 1);
    expect(names(file)).toEqual(['-intake-0', '-intake-1']);
    journal.settle(0, 1);
    expect(names(file)).toEqual(['-intake-1']);
  });

  it('numbers its files after those a console left, and skips a line it did not live to finish', () => {
    const file = databaseFile();
    openIntakeJournal(file).append([order('SO-J1'), order('SO-J2')]);
    const [left] = journalFiles(file);
    const text = readFileSync(left?.path ?? '', 'utf8');
    // A write cut short: the first line whole, the second in part, as kill -9 may leave it.
    rmSync(left?.path ?? '');
    appendFileSync(left?.path ?? '', text.slice(0, text.indexOf('\n') + 40));
    expect(readJournalFile(left?.path ?? '')).toEqual([order('SO-J1')]);
    expect(openIntakeJournal(file).append([order('SO-J3')])).toBe(1);
  });

  it('answers null when it cannot write, so the delivery waits for its commit instead', () => {
    const file = databaseFile();
    const journal = openIntakeJournal(file);
    rmSync(join(file, '..'), { recursive: true });
    expect(journal.append([order('SO-J1')])).toBeNull();
  });
});
