import { describe, expect, it } from "vitest";
import { deliveryState, eventLabelKey, eventsToSend, isKnownEvent } from "./webhookOptions";

describe("webhook options", () => {
  it("keeps ticked events in the server's order, once each", () => {
    expect(eventsToSend(["run.failed", "eval.plan_pending", "run.failed"])).toEqual(["eval.plan_pending", "run.failed"]);
    expect(eventsToSend([])).toEqual([]);
    expect(eventsToSend(["no.such"])).toEqual([]);
  });

  it("turns an event name into a label key without a nesting dot", () => {
    expect(eventLabelKey("eval.plan_pending")).toBe("ops.event.eval_plan_pending");
    expect(eventLabelKey("run.completed")).toBe("ops.event.run_completed");
    expect(isKnownEvent("run.completed")).toBe(true);
    expect(isKnownEvent("eval.started")).toBe(false);
  });

  it("reads the last delivery: none yet, delivered, failed", () => {
    expect(deliveryState(null)).toBe("never");
    expect(deliveryState(undefined)).toBe("never");
    expect(deliveryState(true)).toBe("ok");
    expect(deliveryState(false)).toBe("failed");
  });
});
