"""Align on a real local judge server: adopt only when held-out κ really rises."""

from __future__ import annotations

import pytest

from agenteval.domain.alignment.strategy import Strategy
from agenteval.engine.alignment.align import AlignRequest, align
from agenteval.errors import ValidationFailed
from agenteval.store.judge_revisions.revisions import list_revisions, load_overlay
from tests.alignment.pattern_judge import MODEL, mixed, pattern_judge, reviewed, source_of


@pytest.mark.parametrize("strategy", list(Strategy))
async def test_corrections_of_p_are_adopted_and_held_out_kappa_rises(db: str,
                                                                    strategy: Strategy) -> None:
    items = mixed(40, "P")
    async with pattern_judge() as (server, registry, cache):
        row = await align(AlignRequest("llm_score", "en", strategy=strategy, seed=7),
                          source_of(items), registry, cache)
    assert row.decision == "ADOPTED", row.reason
    assert row.held_out == 60 and row.reviewed == 120 and row.corrections == 40
    before, after = row.measurement["before"], row.measurement["after"]
    assert before["agreement"] == pytest.approx(40 / 60)
    assert before["kappa"] == pytest.approx(0.4)
    assert after["agreement"] == 1.0 and after["kappa"] == pytest.approx(1.0)
    assert row.measurement["deltaLow"] > 0
    assert 0 < len(row.candidate_examples) <= 10
    assert all(e["score"] == 0 for e in row.candidate_examples)
    held = set(row.split["heldOut"])
    assert len(held) == 60 and not held & set(row.split["train"])
    assert not held & {e["itemId"] for e in row.candidate_examples}  # never learnt from
    revisions = await list_revisions("llm_score", "en", MODEL)
    assert [(r.number, r.active, r.alignment_id) for r in revisions] == [(1, True, row.id)]
    overlay = await load_overlay()
    assert overlay.lookup("llm_score", "en", MODEL) is not None


async def test_irrelevant_examples_are_not_adopted(db: str) -> None:
    items = mixed(40, "Q")  # reviewers correct the stalls the judge cannot learn
    async with pattern_judge() as (_, registry, cache):
        row = await align(AlignRequest("llm_score", "en"), source_of(items), registry, cache)
    assert row.decision == "REJECTED", row.reason
    assert row.measurement["before"]["kappa"] == pytest.approx(0.4)
    assert row.measurement["after"]["kappa"] == pytest.approx(0.4)
    assert row.measurement["deltaLow"] <= 0
    assert row.candidate_examples  # it did try examples, they just did not help
    assert await list_revisions("llm_score", "en", MODEL) == []


async def test_a_judge_already_right_adopts_nothing(db: str) -> None:
    items = mixed(40, None)
    # A few reviewer slips: the judge was right, the reviewer flipped it.
    items[0] = reviewed("good", 0, machine=True, human=False)
    items[41] = reviewed("bad", 1, machine=False, human=True)
    items[2] = reviewed("good", 2, machine=True, human=False)
    items[43] = reviewed("bad", 3, machine=False, human=True)
    async with pattern_judge() as (_, registry, cache):
        row = await align(AlignRequest("llm_score", "en"), source_of(items), registry, cache)
    assert row.decision == "REJECTED", row.reason
    assert row.measurement["deltaKappa"] == 0
    assert await list_revisions("llm_score", "en", MODEL) == []


async def test_fewer_than_40_held_out_refuses_with_the_count(db: str) -> None:
    items = mixed(26, "P")  # 78 reviewed → 39 held out
    async with pattern_judge() as (server, registry, cache):
        row = await align(AlignRequest("llm_score", "en"), source_of(items), registry, cache)
        assert server.requests_to("chat") == []  # refused before asking the judge anything
    assert row.decision == "REFUSED"
    assert row.held_out == 39
    assert "only 39 held-out reviews for llm_score (en); at least 40" in row.reason


async def test_another_judge_model_or_rule_is_refused_as_bad_input(db: str) -> None:
    async with pattern_judge() as (_, registry, cache):
        with pytest.raises(ValidationFailed) as raised:
            await align(AlignRequest("llm_score", "en", judge_model="other"),
                        source_of([]), registry, cache)
        assert raised.value.errors[0]["path"] == "judgeModel"
        with pytest.raises(ValidationFailed):
            await align(AlignRequest("keyword_match", "fr"), source_of([]), registry, cache)
