/** English strings of human review (spread into en.ts). */
export const enReview = {
  review: {
    title: "Human review",
    badge: "Human review: {{label}}",
    review: "Review", changeReview: "Change review", close: "Close",
    note: "Note (optional)", noteHint: "Why: shown with the review and in the reports.",
    by: "Reviewed by {{reviewer}} · {{time}}",
    saved: "Review saved.",
    onlyFinished: "Human review opens once this has finished.",
    automatic: "Automatic verdict",
    human: "Reviewer's answer",
    // Case outcomes
    caseQuestion: "Which success level is right for this case?",
    confirmLevel: "Confirm: {{level}}",
    correctTo: "Correct to {{level}}",
    confirmed: "Confirmed",
    corrected: "Corrected to {{level}}",
    // Findings
    findingQuestion: "Is this finding right?",
    confirm: "Confirm",
    reject: "Reject",
    decision: { CONFIRMED: "Confirmed by a reviewer", REJECTED: "Rejected by a reviewer" },
    // Sessions
    goalQuestion: "Goal achieved?",
    goalYes: "Yes, achieved",
    goalNo: "No, not achieved",
    automaticVerdict: "Goal achieved: {{answer}}",
    humanVerdict: "goal achieved: {{answer}}",
    noVerdict: "No automatic verdict yet.",
    notReviewed: "Not reviewed yet.",
    sessionColumn: "Reviewed",
    // Agreement
    agreementTitle: "Human agreement",
    agreement: "{{agreed}} of {{reviewed}} reviewed agree with the automatic judgement ({{percent}})",
    kappa: "Cohen's κ {{kappa}}",
    kappaUndefined: "κ undefined (one label only)",
    agreementHint: "How often reviewers agreed with the automatic judgement; κ corrects for chance agreement.",
    noneReviewed: "Nothing reviewed yet.",
    findingsReviewed: "Findings confirmed: {{confirmed}} · rejected: {{rejected}}",
    verdictAgreement: "Session verdicts",
    caseAgreement: "Case levels",
    // History
    history: "Review history ({{count}})",
    column: { time: "When", item: "Item", answer: "Review", reviewer: "Reviewer", note: "Note" },
    historyTarget: { case: "Case {{key}}, attempt {{attempt}}", finding: "Finding {{n}}", session: "Session {{id}}" },
    historyLabel: { CONFIRMED: "confirmed", REJECTED: "rejected", yes: "goal achieved", no: "goal not achieved" },
  },
} as const;
