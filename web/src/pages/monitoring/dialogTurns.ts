/**
 * A monitored conversation's messages as the turns the server judges (domain/monitoring/dialogs.py):
 * a turn starts at each user message (or at the first message), and the replies and tool messages
 * after it belong to it. Red-line hits and rule details name these turns (0-based).
 */
export interface TurnMessage { role: string; content: string; sentAt: string; position: number | null }

export interface DialogTurn<M extends TurnMessage> { index: number; messages: M[] }

export function dialogTurns<M extends TurnMessage>(messages: readonly M[]): DialogTurn<M>[] {
  const turns: DialogTurn<M>[] = [];
  for (const message of messages) {
    if (message.role === "user" || turns.length === 0) turns.push({ index: turns.length, messages: [] });
    turns[turns.length - 1].messages.push(message);
  }
  return turns;
}

/** The `?turn=` of a link (alerts carry `/monitoring/conversations/{id}?turn=N`), or null. */
export function turnFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get("turn");
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}
