/** The import dialog's choices: the log format a file name suggests, and the redaction list. */
export const FORMATS = ["jsonl", "openai", "csv"] as const;
export type LogFormat = (typeof FORMATS)[number];

/** As `agenteval judge` guesses: .jsonl → jsonl, .csv → csv, anything else → openai. */
export function formatOf(fileName: string): LogFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".jsonl")) return "jsonl";
  if (lower.endsWith(".csv")) return "csv";
  return "openai";
}

/** Masked by pattern; any other word drops that metadata field. */
export const PATTERN_REDACTIONS = ["phone", "id_number", "email"] as const;

/** The redact list as typed: comma- or space-separated names, once each. */
export function redactNames(pattern: readonly string[], fields: string): string[] {
  const typed = fields.split(/[\s,，]+/).map((name) => name.trim()).filter(Boolean);
  return [...new Set([...pattern, ...typed])];
}
