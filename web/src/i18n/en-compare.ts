/** English strings of comparing many runs (spread into en.ts). */
export const enCompare = {
  matrix: {
    pick: "Tick 2 to 10 runs on a campaign's page and press “Compare the picked runs”.",
    missing: "No such run: {{ids}}.", runs: "Compared runs", base: "Base", makeBase: "Make base", makeBaseOf: "Make {{label}} the base",
    remove: "Remove", removeOf: "Remove {{label}} from the comparison",
    add: "Add a run", addHint: "Runs of every campaign over “{{scenario}}”.", addPlaceholder: "Pick a run", passShort: "{{rate}}% passed",
    metrics: "Metrics per run", metric: "Metric", p50: "Latency p50", p95: "Latency p95", errors: "Errored attempts",
    significance: "Pass-rate change vs base", significant: "significant (p = {{p}})", noise: "may be noise (p = {{p}})",
    ci: "95% interval {{low}} … {{high}}", isBase: "the base",
    cases: "Cases × runs", filter: "Show cases",
    filters: { all: "All", regressed: "Regressed", improved: "Improved", unchanged: "Unchanged", flaky: "Flaky" },
    move: { regressed: "regressed", improved: "improved", unchanged: "unchanged" },
    absent: "not in this run", passedOf: "{{passed}}/{{total}} passed", flaky: "flaky",
    noCases: "No case matches this filter.", repliesOf: "Replies in {{label}}",
    differs: "differs from the base", ruleChanged: "changed",
    trend: "Pass and success rate over the runs", trendHint: "Each point is a run of this campaign, oldest first.",
  },
} as const;
