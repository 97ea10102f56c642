"""Scorecards (质检方案): documents, per-conversation scoring and aggregates — pure.

Shared by static runs, offline judging and monitoring, so it sits below the systems
in the domain-systems contract (pyproject.toml).
"""
