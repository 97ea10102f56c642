"""Logged conversations: the readers of jsonl/openai/csv logs, their redaction, and what a log cannot be judged on."""
