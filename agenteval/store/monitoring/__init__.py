"""Monitoring's persistence: ingested turns, closing and claiming conversations, verdicts, hits."""
