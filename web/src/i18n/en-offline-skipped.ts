/** English strings of an offline run's scenario cases that could not judge the log (spread into en.ts). */
export const enOfflineSkipped = {
  offlineSkipped: {
    title: "Not judged offline: {{count}} case(s) of the scenario",
    hint: "These cases cannot judge a log (a simulated case; a latency rule when the log has no latencies). The run judged the log with the other cases.",
  },
} as const;
