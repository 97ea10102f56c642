"""Rules judged by the JUDGE model: scores, task completion, intent classification, and the judging machinery they share."""
