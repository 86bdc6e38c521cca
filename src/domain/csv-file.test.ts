import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, readCsvTable } from './csv-file';

describe('reading a CSV file', () => {
  it('decodes UTF-8 with or without a byte order mark, and Windows-1252 otherwise', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('\uFEFFcode\r\nCafé'))).toBe('code\r\nCafé');
    expect(decodeCsvBytes(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x80]))).toBe('Café€');
  });

  it('reads quoted fields, CRLF and a semicolon separator, skipping blank lines', () => {
    expect(readCsvTable('\uFEFFSKU;description\r\nA-1;"Mug; blue, ""big"""\r\n\r\nA-2;Cup\r\n')).toEqual({
      headers: ['SKU', 'description'],
      rows: [
        ['A-1', 'Mug; blue, "big"'],
        ['A-2', 'Cup'],
      ],
    });
    expect(readCsvTable('code,description\nB-1,"two\nlines"')?.rows).toEqual([['B-1', 'two\nlines']]);
  });

  it('has no table for an empty file', () => {
    expect(readCsvTable('')).toBeNull();
    expect(readCsvTable('\r\n\r\n')).toBeNull();
  });
});
