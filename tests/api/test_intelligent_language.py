"""An intelligent eval's language: given on creation, or read from its goal and seeds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.intelligent_support import create_target
from tests.support.graphql_client import GraphQLClient

CREATE = """mutation($input: CreateIntelligentEvalInput!) {
  createIntelligentEval(input: $input) { id language seeds } }"""
EVALS = "{ intelligentEvals { edges { node { id language } } } }"
ZH_SEEDS = {"personas": [{"name": "老王", "patience": "low"}],
            "goals": [{"goal": "预约空调维修", "dimension": "维修预约"}]}
EN_SEEDS = {"personas": [{"name": "Lisa", "patience": "medium"}],
            "goals": [{"goal": "book a repair", "dimension": "booking"}]}


def eval_input(target: str, goal: str, seeds: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"name": "language", "targetId": target, "goal": goal, "seeds": seeds,
            "intent": "i", "roleDescription": "r", **extra}


@pytest.mark.parametrize(("goal", "seeds", "language"), [
    ("评估客服能否完成维修预约", ZH_SEEDS, "zh"),
    ("Check that the bot books repairs", EN_SEEDS, "en"),
    # A Chinese goal naming its product in Latin letters is still Chinese.
    ("评估 HomeCare 的 Mia 能否完成维修预约", EN_SEEDS, "zh"),
    # The goal is the reader's language; the customers may speak another.
    ("Check that the bot books repairs", ZH_SEEDS, "en"),
    ("2026-12", ZH_SEEDS, "zh"),  # a goal without letters: the seeds tell
    ("2026-12", {}, "en"),  # no text to tell: English
])
async def test_without_a_language_the_goal_and_then_the_seeds_decide(
        gql: GraphQLClient, goal: str, seeds: dict[str, Any], language: str) -> None:
    target = await create_target(gql)
    created = await gql.execute(CREATE, {"input": eval_input(target, goal, seeds)})
    assert created["createIntelligentEval"]["language"] == language
    assert "language" not in created["createIntelligentEval"]["seeds"]


async def test_a_given_language_wins_over_the_texts_and_is_kept_in_the_seeds(
        gql: GraphQLClient) -> None:
    target = await create_target(gql)
    created = (await gql.execute(CREATE, {"input": eval_input(
        target, "评估客服能否完成维修预约", ZH_SEEDS, language="en")}))["createIntelligentEval"]
    assert created["language"] == "en"
    assert created["seeds"] == {**ZH_SEEDS, "language": "en"}
    listed = (await gql.execute(EVALS))["intelligentEvals"]["edges"]
    assert [edge["node"]["language"] for edge in listed if edge["node"]["id"] == created["id"]
            ] == ["en"]


async def test_the_seeds_may_state_the_language_themselves(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    created = (await gql.execute(CREATE, {"input": eval_input(
        target, "Check bookings", {**EN_SEEDS, "language": "zh"})}))["createIntelligentEval"]
    assert created["language"] == "zh"


@pytest.mark.parametrize(("extra", "seeds", "path"), [
    ({"language": "fr"}, EN_SEEDS, "input.language"),
    ({"language": "ZH"}, EN_SEEDS, "input.language"),
    ({}, {**EN_SEEDS, "language": 1}, "input.seeds.language"),
])
async def test_an_unknown_language_is_refused_and_nothing_is_created(
        gql: GraphQLClient, extra: dict[str, Any], seeds: dict[str, Any], path: str) -> None:
    target = await create_target(gql)
    error = await gql.error(CREATE, {"input": eval_input(target, "g", seeds, **extra)})
    assert error.code == "VALIDATION_FAILED"
    assert [e["path"] for e in error.details] == [path]
    assert "zh, en" in error.details[0]["message"]
    assert (await gql.execute(EVALS))["intelligentEvals"]["edges"] == []
