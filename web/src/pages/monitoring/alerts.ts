/** What an alert's stored detail says, read defensively (it is the webhook event as raised). */
import type { JsonValue } from "../../graphql/graphql";

type JsonObject = { [key: string]: JsonValue };
const objectAt = (value: JsonValue | undefined): JsonObject | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;

export interface AlertFacts {
  quote: string | null;
  /** 0-based turn of a red line. */
  turn: number | null;
  externalId: string | null;
  drop: { value: number | null; low: number | null; high: number | null; previous: number | null; pValue: number | null } | null;
}

const numberAt = (object: JsonObject | null, key: string) => (object && typeof object[key] === "number" ? object[key] : null);

export function alertFacts(detail: JsonValue): AlertFacts {
  const root = objectAt(detail);
  const metric = objectAt(root?.metric);
  const conversation = objectAt(root?.conversation);
  return {
    quote: root && typeof root.quote === "string" ? root.quote : null,
    turn: numberAt(root, "turn"),
    externalId: conversation && typeof conversation.externalId === "string" ? conversation.externalId : null,
    drop: metric ? {
      value: numberAt(metric, "value"), low: numberAt(metric, "low"), high: numberAt(metric, "high"),
      previous: numberAt(metric, "previous"), pValue: numberAt(metric, "pValue"),
    } : null,
  };
}

/** The conversation page at the alert's turn (the link the webhook carries). */
export function conversationLink(conversationId: string, turn: number | null): string {
  return `/monitoring/conversations/${conversationId}${turn === null ? "" : `?turn=${turn}`}`;
}
