/**
 * The eval's events as a person reads them: what happened, who did it, when — in the UI's
 * language, sessions by their number (1, 2, …) rather than their ids, consecutive heartbeats
 * folded into one row. Plain, tested; EventTimeline renders the rows.
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
    if (!sessionNumbers.has(id)) sessionNumbers.set(id, sessionNumbers.size + 1);
    return String(sessionNumbers.get(id));
  };
  const rows: EventRow[] = [];
  for (const event of events) {
    const detail = asDetail(event.detail);
    const last = rows[rows.length - 1];
    if (event.type === "HEARTBEAT" && last?.type === "HEARTBEAT") {
      const count = Number(last.key.split(":")[2] ?? 1) + 1;
      last.key = `${last.key.split(":").slice(0, 2).join(":")}:${count}`;
      last.until = event.at;
      last.what = t("timeline.heartbeats", { count, note: text(detail.note) || "—" });
      continue;
    }
    rows.push({ key: `${event.sequence}:${event.type}:1`, type: event.type, at: event.at, until: null, ...describe(event, detail, t, sessionOf) });
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
