"""An active judge revision is applied at judge time, recorded, keyed in the cache, rolled back."""

from __future__ import annotations

from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.domain.judging.fingerprints import judge_hash
from agenteval.engine.alignment.rejudge import dialog_of
from agenteval.engine.catalog.configured_models import ConfiguredModels
from agenteval.rules import run_rule
from agenteval.store.judge_revisions.revisions import (
    create_revision,
    list_revisions,
    load_overlay,
    roll_back,
)
from tests.alignment.pattern_judge import CRITERIA, MODEL, P, pattern_judge, reviewed

EXAMPLE = {"dialog_excerpt": f"User: where is it? Agent: I will {P}", "score": 0,
           "why": "hands the user off"}


async def judge_p(registry, cache, own_examples=()):  # type: ignore[no-untyped-def]
    item = reviewed("P", 1, machine=True, human=False)
    models = ConfiguredModels(registry, cache, await load_overlay())
    params = {"criteria": CRITERIA, "examples": list(own_examples)}
    return await run_rule(RuleSpec("llm_score", params), CaseSpec(key="c", messages=["x"]),
                          dialog_of(item), models)


async def test_the_active_revision_is_in_the_prompt_the_result_and_the_cache_key(db: str
                                                                                ) -> None:
    async with pattern_judge() as (server, registry, cache):
        plain = await judge_p(registry, cache)
        assert plain.passed and "revision" not in plain.detail["judge"]
        await create_revision("llm_score", "en", MODEL, [EXAMPLE], alignment_id=None,
                              created_by="test")
        revised = await judge_p(registry, cache)
        assert not revised.passed  # the example of P taught the judge
        label = revised.detail["judge"]["revision"]
        assert label.startswith("llm_score/en/r1:")
        assert P in server.requests_to("chat")[-1].body["messages"][1]["content"]
        assert judge_hash([{"rule_type": "llm_score", "detail": plain.detail}]) != judge_hash(
            [{"rule_type": "llm_score", "detail": revised.detail}])
        calls = len(server.requests_to("chat"))
        again = await judge_p(registry, cache)
        assert again.detail["judge"]["cached"] and len(server.requests_to("chat")) == calls

        await roll_back("llm_score", "en", MODEL, 0)
        rolled = await judge_p(registry, cache)
        assert rolled.passed and "revision" not in rolled.detail["judge"]
        assert rolled.detail["judge"]["cached"]  # the old answer, from before the revision
        await roll_back("llm_score", "en", MODEL, 1)
        assert (await judge_p(registry, cache)).detail["judge"]["revision"] == label
    history = await list_revisions("llm_score", "en", MODEL)
    assert [(r.number, r.active) for r in history] == [(1, True)]


async def test_the_rule_own_examples_come_first_and_the_cap_holds(db: str) -> None:
    own = [{"dialog_excerpt": f"own example {i}", "score": 9} for i in range(10)]
    async with pattern_judge() as (server, registry, cache):
        await create_revision("llm_score", "en", MODEL, [EXAMPLE], alignment_id=None,
                              created_by="test")
        result = await judge_p(registry, cache, own)
        prompt = server.requests_to("chat")[-1].body["messages"][1]["content"]
    assert "own example 9" in prompt and P not in prompt.partition("\nDialog:\n")[0]
    assert result.passed and "revision" not in result.detail["judge"]  # it added nothing


async def test_another_language_or_model_is_not_revised(db: str) -> None:
    async with pattern_judge() as (_, registry, cache):
        await create_revision("llm_score", "zh", MODEL, [EXAMPLE], alignment_id=None,
                              created_by="test")
        await create_revision("llm_score", "en", "other-model", [EXAMPLE], alignment_id=None,
                              created_by="test")
        result = await judge_p(registry, cache)
    assert result.passed and "revision" not in result.detail["judge"]
