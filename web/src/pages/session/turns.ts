/** Messages grouped by user turn, for a transcript read turn by turn. */
export interface TurnMessage {
  index: number;
  turnIndex: number;
  role: "USER" | "ASSISTANT";
}

export interface TurnGroup<M extends TurnMessage> {
  turnIndex: number;
  messages: M[];
}

export function groupByTurn<M extends TurnMessage>(messages: readonly M[]): TurnGroup<M>[] {
  const byIndex = new Map<number, M>();
  for (const message of messages) byIndex.set(message.index, message);
  const groups = new Map<number, M[]>();
  for (const message of [...byIndex.values()].sort((a, b) => a.index - b.index)) {
    const list = groups.get(message.turnIndex) ?? [];
    list.push(message);
    groups.set(message.turnIndex, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([turnIndex, list]) => ({ turnIndex, messages: list }));
}

/** `#turn-3` → 3 (1-based as shown on the page), or null. */
export function turnFromHash(hash: string): number | null {
  const match = /^#turn-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}
