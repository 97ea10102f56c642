"""The built-in driver's waker reaches the service only through the ports it is given."""

from __future__ import annotations

from typing import Any

from agenteval.config import Settings
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.runner import RECENT_RESULTS, BuiltinWaker
from agenteval.llm import ModelRegistry


class Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, eval_id: str, detail: dict[str, Any]) -> None:
        self.events.append((eval_id, detail))


async def no_models(eval_id: str) -> ModelRegistry | None:
    return None


async def test_an_api_that_cannot_be_reached_is_recorded_as_a_failed_wake_up() -> None:
    def connect() -> AgentEvalApi:
        raise RuntimeError("schema broken")

    record = Recorder()
    await BuiltinWaker(Settings(), connect, record, no_models).wake("e1", "planner", 0)
    assert record.events == [("e1", {"role": "planner", "driver": "builtin", "ok": False,
                                     "error": "cannot start the built-in driver: schema broken"})]


async def test_a_wake_up_records_its_run_then_drives_the_role_through_the_api() -> None:
    class Api:
        async def get_eval(self, eval_id: str) -> dict[str, Any]:
            return {"id": eval_id, "status": "COMPLETED"}

    record, connected = Recorder(), []

    def connect() -> AgentEvalApi:
        connected.append(True)
        return Api()  # type: ignore[return-value]  # only get_eval is used for a finished eval

    waker = BuiltinWaker(Settings(), connect, record, no_models)
    await waker.wake("e1", "planner", 0)
    await waker.wake("e1", "analyst", 0)
    assert [detail["ok"] for _, detail in record.events] == [True, True]
    assert len({detail["runId"] for _, detail in record.events}) == 2
    assert len(connected) == 1, "the client is made once"
    assert [(r.role, r.acted) for r in waker.results] == [("planner", False), ("analyst", False)]


async def test_a_long_lived_waker_keeps_only_its_last_results() -> None:
    class Api:
        async def get_eval(self, eval_id: str) -> dict[str, Any]:
            return {"id": eval_id, "status": "COMPLETED"}

    waker = BuiltinWaker(Settings(), lambda: Api(), Recorder(), no_models)  # type: ignore[arg-type,return-value]  # only get_eval is used
    for revision in range(RECENT_RESULTS + 5):
        await waker.wake(f"e{revision}", "planner", revision)
    assert len(waker.results) == RECENT_RESULTS  # a server runs for months: bounded
