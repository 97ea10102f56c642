/** English strings of the Models settings page and of provenance (spread into en.ts). */
export const enModels = {
  models: {
    title: "Models", intro: "The model each role uses: JUDGE for judged rules, PLANNER, SIMULATOR and ANALYST for the built-in driver's intelligent evaluations, MODERATION and EMBEDDING for safety and similarity rules. Roles set from the server's environment show here too; saving one stores it.",
    readOnly: "Read only: an ADMIN key edits model configs.",
    roles: { JUDGE: "JUDGE", SIMULATOR: "SIMULATOR", PLANNER: "PLANNER", ANALYST: "ANALYST", MODERATION: "MODERATION", EMBEDDING: "EMBEDDING" },
    roleHelp: {
      JUDGE: "Judges llm_score, intent_classification and task_completion rules.",
      SIMULATOR: "Plays the virtual users' turns in intelligent evaluations.",
      PLANNER: "Writes the evaluation plan from the goal and seeds.",
      ANALYST: "Writes each session's verdict and the final report.",
      MODERATION: "Checks replies in safety rules.",
      EMBEDDING: "Computes vectors for semantic similarity rules.",
    },
    configured: "Configured", notConfigured: "Not configured",
    unsetHelp: "No model: the work of this role falls back to scripts (or the rule cannot run). Set it here or with AGENTEVAL_{{role}}_MODEL.",
    provider: "Provider", model: "Model", baseUrl: "Base URL", defaultUrl: "the default OpenAI endpoint",
    apiKey: "API key", apiKeyAbsent: "none", apiKeyKept: "A key is stored; leave empty to keep it.", apiKeyNone: "No key stored.",
    params: "Params", paramsHint: "A JSON object, e.g. {\"max_tokens\": 300, \"structured_output\": \"auto\", \"timeout_s\": 180}.",
    noParams: "none (defaults)", paramsNotJson: "Not valid JSON.", paramsNotObject: "Must be a JSON object.",
    check: {
      title: "Check the models", hint: "One short call per configured role, of the kind that role makes (as `agenteval models check`): is it reachable, how long it took, whether usage is reported, which structured-output form works, and whether the sample answer matches the role's schema. Shown here, never stored.",
      run: "Check", results: "Check results", ok: "OK", notOk: "Not OK", latency: "{{ms}} ms",
      none: "No model is configured.", unavailable: "This server cannot check models.",
      columns: { role: "Role", result: "Result", reachable: "Reachable", usage: "Usage reported", form: "Structured output", valid: "Answer valid", sample: "Sample answer / error" },
    },
    settingsLink: "The model each role uses, and a check of each: on the Models page.",
    edit: "Edit", configure: "Configure", editOf: "Edit the {{role}} model", save: "Save", cancel: "Cancel",
  },
  provenance: {
    title: "Who produced this", method: "Method",
    methodHint: "Per role, the model or the script that produced the work, and why a fallback was taken.",
    roles: { planner: "Planner (plan)", simulator: "Simulator (virtual users' turns)", analystVerdicts: "Analyst (session verdicts)", analystReport: "Analyst (report)" },
    line: {
      model: "{{role}}: model {{model}}",
      none: "{{role}}: the script (no model configured)",
      script: "{{role}}: model {{model}}, fell back to the {{scripted}}: {{reason}}",
      mixed: "{{role}}: model {{model}} for {{byModel}} of {{total}} calls, the {{scripted}} for {{byScript}}: {{reason}}",
    },
    scripted: { planner: "scripted plan", simulator: "scripted turns", analystVerdicts: "scripted verdict", analystReport: "scripted report" },
    reasons: {
      timeout: "the model timed out", connection: "the model could not be reached", http_status: "the model answered an HTTP error",
      bad_response: "the model answered something that is not an OpenAI chat completion", invalid_output: "the model gave an invalid answer",
      cut: "the model's answer was cut at max_tokens", invalid_plan: "the model gave a plan that failed validation twice",
      invalid_verdict: "the model gave a verdict that failed validation", unknown: "the model failed",
    },
    detail: "Model error: {{detail}}",
  },
};
