/** English strings of the everyday pieces: the narrow-screen shell, confirmations, the error page (spread into en.ts). */
export const enDaily = {
  shell: { openNav: "Open navigation", closeNav: "Close navigation", signedInAs: "Signed in as {{name}} ({{role}})" },
  safe: {
    keep: "Keep it", close: "Close",
    revokeTitle: "Revoke the key “{{name}}”?",
    revokeConsequence: "Every request with this key is refused from now on, open live views included. This cannot be undone.",
    revokeConfirm: "Revoke the key",
    revokeOwn: "This is the key this browser is using: revoking it signs you out at once.",
    onlyAdmin: "only ADMIN key",
    onlyAdminHint: "The server keeps the last active ADMIN key: create another ADMIN key before revoking this one.",
    cancelEvalTitle: "Cancel the evaluation “{{name}}”?",
    cancelEvalConsequence: "Running sessions are stopped, no new ones start and the driver writes no report. A cancelled evaluation cannot be resumed.",
    cancelEvalConfirm: "Cancel the evaluation",
    cancelRunTitle: "Cancel the run “{{label}}”?",
    cancelRunConsequence: "Cases not yet done are not run; the outcomes so far stay. A cancelled run cannot be resumed.",
    cancelRunConfirm: "Cancel the run",
    cancelRunLabel: "Cancel run {{label}}",
  },
  boundary: {
    title: "This page could not be shown",
    chunk: "A part of the app could not be loaded: the server may be down, or a new version was deployed since this page was opened.",
    other: "Something went wrong while showing this page.",
    retry: "Try again", reload: "Reload the app", home: "Go to the home page", details: "Technical details",
    newBuild: "A new version of AgentEval was deployed.", newBuildAction: "Reload to use it",
  },
} as const;
