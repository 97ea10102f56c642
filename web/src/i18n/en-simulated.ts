/** English strings of the scenario editor's simulated-user form (spread into en.ts). */
export const enSimulated = {
  sim: {
    goal: "Goal", goalHelp: "What the simulated user wants from the bot; the dialog is judged on whether it gets there.",
    goalExample: "e.g. Book an air-conditioner repair for Saturday morning",
    opening: "Opening message", openingHelp: "The user's first message, sent as written. Empty: the SIMULATOR model writes it (model only).",
    simulator: "Who plays the user", simulatorHelp: "A script needs no model; the SIMULATOR model must be configured (Models page).",
    script: "Script: the opening, then the follow-ups", model: "SIMULATOR model",
    maxTurns: "Max turns", maxTurnsHelp: "The dialog ends after this many user turns (1–{{max}}).",
    followUps: "Follow-ups (one per line)",
    followUpsScriptHelp: "The user's messages after the opening, one a line, said in this order.",
    followUpsModelHelp: "Facts the SIMULATOR model may give when the bot asks (a name, a phone number), one a line.",
    stopOnDone: "Stop when the simulated user says it is done",
    stopOnDoneHelp: "The model says when the goal is reached or it gives up.",
    stopOnDoneScript: "Only a model says it is done: a script ends with its last follow-up.",
    stopWhen: "Stop when", stopPhrases: "Stop phrases", stopPhrasesHelp: "The dialog ends when a reply contains one of these (Enter after each), e.g. 预约成功.",
    persona: "Persona", personaName: "Name", personaNameExample: "e.g. 老王",
    background: "Background", backgroundExample: "e.g. Retired teacher, not used to apps",
    personality: "Personality", personalityExample: "e.g. Direct, gets impatient with long answers",
    patience: "Patience", patienceUnset: "Not set", patience_low: "Low", patience_medium: "Medium", patience_high: "High",
  },
} as const;
