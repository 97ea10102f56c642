/** English strings of full-text search (spread into en.ts). */
export const enSearch = {
  search: {
    title: "Search conversations", label: "Search conversations", placeholder: "退款, refund…", submit: "Search",
    open: "Search",
    intro: "Type a word or two: every run transcript, session, monitored conversation and imported log is searched. Chinese is split into words, so 退款 finds 我想申请退款.",
    none: "No conversation contains “{{query}}”. Try fewer or other words.",
    total_one: "{{count}} conversation", total_other: "{{count}} conversations",
    results: "Results", untitled: "(deleted since)", kindLabel: "What to search",
    kind: { ALL: "All", RUN: "Runs", SESSION: "Sessions", MONITORED: "Monitoring", IMPORTED: "Logs" },
    where: "Turn {{turn}}, {{role}}", whereMessage: "A {{role}} message", role: { user: "user", bot: "bot" },
    matches_one: "{{count}} matching message", matches_other: "{{count}} matching messages",
    previous: "Previous", next: "Next",
    landedMessage: "The matching message", landedCase: "The matching case",
  },
} as const;
