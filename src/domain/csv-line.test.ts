import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-line';

describe('a CSV line', () => {
  it('quotes only cells that need it, doubling quotes, and ends in CRLF', () => {
    expect(csvLine(['SO-1', 'Doe, Jane', 'say "hi"', 'two\nlines', 3.5, true, null])).toBe(
      'SO-1,"Doe, Jane","say ""hi""","two\nlines",3.5,true,\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('defuses text that a spreadsheet would run: %j', (text, cell) => {
    expect(csvLine([text])).toBe(`${cell}\r\n`);
  });

  it('leaves numbers and ordinary text alone', () => {
    expect(csvLine([-1, 'Jane = boss'])).toBe('-1,Jane = boss\r\n');
  });
});
