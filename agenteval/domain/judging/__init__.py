"""Judging a case attempt, shared by every system that judges dialogs: case specs, rule results, the three tiers, why a case failed, rule-spec validation."""
