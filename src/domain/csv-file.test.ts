import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, readCsvTable } from './csv-file';

describe('reading a CSV file', () => {
  it('decodes UTF-8 with or without a byte order mark, and Windows-1252 otherwise', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('\uFEFFcode\r\nCafé'))).toBe('code\r\nCafé');
    expect(decodeCsvBytes(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x80]))).toBe('Café€');
  });

  it('reads quoted fields, CRLF and a semicolon separator, skipping blank rows but not their numbers', () => {
    expect(
      readCsvTable('\uFEFFSKU;description\r\nA-1;"Mug; blue, ""big"""\r\n\r\n;\r\nA-2;Cup;\r\n'),
    ).toEqual({
      table: {
        headers: ['SKU', 'description'],
        rows: [
          ['A-1', 'Mug; blue, "big"'],
          ['A-2', 'Cup', ''],
        ],
        rowNumbers: [2, 5],
      },
    });
    expect(readCsvTable('code,description\nB-1,"two\nlines"\nB-2,x')).toEqual({
      table: {
        headers: ['code', 'description'],
        rows: [
          ['B-1', 'two\nlines'],
          ['B-2', 'x'],
        ],
        rowNumbers: [2, 3],
      },
    });
  });

  it('refuses a file whose values would land under the wrong column, naming the row', () => {
    expect(readCsvTable('code,description\nA-1,Mug\nA-2,"Cup\nA-3,Bowl\nA-4,Plate')).toEqual({
      problem: 'Row 3 has a quote that is never closed.',
    });
    expect(readCsvTable('code,description\nA-1,Mug\nA-2,Cup, blue')).toEqual({
      problem:
        'Row 3 has 3 values where the header names 2 columns: a value with a comma or semicolon in it needs quotes.',
    });
  });

  it('has no table for an empty file', () => {
    expect(readCsvTable('')).toEqual({ problem: 'It has no header line.' });
    expect(readCsvTable('\r\n\r\n')).toEqual({ problem: 'It has no header line.' });
  });
});
