/** English strings of notifications, deleting and cost (spread into en.ts). */
export const enOps = {
  ops: {
    delete: {
      button: "Delete", confirm: "Delete for good", keep: "Keep it",
      conflict: "It is not finished (any more), so the server keeps it. Reload the page to see its state.",
      evalLabel: "Delete evaluation {{name}}", evalTitle: "Delete the evaluation “{{name}}”?",
      evalConsequence: "Its plan history, sessions with their transcripts, event timeline and report are deleted with it. This cannot be undone.",
      runLabel: "Delete run {{label}}", runTitle: "Delete the run “{{label}}”?",
      runConsequence: "Its case outcomes, turns and rule results are deleted with it; the campaign stays. This cannot be undone.",
      webhookLabel: "Delete webhook {{name}}", webhookTitle: "Delete the webhook “{{name}}”?",
      webhookConsequence: "Messages still waiting for it are dropped and nothing more is sent to it.",
    },
    usage: {
      calls: "{{calls}} model calls", tokens: "{{total}} tokens ({{prompt}} prompt + {{completion}} completion)",
      cost: "≈ {{cost}}", free: "no cost", noPrice: "no price configured",
      estimate: "Estimated cost before approval", estimateHint: "From the plan's sessions and turn budget with the models configured now.",
      noEstimate: "No estimate until there is a plan.", used: "Model usage so far", run: "Model usage",
    },
    webhooks: {
      title: "Webhooks", intro: "Tell a team chat when a plan waits for approval or an evaluation or run ends.",
      adminOnly: "Only ADMIN keys manage webhooks.", empty: "No webhooks yet: add one below.",
      name: "Label", url: "URL", urlHint: "The incoming-webhook address; it holds a token, so it is never shown again.",
      format: "Format", events: "Events", eventsHint: "None ticked: every event.", allEvents: "all events",
      created: "Created", lastDelivery: "Last delivery", never: "not yet", ok: "delivered", failed: "failed",
      lastError: "Last error", create: "Add webhook", test: "Test", testLabel: "Test webhook {{name}}",
      testOk: "“{{name}}” took the test message.", testFailed: "“{{name}}” did not take the test message.",
      actions: "Actions",
    },
    event: {
      eval_plan_pending: "Plan waits for approval", eval_completed: "Evaluation completed",
      eval_failed: "Evaluation failed", run_completed: "Run completed", run_failed: "Run failed",
    },
  },
} as const;
