"""A planned session whose calls answer UNAVAILABLE (the database restarting) is played
again, with the same idempotency keys, instead of being dropped."""

from __future__ import annotations

from typing import Any

from agenteval.drivers.builtin.evaluator import Evaluator
from agenteval.drivers.builtin.graphql import ApiError

PLAN = {"dimensions": ["booking"], "estimatedSessions": 2,
        "virtualUsers": [{"persona": {"name": "Wang"}, "goal": "book a repair",
                          "dimension": "booking"}],
        "timeDistribution": [{"timeSlot": "0-1h", "sessions": 2}],
        "budget": {"maxTurnsPerSession": 1, "totalMaxTurns": 10}}


class FlakyApi:
    """The agent API in memory; createSession answers UNAVAILABLE `outages` times."""

    def __init__(self, outages: int) -> None:
        self.outages = outages
        self.created: list[str] = []
        self.closed: list[str] = []

    async def get_eval(self, eval_id: str) -> dict[str, Any]:
        return {"id": eval_id, "status": "EXECUTING", "plan": PLAN, "seeds": None,
                "progress": {"turnsUsed": 0}, "startedAt": None, "language": "en"}

    async def create_session(self, eval_id: str, session: dict[str, Any]) -> dict[str, Any]:
        if self.outages:
            self.outages -= 1
            raise ApiError("UNAVAILABLE", "the database is unreachable; try again shortly")
        self.created.append(session["idempotencyKey"])
        return {"id": f"s-{session['idempotencyKey']}", "status": "RUNNING", "turnCount": 0}

    async def send_message(self, session_id: str, text: str, key: str) -> dict[str, Any]:
        return {"reply": {"content": "booked", "error": None}}

    async def heartbeat(self, eval_id: str, note: str | None = None) -> dict[str, Any]:
        return {}

    async def transcript(self, session_id: str) -> dict[str, Any]:
        return {"id": session_id, "messages": [
            {"index": 0, "turnIndex": 0, "role": "USER", "content": "hi", "error": None},
            {"index": 1, "turnIndex": 0, "role": "ASSISTANT", "content": "booked",
             "error": None}]}

    async def close_session(self, session_id: str, verdict: dict[str, Any]) -> dict[str, Any]:
        self.closed.append(session_id)
        return {}


async def test_planned_sessions_are_played_again_after_unavailable() -> None:
    api = FlakyApi(outages=3)
    evaluator = Evaluator(api, "e", time_scale=0.0,  # type: ignore[arg-type]  # duck-typed
                          session_retry_delays=(0.0, 0.0, 0.0, 0.0))
    outcome = await evaluator.run()
    assert outcome.errors == []
    assert sorted(api.created) == ["0-0", "0-1"] and len(api.closed) == 2


async def test_a_session_still_unavailable_after_its_retries_is_reported() -> None:
    api = FlakyApi(outages=100)
    evaluator = Evaluator(api, "e", time_scale=0.0,  # type: ignore[arg-type]  # duck-typed
                          session_retry_delays=(0.0, 0.0))
    outcome = await evaluator.run()
    assert len(outcome.errors) == 2 and all("UNAVAILABLE" in e for e in outcome.errors)
