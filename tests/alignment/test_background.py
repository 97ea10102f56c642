"""alignJudge answers at once with a RUNNING attempt; the judge works in the background; the
outcome is recorded (fenced by the attempt's lease) with a webhook event; a failing judge or
a dead process leaves the attempt FAILED, never ADOPTED and never RUNNING forever."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from actors import ActorSystem, OwnedSystem, OwnershipLost
from actors.delivery import Delivery, delivering
from actors.ownership import lease_name
from agenteval.api.context import Context
from agenteval.api.schema import build_schema
from agenteval.domain.owned_kinds import ALIGNMENT
from agenteval.engine.alignment import background
from agenteval.engine.alignment.align import AlignRequest
from agenteval.engine.alignment.background import alignment_kind
from agenteval.store import leases
from agenteval.store.judge_revisions import alignments
from agenteval.store.judge_revisions.alignments import ABANDONED, Outcome
from agenteval.store.judge_revisions.revisions import list_revisions
from agenteval.store.models import AlignmentRow, WebhookDelivery
from tests.alignment.case_rows import p_cases, stored_run
from tests.alignment.pattern_judge import MODEL, mixed, pattern_answer, source_of
from tests.alignment.test_alignment_api import ALIGN, SET_MODEL, finished
from tests.support.fake_llm_server import FakeLLMServer, Respond
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

READ = """{ alignments(ruleType: "llm_score") { id decision } }"""
UPDATES = """subscription($id: ID!) { alignmentUpdates(id: $id) { id decision } }"""
SCHEMA = build_schema()


@pytest.fixture
async def owned(db: str) -> AsyncIterator[OwnedSystem]:
    """This process's runtime with the `alignment` kind declared, as the root declares it."""
    system = OwnedSystem(ActorSystem(), leases.DatabaseLeases(), [alignment_kind(30.0)])
    yield system
    await system.shutdown()


async def _next(stream: Any) -> Any:
    result = await asyncio.wait_for(stream.__anext__(), 60)
    assert not result.errors, result.errors
    return result.data["alignmentUpdates"]


async def test_the_request_answers_while_a_slow_judge_works(gql: GraphQLClient,
                                                            app: Any) -> None:
    await gql.execute("""mutation { createWebhook(name: "qa", url: "http://127.0.0.1:9/h",
                                   events: ["review.alignment_finished"]) { id } }""")
    await stored_run(p_cases(40, "P") + p_cases(40, "good") + p_cases(40, "bad"))
    judge_may_answer = asyncio.Event()

    async def slow_judge(body: Any) -> str:
        await judge_may_answer.wait()  # the judge answers nothing until the test says so
        return pattern_answer(body)

    async with FakeLLMServer(chat=slow_judge) as llm:
        await gql.execute(SET_MODEL, {"input": {"provider": "openai", "baseUrl": llm.url,
                                                "model": MODEL}})
        began = time.monotonic()
        started = (await gql.execute(ALIGN, {"rule": "llm_score"}))["alignJudge"]
        assert time.monotonic() - began < 5
        assert started["decision"] == "RUNNING" and started["before"] is None
        for _ in range(100):  # the judge is being asked, and has not answered
            if llm.max_in_flight:
                break
            await asyncio.sleep(0.05)
        assert llm.max_in_flight > 0
        assert (await gql.execute(READ))["alignments"] == [{"id": started["id"],
                                                             "decision": "RUNNING"}]
        updates = await SCHEMA.subscribe(UPDATES, variable_values={"id": started["id"]},
                                         context_value=Context(services=app.state.services,
                                                               secret=ADMIN_KEY))
        try:
            assert (await _next(updates))["decision"] == "RUNNING"
            judge_may_answer.set()
            assert (await _next(updates))["decision"] == "ADOPTED"  # once more, as it ends
            with pytest.raises(StopAsyncIteration):
                await _next(updates)
        finally:
            await updates.aclose()
        done = await finished(gql, started)
    assert done["decision"] == "ADOPTED", done["reason"]
    assert done["finishedAt"] is not None and done["adoptedRevision"] == 1
    [delivery] = await WebhookDelivery.all()
    assert delivery.event == "review.alignment_finished"
    assert delivery.detail["alignmentId"] == started["id"]
    assert delivery.detail["decision"] == "ADOPTED"


async def _registry_of(url: str) -> Any:
    from agenteval.llm import ModelEndpoint, ModelRegistry
    return ModelRegistry([ModelEndpoint(role="JUDGE", model=MODEL, base_url=url,
                                        params={"backoff_s": 0.01, "timeout_s": 2,
                                                "max_retries": 1})])


async def test_a_failing_judge_model_fails_the_attempt_with_its_reason(
        owned: OwnedSystem) -> None:
    async with FakeLLMServer(chat=lambda body: Respond(status=500, body={"error": "down"})
                             ) as llm:
        row = await background.start(AlignRequest("llm_score", "en"),
                                     source_of(mixed(40, "P")),
                                     lambda: _registry_of(llm.url), None, owned)
        assert row.decision == "RUNNING"
        await background.wait_all()
    failed = await AlignmentRow.get(id=row.id)
    assert failed.decision == "FAILED" and failed.finished_at is not None
    assert "could not judge 60 of 60 held-out items" in failed.reason
    assert "500" in failed.reason  # the judge's own error is recorded
    assert failed.adopted_revision is None
    assert await list_revisions("llm_score", "en", MODEL) == []


async def test_an_exception_is_the_attempt_s_failure(owned: OwnedSystem) -> None:
    async def broken(rule_type: str, language: str) -> list[Any]:
        raise RuntimeError("the reviews could not be read")

    async with FakeLLMServer(chat=pattern_answer) as llm:
        row = await background.start(AlignRequest("llm_score", "en"), broken,
                                     lambda: _registry_of(llm.url), None, owned)
        await background.wait_all()
    current = await leases.current(lease_name(ALIGNMENT, str(row.id)))
    assert current is not None and not current[2]  # the runtime gave the key up
    failed = await AlignmentRow.get(id=row.id)
    assert failed.decision == "FAILED"
    assert failed.reason == ("the attempt failed: RuntimeError: the reviews could not be read")


async def test_an_attempt_whose_process_died_is_failed_by_the_takeover(
        owned: OwnedSystem) -> None:
    # Another process claimed the attempt's key and recorded it RUNNING, then died: its
    # lease is no longer renewed and lapses.
    alignment_id = uuid.uuid4()
    name = lease_name(ALIGNMENT, str(alignment_id))
    dead = await leases.DatabaseLeases(owner="dead-host:1:abcd").claim(name, 0.3)
    assert dead is not None
    await AlignmentRow.create(id=alignment_id, decision="RUNNING", reason="running",
                              rule_type="llm_score", language="en", judge_model=MODEL,
                              strategy="MOST_RECENT", seed=39)
    assert await owned.take_over_once() == 0  # live: nothing to take over yet
    assert (await AlignmentRow.get(id=alignment_id)).decision == "RUNNING"
    await asyncio.sleep(0.4)
    assert await owned.take_over_once() == 1
    row = await AlignmentRow.get(id=alignment_id)
    assert (row.decision, row.reason) == ("FAILED", ABANDONED) and row.finished_at
    current = await leases.current(name)
    assert current is not None and current[0] == "" and current[1] == dead.epoch + 1
    assert await owned.take_over_once() == 0  # FAILED: not lapsed any more
    # Should the old owner wake up, its outcome is refused by the fence it still carries.
    late = Outcome({"decision": "ADOPTED", "reason": "late"}, [{"dialog_excerpt": "x",
                                                                 "score": 0}])
    with delivering(Delivery(dead)), pytest.raises(OwnershipLost):
        await alignments.write(late, into=row)
    assert (await AlignmentRow.get(id=alignment_id)).decision == "FAILED"
    assert await list_revisions("llm_score", "en", MODEL) == []
