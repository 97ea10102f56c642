/** Timestamps from the API (ISO-8601 UTC) in the reader's locale. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    // One formatter per locale: building one per call is what makes long lists slow.
    format = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium" });
    formats.set(locale, format);
  }
  return format;
}

export function formatTime(value: string | null | undefined, locale: string): string {
  if (!value) return "—";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatFor(locale).format(date);
}
