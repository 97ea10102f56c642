"""Monitoring's pure records and rules: ingested turns, windows, trends and alert decisions (no I/O)."""
