import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const formula of ['=1+1', '+44 20', '-2', '@SUM(A1)']) expect(csvCell(formula)).toBe(`'${formula}`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes empty cells for null, ISO dates, and plain numbers and booleans', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2025-01-02T03:04:05Z'))).toBe('2025-01-02T03:04:05.000Z');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
  });
});

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and ends every row with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', 'é']])).toBe('\uFEFFa,b\r\n1,é\r\n');
  });
});
