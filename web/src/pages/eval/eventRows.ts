/**
 * The eval's events as a person reads them: what happened, who did it, when — in the UI's
 * language, sessions by their number (1, 2, …) rather than their ids (in free text too),
 * heartbeats folded into one row until something other than a message happens. Plain, tested; EventTimeline renders the rows.
 */
import i18next from "i18next";

export interface TimelineEvent {
  sequence: number;
  type: string;
  sessionId?: string | null;
  detail?: unknown;
  at: string;
}

export interface EventRow {
  key: string;
  type: string;
  /** The first event's time; `until` the last one's when events were folded. */
  at: string;
  until: string | null;
  who: string | null;
  what: string;
}

type Detail = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_IN_TEXT = /(?:session\s+)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

const asDetail = (value: unknown): Detail => (value && typeof value === "object" && !Array.isArray(value) ? value as Detail : {});
const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : "");

/** Rows, newest first, at most `limit`. */
export function eventRows(events: readonly TimelineEvent[], lang: string, limit = 200): EventRow[] {
  // Untyped keys here (the typed TFunction is too deep for tsc in a switch this long); the tests read every sentence.
  const t = i18next.getFixedT(lang.split("-")[0]) as unknown as Translate;
  const sessionNumbers = new Map<string, number>();
  const sessionOf = (event: TimelineEvent): string => {
    const id = event.sessionId ?? text(asDetail(event.detail).sessionId);
    if (!id) return "?";
    const known = id.toLowerCase();
    if (!sessionNumbers.has(known)) sessionNumbers.set(known, sessionNumbers.size + 1);
    return String(sessionNumbers.get(known));
  };
  // Ids inside free text (a driver's heartbeat note) become "session 2", or a short id when unknown.
  const humane = (value: string) => value.replace(UUID_IN_TEXT, (whole: string, id: string) => {
    const n = sessionNumbers.get(id.toLowerCase());
    return n ? t("timeline.sessionRef", { session: n }) : whole.replace(id, id.slice(0, 8));
  });
  const rows: EventRow[] = [];
  // Heartbeats fold into one row until something other than a heartbeat or a message happens.
  let heartbeats: { row: EventRow; count: number } | null = null;
  for (const event of events) {
    const detail = asDetail(event.detail);
    if (event.type === "HEARTBEAT") {
      const note = humane(text(detail.note)) || "—";
      if (heartbeats) {
        rows.splice(rows.indexOf(heartbeats.row), 1);
        heartbeats.count += 1;
        heartbeats.row.until = event.at;
      } else {
        heartbeats = { row: { key: `${event.sequence}:HEARTBEAT`, type: "HEARTBEAT", at: event.at, until: null, who: null, what: "" }, count: 1 };
      }
      heartbeats.row.what = t("timeline.heartbeats", { count: heartbeats.count, note });
      rows.push(heartbeats.row);
      continue;
    }
    if (event.type !== "MESSAGE_EXCHANGED") heartbeats = null;
    const said = describe(event, detail, t, sessionOf);
    rows.push({ key: `${event.sequence}:${event.type}`, type: event.type, at: event.at, until: null, who: said.who, what: humane(said.what) });
  }
  return rows.reverse().slice(0, limit);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

function describe(event: TimelineEvent, detail: Detail, t: Translate, sessionOf: (e: TimelineEvent) => string): { who: string | null; what: string } {
  const actor = text(asDetail(detail.actor).name) || null;
  const session = () => sessionOf(event);
  switch (event.type) {
    case "CREATED": return { who: actor, what: t("timeline.created", { name: text(detail.name) }) };
    case "PLAN_SUBMITTED": return { who: t("timeline.planner"), what: t("timeline.planSubmitted", { revision: text(detail.revision) || "?" }) };
    case "PLAN_APPROVED": return { who: actor, what: t("timeline.planApproved", { revision: text(detail.revision) || "?" }) };
    case "PLAN_REJECTED": return { who: actor, what: t("timeline.planRejected", { feedback: text(detail.feedback) }) };
    case "SESSION_CREATED": return { who: t("timeline.evaluator"), what: t("timeline.sessionStarted", { session: session() }) };
    case "MESSAGE_EXCHANGED": {
      const turn = typeof detail.turnIndex === "number" ? detail.turnIndex + 1 : "?";
      const error = text(detail.error);
      return {
        who: t("timeline.evaluator"),
        what: error ? t("timeline.turnFailed", { session: session(), turn, error })
          : t("timeline.turn", { session: session(), turn, latency: text(detail.latencyMs) || "?" }),
      };
    }
    case "SESSION_CLOSED": return { who: t("timeline.evaluator"), what: t("timeline.sessionClosed", { session: session() }) };
    case "SESSION_EXPIRED": return { who: t("timeline.watchdog"), what: t("timeline.sessionExpired", { session: session() }) };
    case "SESSION_FAILED": return { who: null, what: t("timeline.sessionFailed", { session: session() }) };
    case "REPORT_SUBMITTED": return { who: t("timeline.analyst"), what: t("timeline.reportSubmitted", { count: Number(detail.findings ?? 0) }) };
    case "CANCELLED": return { who: actor, what: text(detail.reason) ? t("timeline.cancelledBecause", { reason: text(detail.reason) }) : t("timeline.cancelled") };
    case "FAILED": return { who: null, what: t("timeline.failed", { reason: text(detail.reason) || "—" }) };
    case "COMPLETED": return { who: null, what: t("timeline.completed") };
    case "AGENT_WOKEN": {
      const role = t(`timeline.roles.${text(detail.role)}`, { defaultValue: text(detail.role) || "?" });
      const driver = text(detail.driver) || "?";
      return detail.ok === false
        ? { who: role, what: t("timeline.wakeFailed", { driver, error: text(detail.error) || "—" }) }
        : { who: role, what: t("timeline.woken", { driver }) };
    }
    case "HEARTBEAT": return { who: null, what: t("timeline.heartbeats", { count: 1, note: text(detail.note) || "—" }) };
    case "BUDGET_OVERRUN": return {
      who: null,
      what: t("timeline.overrun", { session: event.sessionId ? session() : "—", used: text(detail.used), budget: text(detail.budget) }),
    };
    default: return { who: actor, what: plainDetail(detail) };
  }
}

/** An unknown event's detail as "key: value" pairs, ids left out. */
export function plainDetail(detail: Detail): string {
  return Object.entries(detail)
    .filter(([, value]) => text(value) && !UUID.test(text(value)))
    .map(([key, value]) => `${key}: ${text(value)}`)
    .join(" · ");
}
