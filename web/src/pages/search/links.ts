/** Where a search hit opens: the run's report, the session at its turn, the monitored conversation, the log. */
export type SearchKindName = "RUN" | "SESSION" | "MONITORED" | "IMPORTED";

export interface HitTarget {
  kind: SearchKindName;
  conversationId: string;
  ownerId: string;
  turnIndex: number;
}

export function hitLink(hit: HitTarget): string {
  const id = encodeURIComponent;
  switch (hit.kind) {
    case "RUN":
      return `/runs/${id(hit.ownerId)}`;
    case "SESSION":
      // The session page numbers turns from 1 (#turn-N).
      return `/evals/${id(hit.ownerId)}/sessions/${id(hit.conversationId)}#turn-${hit.turnIndex + 1}`;
    case "MONITORED":
      // A monitored message's position is not its dialog turn (turns are grouped from the
      // messages, which may arrive late or without a position): the conversation opens whole.
      return `/monitoring/conversations/${id(hit.conversationId)}`;
    case "IMPORTED":
      return `/logs/${id(hit.ownerId)}`;
  }
}

/** The kinds a filter value stands for (null: every kind). */
export function kindsOf(filter: string | null): SearchKindName[] | null {
  if (filter === "RUN" || filter === "SESSION" || filter === "MONITORED" || filter === "IMPORTED") return [filter];
  return null;
}
