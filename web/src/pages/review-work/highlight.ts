/** Where a quoted piece of evidence sits in a message: the text split so the quote can be marked. */
export interface Piece {
  text: string;
  quoted: boolean;
}

/** The message cut around every occurrence of the quote (ignoring surrounding whitespace). */
export function splitByQuote(content: string, quote: string | null): Piece[] {
  const needle = quote?.trim() ?? "";
  if (!needle) return [{ text: content, quoted: false }];
  const pieces: Piece[] = [];
  let from = 0;
  for (let at = content.indexOf(needle); at !== -1; at = content.indexOf(needle, from)) {
    if (at > from) pieces.push({ text: content.slice(from, at), quoted: false });
    pieces.push({ text: needle, quoted: true });
    from = at + needle.length;
  }
  if (from < content.length) pieces.push({ text: content.slice(from), quoted: false });
  return pieces.length ? pieces : [{ text: content, quoted: false }];
}

export interface TranscriptMessage {
  role: string;
  content: string;
  turn: number;
}

/** The transcript's JSON read into messages (anything malformed is left out). */
export function readTranscript(raw: unknown): TranscriptMessage[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m) => (m && typeof m === "object" && typeof m.content === "string"
    ? [{ role: String(m.role ?? ""), content: m.content, turn: typeof m.turn === "number" ? m.turn : 0 }]
    : []));
}

/** The turn the quote was found in when the rubric does not say (the first message containing it). */
export function turnOfQuote(messages: readonly TranscriptMessage[], quote: string | null): number | null {
  const needle = quote?.trim();
  if (!needle) return null;
  return messages.find((m) => m.content.includes(needle))?.turn ?? null;
}
