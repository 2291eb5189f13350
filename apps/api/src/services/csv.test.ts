import { describe, expect, it } from 'vitest';
import { type CsvValue, toCsv } from './csv.ts';

/** The one data row `toCsv` writes for `cells`, without the header and the line end. */
const row = (...cells: CsvValue[]) => toCsv(['h'], [cells]).split('\r\n')[1];

describe('toCsv', () => {
  it('quotes commas, quotes, line breaks (RFC 4180) and edge spaces', () => {
    expect(row('plain')).toBe('plain');
    expect(row('a,b')).toBe('"a,b"');
    expect(row('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv(['h'], [['two\r\nlines']])).toBe('\uFEFFh\r\n"two\r\nlines"\r\n');
    expect(row(' padded ')).toBe('" padded "');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const formula of ['=1+1', '+44 20', '-2', '@SUM(A1)']) expect(row(formula)).toBe(`'${formula}`);
    expect(row('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes empty cells for null, ISO dates, and plain numbers and booleans', () => {
    expect(row(null, undefined, new Date('2025-01-02T03:04:05Z'), 42, true)).toBe(',,2025-01-02T03:04:05.000Z,42,true');
  });

  it('starts with a UTF-8 BOM and ends every row with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', 'é']])).toBe('\uFEFFa,b\r\n1,é\r\n');
  });
});
