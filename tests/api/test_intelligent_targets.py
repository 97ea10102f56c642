"""An intelligent eval needs a target it can talk to: the offline target only holds logs."""

from __future__ import annotations

from tests.api.intelligent_support import (
    CLOSE,
    SEND,
    VERDICT,
    CountingTarget,
    create_target,
    executing_eval,
    start_session,
    target_server,
)
from tests.api.offline_helpers import IMPORT, JUDGE, RULES, conversation, jsonl
from tests.support.graphql_client import GraphQLClient

__all__ = ["target_server"]  # a fixture

CREATE = """mutation($input: CreateIntelligentEvalInput!) {
  createIntelligentEval(input: $input) { id status } }"""
EVALS = "{ intelligentEvals { edges { node { id } } } }"
RUN_TARGET = "query($id: ID!) { run(id: $id) { target { id channelType } } }"
SEEDS = {"goals": [{"goal": "book a repair", "dimension": "booking"}]}


def eval_input(target: str) -> dict[str, object]:
    return {"name": "explore", "targetId": target, "goal": "book a repair", "seeds": SEEDS,
            "intent": "find flaws", "roleDescription": "customers"}


async def offline_target(gql: GraphQLClient) -> str:
    stored = (await gql.execute(IMPORT, {"document": jsonl([conversation(1)]),
                                         "format": "jsonl"}))["importConversations"]
    run = (await gql.execute(JUDGE, {"setId": stored["id"], "rules": RULES})
           )["judgeConversations"]
    target = (await gql.execute(RUN_TARGET, {"id": run["id"]}))["run"]["target"]
    assert target["channelType"] == "offline"
    return str(target["id"])


async def test_the_offline_target_is_refused_at_its_field_and_nothing_is_created(
        gql: GraphQLClient) -> None:
    target = await offline_target(gql)
    error = await gql.error(CREATE, {"input": eval_input(target)})
    assert error.code == "VALIDATION_FAILED"
    assert [e["path"] for e in error.details] == ["input.targetId"]
    assert "cannot talk" in error.details[0]["message"]
    assert (await gql.execute(EVALS))["intelligentEvals"]["edges"] == []


async def test_a_target_that_talks_is_accepted(gql: GraphQLClient) -> None:
    created = (await gql.execute(CREATE, {"input": eval_input(await create_target(gql))})
               )["createIntelligentEval"]
    assert created["status"] == "PLANNING"


async def test_a_session_whose_every_reply_failed_never_reached_its_goal(
        gql: GraphQLClient, target_server: CountingTarget) -> None:
    evaluation = await executing_eval(gql, await create_target(gql, target_server.url))
    session = await start_session(gql, evaluation["id"])
    for _ in range(2):
        error = await gql.error(SEND, {"id": session, "content": "BOOM please"})
        assert error.code == "TARGET_ERROR"
    closed = (await gql.execute(CLOSE, {"id": session, "verdict": VERDICT}))["closeSession"]
    verdict = closed["verdict"]
    assert verdict["goalAchieved"] is False and verdict["achievement"] == 0.0
    assert verdict["issues"][0] == {
        "description": "no turn was exchanged: every one of the 2 replies failed",
        "severity": "HIGH", "turnIndex": None}
    assert verdict["issues"][1:] == VERDICT["issues"]  # the agent's own issues are kept


async def test_a_session_without_a_message_never_reached_its_goal(
        gql: GraphQLClient, target_server: CountingTarget) -> None:
    evaluation = await executing_eval(gql, await create_target(gql, target_server.url))
    session = await start_session(gql, evaluation["id"])
    verdict = (await gql.execute(CLOSE, {"id": session, "verdict": {
        "goalAchieved": True, "achievement": 1.0}}))["closeSession"]["verdict"]
    assert not verdict["goalAchieved"]
    assert verdict["issues"][0]["description"].startswith("no turn was exchanged: the session")


async def test_one_answered_turn_leaves_the_agents_verdict_alone(
        gql: GraphQLClient, target_server: CountingTarget) -> None:
    evaluation = await executing_eval(gql, await create_target(gql, target_server.url))
    session = await start_session(gql, evaluation["id"])
    await gql.error(SEND, {"id": session, "content": "BOOM"})
    await gql.execute(SEND, {"id": session, "content": "book a repair"})
    verdict = (await gql.execute(CLOSE, {"id": session, "verdict": VERDICT})
               )["closeSession"]["verdict"]
    assert verdict["goalAchieved"] is True and verdict["issues"] == VERDICT["issues"]
