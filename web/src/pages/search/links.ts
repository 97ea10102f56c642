/** Where a search hit opens: the run's report at its case, the session at its turn, the monitored
 * conversation at its message, the log. */
export type SearchKindName = "RUN" | "SESSION" | "MONITORED" | "IMPORTED";

export interface HitTarget {
  kind: SearchKindName;
  conversationId: string;
  ownerId: string;
  turnIndex: number;
  /** MONITORED: the matching message's key (null from an older server: the conversation opens whole). */
  messageKey?: string | null;
  /** RUN: the attempt's case and attempt (null when the run was deleted since). */
  caseKey?: string | null;
  attempt?: number | null;
}

export function hitLink(hit: HitTarget): string {
  const id = encodeURIComponent;
  switch (hit.kind) {
    case "RUN": {
      if (hit.caseKey == null) return `/runs/${id(hit.ownerId)}`;
      // The report opens that case's card at the turn (counted from 1, as the card shows it).
      const attempt = hit.attempt ? `&attempt=${hit.attempt}` : "";
      return `/runs/${id(hit.ownerId)}?case=${id(hit.caseKey)}${attempt}&turn=${hit.turnIndex + 1}`;
    }
    case "SESSION":
      // The session page numbers turns from 1 (#turn-N).
      return `/evals/${id(hit.ownerId)}/sessions/${id(hit.conversationId)}#turn-${hit.turnIndex + 1}`;
    case "MONITORED":
      // A monitored message's position is not its dialog turn (turns are grouped from the
      // messages, which may arrive late or without a position): the link names the message.
      return `/monitoring/conversations/${id(hit.conversationId)}${hit.messageKey == null ? "" : `#message-${id(hit.messageKey)}`}`;
    case "IMPORTED":
      return `/logs/${id(hit.ownerId)}`;
  }
}

/** The kinds a filter value stands for (null: every kind). */
export function kindsOf(filter: string | null): SearchKindName[] | null {
  if (filter === "RUN" || filter === "SESSION" || filter === "MONITORED" || filter === "IMPORTED") return [filter];
  return null;
}
