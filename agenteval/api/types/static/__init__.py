"""GraphQL types of static evaluation: scenarios, rule types, runs, outcomes, summaries, comparisons, conversation sets, regression drafts."""
