"""Simulated cases in scenario documents: every bad field at its path, the model case
refused without a SIMULATOR (also when a campaign re-checks it), and an export that
parses back to the same case."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agenteval.domain.static.scenario_document import (
    case_to_document,
    parse_scenario_document,
    revalidate_cases,
)
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG

SCRIPTED = {"id": "s", "type": "simulated", "persona": {"name": "Li", "patience": "low"},
            "goal": "book a repair", "opening": "hi", "follow_ups": ["I'm Li"],
            "stop_when": {"phrase": ["booked", "预约成功"]}, "max_turns": 4}
MODELLED = {"id": "m", "type": "simulated", "goal": "return the fridge"}


def parse(*cases: dict[str, Any], simulator: bool = False) -> list[Any]:
    text = json.dumps({"name": "sim", "cases": list(cases)})
    return parse_scenario_document(text, RULE_CATALOG, True,
                                   simulator_configured=simulator).cases


def errors_of(*cases: dict[str, Any], simulator: bool = False) -> list[tuple[str, str]]:
    with pytest.raises(ValidationFailed) as caught:
        parse(*cases, simulator=simulator)
    return [(e["path"], e["message"]) for e in caught.value.errors]


def test_a_scripted_case_needs_no_model_and_exports_to_the_same_case() -> None:
    [case] = parse(SCRIPTED)
    assert case.type == "SIMULATED" and case.messages == []
    assert case.simulated.simulator == "script"
    assert (case.simulated.opening, case.simulated.follow_ups) == ("hi", ["I'm Li"])
    document = case_to_document(case)
    assert "messages" not in document and document["stop_when"] == {
        "phrase": ["booked", "预约成功"]}
    assert parse(document) == [case]


def test_a_model_case_is_refused_without_a_simulator_and_defaults_to_stop_when_done() -> None:
    assert errors_of(MODELLED) == [("cases[0].simulator", "this simulated case needs a "
                                    "SIMULATOR model: configure one with setModelConfig("
                                    "role: SIMULATOR), or give follow_ups and simulator: "
                                    "script")]
    [case] = parse(MODELLED, simulator=True)
    assert case.simulated.simulator == "model" and case.simulated.stop_when.simulator
    assert case.simulated.max_turns == 10
    stored = [case_to_document(case)]
    revalidate_cases(stored, RULE_CATALOG, True, simulator_configured=True)
    with pytest.raises(ValidationFailed) as caught:
        revalidate_cases(stored, RULE_CATALOG, True, path="input.scenarioId.cases",
                         simulator_configured=False)
    assert caught.value.errors[0]["path"] == "input.scenarioId.cases[0].simulator"


@pytest.mark.parametrize(("change", "expected"), [
    ({"goal": None}, [("cases[0].goal", "is required: what the simulated user wants")]),
    ({"persona": {"patience": "none"}},
     [("cases[0].persona.patience", "must be one of low, medium, high")]),
    ({"max_turns": 0}, [("cases[0].max_turns", "must be a whole number from 1 to 50")]),
    ({"stop_when": {"simulator": True}},
     [("cases[0].stop_when.simulator", "only a model simulator says when it is done "
       "(simulator: model); a script ends with its last follow-up")]),
    ({"follow_ups": [], "opening": None},
     [("cases[0].follow_ups", "a scripted simulated case needs its user's turns: give "
       "follow_ups (and optionally an opening)")]),
    ({"messages": [{"user": "hi", "expect": {"contains": "x"}}]},
     [("cases[0].messages", "a simulated case has no fixed messages: give its first message "
       "as opening, later ones as follow_ups"),
      ("cases[0].messages", "per-turn checks do not apply to a simulated case (its turns are "
       "not known in advance): judge the dialog with the case's eval_rules, or its last reply "
       "with expectation")]),
])
def test_bad_simulated_fields_are_reported_at_their_path(change: dict[str, Any],
                                                         expected: list[tuple[str, str]]) -> None:
    case = {k: v for k, v in {**SCRIPTED, **change}.items() if v is not None}
    if change.get("follow_ups") == [] and "opening" in change:
        case["simulator"] = "script"
    assert errors_of(case) == expected


def test_simulated_fields_on_an_ordinary_case_are_refused() -> None:
    assert errors_of({"id": "c", "messages": ["hi"], "goal": "x"}) == [
        ("cases[0].goal", "is a field of simulated cases (type: simulated)")]
