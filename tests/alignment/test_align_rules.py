"""task_completion, intent_classification and qa_llm_dimension align like llm_score: a
correction becomes that rule's example, adopted only when held-out κ rises; a correction
the rule's example cannot state is never an example; a rule without examples is refused."""

from __future__ import annotations

import pytest

from agenteval.domain.alignment.examples import example_of
from agenteval.engine.alignment.align import AlignRequest, align
from agenteval.errors import ValidationFailed
from agenteval.store.judge_revisions.revisions import list_revisions, load_overlay
from tests.alignment.pattern_judge import MODEL, P, source_of
from tests.alignment.pattern_rules import (
    DIMENSION,
    P_INTENT,
    PARAMS,
    SLOT,
    item,
    reviewed_set,
    rules_judge,
)

RULES = ["task_completion", "intent_classification", "qa_llm_dimension"]
VERDICTS = {"task_completion": ("filled", False), "intent_classification": ("intent", "refund"),
            "qa_llm_dimension": ("verdict", "no")}


@pytest.mark.parametrize("rule_type", RULES)
async def test_corrections_of_p_are_adopted_and_held_out_kappa_rises(db: str,
                                                                    rule_type: str) -> None:
    async with rules_judge() as (server, registry, cache):
        row = await align(AlignRequest(rule_type, "en", seed=7),
                          source_of(reviewed_set(rule_type, "P")), registry, cache)
        assert row.decision == "ADOPTED", row.reason
        before, after = row.measurement["before"], row.measurement["after"]
        assert before["agreement"] == pytest.approx(40 / 60)
        assert before["kappa"] == pytest.approx(0.4)
        assert after["agreement"] == 1.0 and after["kappa"] == pytest.approx(1.0)
        key, value = VERDICTS[rule_type]
        assert row.candidate_examples and all(e[key] == value for e in row.candidate_examples)
        assert [r.number for r in await list_revisions(rule_type, "en", MODEL)] == [1]
        overlay = await load_overlay()
        assert overlay.lookup(rule_type, "en", MODEL) is not None
    marker = P_INTENT if rule_type == "intent_classification" else P
    prompts = [r.body["messages"][-1]["content"] for r in server.requests_to("chat")]
    assert any(marker in p.partition("\nDialog:\n")[0] for p in prompts)


@pytest.mark.parametrize("rule_type", RULES)
async def test_irrelevant_examples_or_a_right_judge_adopt_nothing(db: str,
                                                                 rule_type: str) -> None:
    async with rules_judge() as (_, registry, cache):
        irrelevant = await align(AlignRequest(rule_type, "en"),
                                 source_of(reviewed_set(rule_type, "Q")), registry, cache)
        right = await align(AlignRequest(rule_type, "en"),
                            source_of(reviewed_set(rule_type, None)), registry, cache)
    assert irrelevant.decision == "REJECTED", irrelevant.reason
    assert irrelevant.candidate_examples  # it tried the Q corrections; they did not help
    assert irrelevant.measurement["deltaKappa"] == 0
    assert right.decision == "REJECTED" and right.candidate_examples == []
    assert await list_revisions(rule_type, "en", MODEL) == []


def test_each_rule_writes_the_verdict_its_examples_hold() -> None:
    task = example_of(item("task_completion", "P", 1, machine=True, human=False))
    assert task is not None and (task["item"], task["filled"]) == ("slot:solved", False)
    assert P in task["dialog_excerpt"] and task["why"] == "reviewer's correction"
    step = example_of(item("task_completion", "good", 1, machine=False, human=True, params={
        "mode": "step", "required_steps": [SLOT]}))
    assert step is not None and (step["item"], step["filled"]) == ("step:solved", True)
    intent = example_of(item("intent_classification", "P", 1, machine=False, human=True))
    assert intent is not None and intent["intent"] == "refund"
    dimension = example_of(item("qa_llm_dimension", "P", 1, machine=True, human=False))
    assert dimension is not None and (dimension["dimension"], dimension["verdict"]) == (
        DIMENSION, "no")
    scorecard = example_of(item("qa_llm_dimension", "good", 1, machine=False, human=True,
                                params={"dimension": DIMENSION, "if_not_applicable": "fail",
                                        "scorecard_item": "solve_it"}))
    assert scorecard is not None and scorecard["verdict"] == "yes"
    assert scorecard["scorecardItem"] == "solve_it"


def test_a_correction_the_example_cannot_state_is_not_an_example() -> None:
    two_slots = {"mode": "slot", "required_slots": [SLOT, {**SLOT, "name": "other"}]}
    hybrid = {"mode": "hybrid", "required_slots": [SLOT], "required_steps": [SLOT]}
    always = {"mode": "slot", "required_slots": [SLOT], "min_completion_rate": 0}
    for params in (two_slots, hybrid, always):  # which item was missed, or none decides
        assert example_of(item("task_completion", "P", 1, machine=True, human=False,
                               params=params)) is None
    # A failed intent: which intent the user had is unknown.
    assert example_of(item("intent_classification", "bad", 1, machine=True,
                           human=False)) is None
    # "No" and "not applicable" both fail when not applicable fails: no verdict to write.
    assert example_of(item("qa_llm_dimension", "P", 1, machine=True, human=False, params={
        "dimension": DIMENSION, "if_not_applicable": "fail"})) is None
    assert example_of(item("qa_llm_dimension", "good", 1, machine=False, human=True,
                           params=PARAMS["qa_llm_dimension"])) is None


async def test_corrections_no_example_can_state_are_rejected_with_the_reason(db: str) -> None:
    params = {"dimension": DIMENSION, "if_not_applicable": "fail"}
    items = reviewed_set("qa_llm_dimension", "P", params=params)
    async with rules_judge() as (server, registry, cache):
        row = await align(AlignRequest("qa_llm_dimension", "en"), source_of(items), registry,
                          cache)
        assert server.requests_to("chat") == []
    assert row.decision == "REJECTED" and row.candidate_examples == []
    assert "none of the 20 corrections" in row.reason
    assert "qa_llm_dimension judging example" in row.reason


@pytest.mark.parametrize("rule_type", ["role_adherence", "conversation_relevancy",
                                       "keyword_match"])
async def test_rules_whose_examples_cannot_carry_a_correction_are_refused(
        db: str, rule_type: str) -> None:
    async with rules_judge() as (_, registry, cache):
        with pytest.raises(ValidationFailed) as raised:
            await align(AlignRequest(rule_type, "en"), source_of([]), registry, cache)
    [error] = raised.value.errors
    assert error["path"] == "ruleType" and rule_type in error["message"]
    assert "task_completion" in error["message"]  # it names what can be aligned
