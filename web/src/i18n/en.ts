import { enMonitoring } from "./en-monitoring";
import { enScorecards } from "./en-scorecards";
import { enDaily } from "./en-daily";
import { enCompare } from "./en-compare";
import { enOffline } from "./en-offline";
import { enOps } from "./en-ops";
import { enReview } from "./en-review";
import { enRegression } from "./en-regression";
import { enStatic } from "./en-static";
import { enModels } from "./en-models";
import { enForms } from "./en-forms";
import { enSimulated } from "./en-simulated";
import { enOfflineSkipped } from "./en-offline-skipped";
import { enSearch } from "./en-search";
import { enWorkbench } from "./en-workbench";
import { enAgreement } from "./en-agreement";

/** English strings. zh.ts has exactly the same keys (checked by tsc and by i18n.test.ts). */
export const en = {
  common: { loading: "Loading…", back: "Back", yes: "Yes", no: "No" },
  error: { title: "The request failed", forbidden: "Your key's role may not do this; ask an ADMIN for an OPERATOR key." },
  nav: {
    label: "Main", home: "Home", intelligent: "Intelligent evaluation", static: "Static evaluation", targets: "Targets",
    scenarios: "Scenarios", campaigns: "Campaigns & runs", graphiql: "API (GraphiQL)", models: "Models", settings: "Settings", language: "Language",
  },
  key: {
    title: "Enter your API key",
    intro: "AgentEval needs an API key for every request. It stays in this browser only.",
    label: "API key",
    refused: "This key was not accepted",
    where: "The first start of the server prints an ADMIN key once. Create more with",
    howToGet: "Check the key, or create one on the server with:",
    save: "Use this key",
    signOut: "Forget key",
  },
  live: { connecting: "Connecting…", live: "Live", reconnecting: "Reconnecting…", failed: "Live updates stopped" },
  status: {
    DRAFT: "Draft", PLANNING: "Planning", PENDING_APPROVAL: "Waiting for approval", EXECUTING: "Executing",
    COMPLETED: "Completed", CANCELLED: "Cancelled", FAILED: "Failed", RUNNING: "Running", EXPIRED: "Expired", QUEUED: "Queued",
  },
  next: {
    DRAFT: "The eval is being set up.",
    PLANNING: "The planner is writing a test plan. It appears here when submitted.",
    PENDING_APPROVAL: "Review the plan below, then approve it or reject it with feedback for a revised plan.",
    EXECUTING: "Virtual users are talking to the target following the plan's timeline; progress updates live.",
    COMPLETED: "Done: open the report.",
    CANCELLED: "This eval was cancelled.",
    FAILED: "This eval failed; the reason is below.",
  },
  event: {
    CREATED: "Created", PLAN_SUBMITTED: "Plan submitted", PLAN_APPROVED: "Plan approved", PLAN_REJECTED: "Plan rejected",
    SESSION_CREATED: "Session started", MESSAGE_EXCHANGED: "Message", SESSION_CLOSED: "Session closed",
    SESSION_EXPIRED: "Session expired", SESSION_FAILED: "Session failed", REPORT_SUBMITTED: "Report submitted",
    CANCELLED: "Cancelled", FAILED: "Failed", COMPLETED: "Completed", AGENT_WOKEN: "Agent woken",
    HEARTBEAT: "Heartbeat", BUDGET_OVERRUN: "Budget overrun",
  },
  timeline: {
    created: "Evaluation created: {{name}}", planSubmitted: "Plan revision {{revision}} submitted",
    planApproved: "Plan revision {{revision}} approved", planRejected: "Plan rejected: “{{feedback}}”",
    sessionStarted: "Session {{session}} started", turn: "Session {{session}}, turn {{turn}}: the target replied in {{latency}} ms",
    turnFailed: "Session {{session}}, turn {{turn}}: the target failed ({{error}})",
    sessionClosed: "Session {{session}} closed with its verdict", sessionExpired: "Session {{session}} expired: no activity for too long",
    sessionFailed: "Session {{session}} ended unfinished", reportSubmitted_one: "Report submitted with {{count}} finding",
    reportSubmitted_other: "Report submitted with {{count}} findings", cancelled: "Evaluation cancelled",
    cancelledBecause: "Evaluation cancelled: “{{reason}}”", failed: "Evaluation failed: {{reason}}", completed: "Evaluation completed",
    woken: "Agent woken ({{driver}} driver)", wakeFailed: "Waking the agent failed ({{driver}} driver): {{error}}",
    heartbeats_one: "Heartbeat: “{{note}}”", heartbeats_other: "{{count}} heartbeats, the last: “{{note}}”",
    overrun: "Budget overrun (session {{session}}): {{used}} turns of {{budget}} allowed",
    planner: "planning agent", evaluator: "evaluating agent", analyst: "analyst agent", watchdog: "watchdog",
    roles: { planner: "planning agent", evaluator: "evaluating agent", analyst: "analyst agent" },
    until: "until {{time}}", who: "by {{who}}", sessionRef: "session {{session}}",
  },
  severity: { HIGH: "High", MEDIUM: "Medium", LOW: "Low" },
  list: {
    title: "Intelligent evaluations", new: "New evaluation", filterStatus: "Status", filterTarget: "Target",
    any: "Any", pageSize: "Per page", name: "Name", target: "Target", status: "Status", created: "Created",
    progress: "Sessions closed / planned", total_one: "{{count}} evaluation", total_other: "{{count}} evaluations", previous: "Previous", next: "Next",
    empty: "No evaluations yet. Create one with “New evaluation”; the demo bot is a ready target.",
    emptyFiltered: "No evaluation matches these filters. Clear a filter to see more.",
  },
  new: {
    redTeamPreset: "Fill in the red-team preset", title: "New intelligent evaluation", name: "Name", target: "Target", goal: "Goal", intent: "Intent",
    roleDescription: "Role of the tester", timeWindow: "Time window (hours)", seeds: "Seeds",
    language: "Report language", languageAuto: "From the goal", languageZh: "中文", languageEn: "English",
    languageHelp: "The language the built-in driver writes the plan, verdicts and report in. “From the goal” reads it from the goal (or the seeds).",
    asForm: "Form", asJson: "JSON", seedsJson: "Seeds as JSON", persona: "Persona {{n}}", personaName: "Name",
    patience: "Patience", patience_low: "Low", patience_medium: "Medium", patience_high: "High",
    background: "Background", personality: "Personality", removePersona: "Remove persona {{n}}",
    addPersona: "Add persona", seedGoal: "Goal {{n}}", goalText: "What the user wants", dimension: "Dimension",
    opening: "Script: opening message", followUps: "Script: follow-ups (one per line)",
    successSignals: "Script: success signals (one per line)", removeGoal: "Remove goal {{n}}", addGoal: "Add goal",
    create: "Create", fieldErrors: "Problems to fix",
    noTargets: "No targets yet: create one in the API (createTarget) or use the demo bot.",
  },
  manage: {
    next: "What happens next", failureReason: "Reason", created: "Created", started: "Started", completed: "Completed",
    lastActivity: "Last agent activity", actions: "Decision", progress: "Progress", plan: "Plan",
    planRevision: "Plan (revision {{revision}})", noPlan: "No plan yet: the planner is working on it.",
    lastFeedback: "Feedback on the last rejected plan", revision: "Revision {{revision}}", rejectedWith: "rejected with",
    sessions: "Sessions", noSessions: "No sessions yet: they start after the plan is approved.",
    inputs: "Your inputs", events: "Event timeline", openReport: "Open report", notFound: "No such evaluation.",
  },
  actions: {
    approve: "Approve", reject: "Reject with feedback", feedback: "Feedback for the planner",
    feedbackHint: "Required to reject, e.g. “use 3 sessions” or “focus on refunds”.",
    cancel: "Cancel evaluation", cancelReason: "Reason (optional)",
  },
  plan: {
    sessionsTable: "Sessions table",
    dimensions: "Dimensions", estimatedSessions: "Estimated sessions", budget: "Budget",
    budgetValue_one: "{{count}} turn per session, {{total}} in all", budgetValue_other: "{{count}} turns per session, {{total}} in all", completionCriteria: "Completion criteria",
    timeline: "Time distribution", timelineHint: "Hours after the start, across the {{hours}} h window.",
    virtualUsers: "Virtual users", persona: "Persona", goal: "Goal", dimension: "Dimension",
  },
  progress: {
    closedOfPlanned: "Sessions closed of planned", summary_one: "{{closed}} of {{count}} session closed", summary_other: "{{closed}} of {{count}} sessions closed",
    started: "Started", running: "Running", closed: "Closed", turns: "Turns used / budget", overruns: "Overruns",
    dimensions: "Dimensions covered",
  },
  report: {
    title: "Report: {{name}}", export: "Export Markdown", backToEval: "Back to the evaluation", summary: "Summary",
    submitted: "Submitted", scores: "Scores by dimension (0–10)", findings: "Findings", noFindings: "No findings.",
    suggestion: "Suggestion", relatedSop: "Related SOP", evidenceLink: "Evidence: turn {{turn}}",
    verified: "verified", unverified: "unconfirmed claim", unconfirmed: "not found in the transcript",
    userSaid: "User said", assistantReplied: "Assistant replied", noHighlights: "No highlights in this report.", highlights: "Highlights",
    recommendations: "Priority recommendations", notYet: "No report yet",
    notYetHint: "The analyst writes it when every session is closed; this page updates by itself.",
  },
  session: {
    title: "Session: {{persona}}", turns: "Turns", goalAchieved: "Goal achieved", achievement: "Achievement",
    transcript: "Transcript", turn: "Turn {{n}}", user: "Virtual user", assistant: "Target",
    latency: "{{ms}} ms", targetError: "Target error", verdict: "Verdict", suggestions: "Suggestions",
    times: "{{start}} → {{end}}", waiting: "Waiting for the first message…", empty: "No messages.",
    notFound: "No such session.",
  },
  settings: {
    title: "Settings", keyInUse: "A key ending in …{{suffix}} is in use.", newKey: "Replace with another key",
    apiKeys: "API keys", keyName: "Name", keyRole: "Role", createKey: "Create key",
    secretOnce: "The new key, shown only this once: copy it now.", lastUsed: "Last used", revoke: "Revoke",
    revoked: "Revoked",
  },
  ...enStatic,
  ...enReview,
  ...enRegression,
  ...enOps,
  ...enDaily,
  ...enCompare,
  ...enOffline,
  ...enModels,
  ...enScorecards,
  ...enMonitoring,
  ...enForms,
  ...enSimulated,
  ...enOfflineSkipped,
  ...enSearch,
  ...enWorkbench,
  ...enAgreement,
} as const;

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
/** The shape every language must have. */
export type Dictionary = Strings<typeof en>;
