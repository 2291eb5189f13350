// CSV for spreadsheets, written by csv-stringify: RFC 4180 quoting, CRLF, a UTF-8 BOM (so Excel reads
// accents), cells that would run as formulas neutralised with a leading apostrophe.
import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | boolean | Date | null | undefined;

export const toCsv = (header: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  stringify([header, ...rows] as CsvValue[][], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    // Leading or trailing spaces are kept by quoting, as spreadsheets otherwise trim them.
    quoted_match: /^\s|\s$/,
    cast: { date: (value) => value.toISOString(), boolean: (value) => String(value) },
  });
