"""The plan's budgets: the BUDGET_OVERRUN detail of one more session or turn; pure."""

from __future__ import annotations

from typing import Any

from agenteval.errors import BudgetExceeded


def overrun(kind: str, used: int, budget: int | None, enforce: bool) -> dict[str, Any] | None:
    """The overrun detail when `used` exceeds `budget` (BudgetExceeded when enforced)."""
    if budget is None or used <= budget:
        return None
    detail = {"kind": kind, "used": used, "budget": budget}
    if enforce:
        raise BudgetExceeded(f"the plan's budget allows {budget} {kind}; this would be {used}",
                             detail)
    return detail


def session_overrun(plan: dict[str, Any] | None, sessions: int, enforce: bool
                    ) -> dict[str, Any] | None:
    """The overrun of the plan's estimatedSessions by `sessions` (counting the new one)."""
    return overrun("sessions", sessions, (plan or {}).get("estimatedSessions"), enforce)


def turn_overruns(plan: dict[str, Any] | None, session_turns: int, total_turns: int,
                  enforce: bool) -> list[dict[str, Any]]:
    """The BUDGET_OVERRUN details of a turn (per session, then overall).

    `session_turns` / `total_turns` count the turn itself (the session's and the
    eval's turns once it is stored). Raises BudgetExceeded when enforced.
    """
    budget = (plan or {}).get("budget") or {}
    found = [overrun("turns", session_turns, budget.get("maxTurnsPerSession"), enforce),
             overrun("turns", total_turns, budget.get("totalMaxTurns"), enforce)]
    return [detail for detail in found if detail is not None]
