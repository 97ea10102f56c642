"""Intelligent evals' event log."""
