import { describe, expect, it } from 'vitest';
import { fieldWords, importReport, importReportCsv } from './import-report';

describe('the import report', () => {
  it('says every row of the file: the dry run’s refusals and codes already there, then what the creates answered', () => {
    const report = importReport(
      [
        { row: 2, productCode: 'A', outcome: 'ready', problems: [] },
        {
          row: 3,
          productCode: 'B',
          outcome: 'errors',
          problems: [{ field: 'dimHeight', message: 'Enter a number' }],
        },
        { row: 4, productCode: 'C', outcome: 'exists', problems: [] },
        { row: 5, productCode: 'D', outcome: 'ready', problems: [] },
      ],
      [{ row: 2, productCode: 'A', outcome: 'created', message: '' }],
    );
    expect(importReportCsv(report)).toBe(
      [
        'row,code,outcome,message',
        '2,A,created,',
        '3,B,refused,Height: Enter a number',
        '4,C,already existed,Already exists: left as it is',
        // Canceled before its batch was sent.
        '5,D,not sent,Not sent',
        '',
      ].join('\r\n'),
    );
  });

  it('names fields in the form’s words', () => {
    expect(fieldWords('productAttributes.1.key')).toBe('Attribute 2 key');
    expect(fieldWords('productDescription')).toBe('Description');
    expect(fieldWords('')).toBe('Row');
  });
});
