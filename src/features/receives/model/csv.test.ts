import { describe, expect, it } from 'vitest';
import { buildCsv, csvField } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('PO-1001')).toBe('PO-1001');
    expect(csvField(42.5)).toBe('42.5');
    expect(csvField(-3)).toBe('-3');
  });

  it('quotes separators, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('the "big" box')).toBe('"the ""big"" box"');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes nothing for missing values and non-finite numbers', () => {
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('buildCsv', () => {
  it('joins a header and rows with CRLF and ends with one', () => {
    expect(
      buildCsv(
        ['reference', 'note'],
        [
          ['PO-1', 'a,b'],
          ['PO-2', undefined],
        ],
      ),
    ).toBe('reference,note\r\nPO-1,"a,b"\r\nPO-2,\r\n');
  });
});
