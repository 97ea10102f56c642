"""GraphQL types of intelligent evaluation: evals, plans, events, sessions, reports."""
