/**
 * Rows the API returned, saved as CSV or JSON with the API's own field names. CSV opens in
 * Excel as UTF-8 (a byte-order mark first), and a text cell that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is escaped with a leading
 * apostrophe. Numbers and booleans stay as they are; nested values become JSON text. Plain, tested.
 */
import type { JsonValue } from "../../graphql/graphql";

export type ExportRow = { readonly [field: string]: JsonValue | undefined };

const FORMULA_START = /^[=+\-@\t\r]/;
const BOM = "\uFEFF";

/** One cell's text: formula-like text escaped, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "string") text = FORMULA_START.test(value) ? `'${value}` : value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The columns: every field of every row, in the order they first appear. */
export function columnsOf(rows: readonly ExportRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (key !== "__typename") seen.add(key);
  return [...seen];
}

export function toCsv(rows: readonly ExportRow[]): string {
  const columns = columnsOf(rows);
  const lines = [columns.map((c) => csvCell(c)).join(","), ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(","))];
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

export function toJson(rows: readonly ExportRow[]): string {
  return `${JSON.stringify(rows, (key, value: unknown) => (key === "__typename" ? undefined : value), 2)}\n`;
}

/** Save `text` as a file from the browser. */
export function saveText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
