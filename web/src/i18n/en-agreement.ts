/** English strings of the judge-agreement page (spread into en.ts). */
export const enAgreement = {
  agreement: {
    nav: "Judge agreement",
    title: "Judge agreement over time",
    intro: "How often reviewers agree with each JUDGE rule, per judge model and judge revision: Cohen's κ with its 95 % interval, per day or week.",
    basisNote: "Basis: “item” counts per-item verdicts from review queues; “case” counts case-level reviews of attempts decided by their one JUDGE rule (the reviews alignment learns from).",
    rule: "Rule", model: "Judge model", allRules: "All rules", allModels: "All judge models",
    bucket: "Bucket", day: "Day", week: "Week",
    empty: "No reviewed judgements yet: review cases or queue items of runs judged by a JUDGE rule.",
    series: "{{rule}} · {{model}}",
    trendLabel: "κ of {{rule}} judged by {{model}} over time: {{summary}}",
    trendPoint: "{{bucket}} {{revision}}: κ {{kappa}}",
    revisionChange: "Revision changed to {{revision}}",
    ownExamples: "own examples",
    table: {
      caption: "Agreement of {{rule}} ({{model}}) per bucket and revision",
      bucket: "From", revision: "Revision", reviewed: "Reviewed", agreement: "Agreement", kappa: "κ (95 % interval)", basis: "Basis",
    },
    kappaUndefined: "undefined",
    changed: "new revision",
    agreed: "{{agreed}} of {{reviewed}} ({{share}})",
    basisLabel: { item: "item", case: "case", "item+case": "item + case" },
  },
};
