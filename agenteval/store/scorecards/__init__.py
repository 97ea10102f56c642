"""Stored scorecard and word-library versions, read and written as plain records."""
