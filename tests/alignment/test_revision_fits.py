"""A judge revision's examples join only the rules they fit: the slot they name, an intent
in the rule's taxonomy, the dimension they were learnt for."""

from __future__ import annotations

from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.engine.alignment.rejudge import dialog_of
from agenteval.engine.catalog.configured_models import ConfiguredModels
from agenteval.rules import run_rule
from agenteval.store.judge_revisions.revisions import create_revision, load_overlay
from tests.alignment.pattern_judge import MODEL, P
from tests.alignment.pattern_rules import DIMENSION, P_INTENT, PARAMS, SLOT, item, rules_judge

LEARNT = {
    "task_completion": {"dialog_excerpt": f"Agent: I will {P}", "item": "slot:solved",
                        "filled": False, "why": "hands off"},
    "intent_classification": {"dialog_excerpt": f"User: {P_INTENT}", "intent": "refund"},
    "qa_llm_dimension": {"dialog_excerpt": f"Agent: I will {P}", "dimension": DIMENSION,
                         "verdict": "no"},
}
ELSEWHERE: dict[str, dict[str, Any]] = {
    "task_completion": {"mode": "slot", "required_slots": [{**SLOT, "name": "address"}]},
    "intent_classification": {"expected_intent": "delivery",
                              "intent_taxonomy": {"delivery": "asks where the order is"}},
    "qa_llm_dimension": {"dimension": "Did the agent greet the user?"},
}


async def test_revision_examples_join_only_the_rules_they_fit(db: str) -> None:
    async with rules_judge() as (server, registry, cache):
        for rule_type, example in LEARNT.items():
            await create_revision(rule_type, "en", MODEL, [example], alignment_id=None,
                                  created_by="test")
        models = ConfiguredModels(registry, cache, await load_overlay())
        for rule_type in LEARNT:
            dialog = dialog_of(item(rule_type, "P", 1, machine=True, human=False))
            fits = await run_rule(RuleSpec(rule_type, PARAMS[rule_type]),
                                  CaseSpec(key="c", messages=["x"]), dialog, models)
            prompt = server.requests_to("chat")[-1].body["messages"][-1]["content"]
            assert fits.detail["judge"]["revision"].startswith(f"{rule_type}/en/r1:")
            assert LEARNT[rule_type]["dialog_excerpt"] in prompt
            other = await run_rule(RuleSpec(rule_type, ELSEWHERE[rule_type]),
                                   CaseSpec(key="c", messages=["x"]), dialog, models)
            prompt = server.requests_to("chat")[-1].body["messages"][-1]["content"]
            assert "revision" not in other.detail["judge"], rule_type
            assert LEARNT[rule_type]["dialog_excerpt"] not in prompt
