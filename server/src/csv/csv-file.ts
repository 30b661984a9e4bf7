import { stringify } from 'csv-stringify/sync';

/** What a CSV cell may be given: dates become ISO-8601 UTC, booleans `true`/`false`, null empty. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * CSV text (UTF-8, CRLF, header first) through csv-stringify. Every text cell that starts with
 * `=`, `+`, `-`, `@`, tab or carriage return (or their full-width forms) is prefixed with `'`, so a
 * spreadsheet never runs it as a formula (rule 17; OWASP "CSV injection"). Numbers keep their sign:
 * a negative amount is data, not a formula. `numberDecimals` formats every number (money columns).
 * @example csvText([['name'], ['=HYPERLINK("x")']]) // 'name\r\n\'=HYPERLINK(""x"")\r\n' (quoted)
 */
export function csvText(
  rows: readonly (readonly CsvValue[])[],
  options: { numberDecimals?: number } = {},
): string {
  const { numberDecimals } = options;
  return stringify(
    rows.map((row) => [...row]),
    {
      escape_formulas: true,
      record_delimiter: 'windows',
      cast: {
        boolean: (value) => (value ? 'true' : 'false'),
        date: (value) => value.toISOString(),
        number: (value) =>
          numberDecimals === undefined ? String(value) : value.toFixed(numberDecimals),
      },
    },
  );
}

/**
 * A table with a header row of `columns` and one record per row, in column order.
 * @example csvTable(['id', 'name'], [{ id: '1', name: 'Ann' }])
 */
export function csvTable<C extends string>(
  columns: readonly C[],
  records: readonly Record<C, CsvValue>[],
): string {
  return csvText([columns, ...records.map((r) => columns.map((c) => r[c]))]);
}

/** Dollars with two decimals from integer cents, as CSV files show money (rule 17). */
export const csvDollars = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

/**
 * The `{fileName, file}` answer of every admin download (rule 17): `file` is the base64 of UTF-8 CSV.
 * @example csvFile('consultants', csvTable(columns, rows), now)
 */
export function csvFile(
  prefix: string,
  csv: string,
  now: Date,
): { fileName: string; file: string } {
  return {
    fileName: `${prefix}_${now.getTime()}.csv`,
    file: Buffer.from(csv, 'utf8').toString('base64'),
  };
}
