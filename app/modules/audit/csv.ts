/**
 * CSV for the owner's spreadsheet (RFC 4180): fields separated by commas, records ended by CRLF, a
 * field with a comma, quote, CR or LF wrapped in quotes with its quotes doubled.
 *
 * Reader-controlled text (a user agent, a resource name) must not run as a formula when the file is
 * opened in a spreadsheet (OWASP "CSV injection"): a cell starting with = + - @, a tab or a carriage
 * return gets a leading single quote, so the spreadsheet shows it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const UTF8_BOM = "\uFEFF";

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A whole file: the header record, then one record per row. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return UTF8_BOM + csvRecord(header) + rows.map(csvRecord).join("");
}
