/** The webhook formats and event names the server accepts, and how a webhook's last delivery reads. */

export const WEBHOOK_FORMATS = ["JSON", "FEISHU", "DINGTALK", "WECOM", "SLACK"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_EVENTS = [
  "eval.plan_pending", "eval.completed", "eval.failed", "run.completed", "run.failed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** i18next reads dots as nesting, so the label of `eval.plan_pending` is under `eval_plan_pending`. */
const EVENT_LABEL_KEYS = {
  "eval.plan_pending": "ops.event.eval_plan_pending",
  "eval.completed": "ops.event.eval_completed",
  "eval.failed": "ops.event.eval_failed",
  "run.completed": "ops.event.run_completed",
  "run.failed": "ops.event.run_failed",
} as const satisfies Record<WebhookEvent, string>;

export function eventLabelKey<E extends WebhookEvent>(event: E): (typeof EVENT_LABEL_KEYS)[E] {
  return EVENT_LABEL_KEYS[event];
}

export function isKnownEvent(event: string): event is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(event);
}

/** Ticked events in the server's order, without duplicates; none ticked means every event. */
export function eventsToSend(ticked: readonly string[]): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((event) => ticked.includes(event));
}

export type DeliveryState = "never" | "ok" | "failed";

export function deliveryState(lastDeliveryOk: boolean | null | undefined): DeliveryState {
  if (lastDeliveryOk === null || lastDeliveryOk === undefined) return "never";
  return lastDeliveryOk ? "ok" : "failed";
}

/**
 * The server's checks of a new webhook (engine/notifications/webhooks.py: name and URL
 * required, at most 200 and 10,000 characters, an http(s) URL, a known format and events)
 * written as a JSON Schema, so the form says every problem before it sends.
 */
export const WEBHOOK_SCHEMA = {
  type: "object",
  required: ["name", "url", "format"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    url: { type: "string", minLength: 1, maxLength: 10_000, pattern: "^https?://" },
    format: { enum: [...WEBHOOK_FORMATS] },
    events: { type: "array", items: { enum: [...WEBHOOK_EVENTS] } },
  },
};
