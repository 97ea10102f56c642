"""The judge-alignment rows that still cross the store's port (the API's types read their
attributes): exported here so the engine names them without importing the models."""

from __future__ import annotations

from agenteval.store.models import AlignmentRow, JudgeDriftAlertRow, JudgeRevisionRow

__all__ = ["AlignmentRow", "JudgeDriftAlertRow", "JudgeRevisionRow"]
