"""A scenario whose cases repeat one rule list validates the list once (issue 34's per-case
path) without hiding a problem: a bad list is reported at every case that has it, and a
list that only looks like a valid one is validated on its own."""

from __future__ import annotations

import json

import pytest

from agenteval.domain.judging.rule_spec_validation import ValidRuleLists
from agenteval.domain.static.scenario_document import parse_scenario_document
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG

RULES = [{"type": "keyword_match", "params": {"keywords": ["shipped"]}},
         {"type": "response_time", "params": {"max_ms": 1000}, "weight": 2}]


def document(*rule_lists: list) -> str:
    return json.dumps({"name": "repeated", "cases": [
        {"id": f"c{index}", "message": "where is my order?", "eval_rules": rules}
        for index, rules in enumerate(rule_lists)]})


def test_cases_repeating_a_valid_list_get_equal_rule_specs():
    parsed = parse_scenario_document(document(RULES, json.loads(json.dumps(RULES)), RULES),
                                     RULE_CATALOG)
    first, *others = [case.eval_rules for case in parsed.cases]
    assert [rule.type for rule in first] == ["keyword_match", "response_time"]
    assert first[1].weight == 2 and all(rules == first for rules in others)


def test_a_bad_list_is_reported_at_every_case_that_repeats_it():
    bad = [{"type": "keyword_match", "params": {"keywords": "not a list"}}]
    with pytest.raises(ValidationFailed) as raised:
        parse_scenario_document(document(RULES, bad, RULES, bad), RULE_CATALOG)
    paths = {problem["path"] for problem in raised.value.errors}
    assert {path.split(".")[0] for path in paths} == {"cases[1]", "cases[3]"}


class LooksLikeTheFirstRule(dict):
    def __repr__(self) -> str:
        return repr(RULES[0])


def test_a_list_equal_in_repr_only_is_not_taken_for_a_valid_one():
    memo = ValidRuleLists()
    memo.remember(RULES[:1], "ALL", "case", True, [])
    assert memo.get(json.loads(json.dumps(RULES[:1])), "ALL", "case", True) == []
    impostor = [LooksLikeTheFirstRule(type="keyword_match", params={"keywords": 1})]
    assert repr(impostor) == repr(RULES[:1])
    assert memo.get(impostor, "ALL", "case", True) is None
    memo.remember(RULES, "ALL", "case", True, [])
    # Another logic, place or model setting is another validation.
    assert memo.get(RULES, "WEIGHTED", "case", True) is None
    assert memo.get(RULES, "ALL", "case", False) is None
    changed = json.loads(json.dumps(RULES))
    changed[1]["weight"] = 3
    assert memo.get(changed, "ALL", "case", True) is None
