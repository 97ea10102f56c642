"""docs/rules.md's worked examples are true: Mia says those replies, the cases exist in the
example scenario, and the judge answer shown gives the verdict the text states."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agenteval.cli.rule_docs_worked import WORKED
from agenteval.demo_bot.bot import replay
from tests.rules.judging import answer, dialog_of, judging

SCENARIO = Path(__file__).resolve().parents[2] / "examples/scenarios/conversation_metrics.json"
SCORES = {"knowledge_retention": 0.6667, "role_adherence": 0.0,
          "conversation_relevancy": 0.6667, "conversation_completeness": 0.5}


@pytest.mark.parametrize("name", sorted(WORKED))
async def test_worked_example(name: str) -> None:
    worked = WORKED[name]
    users = [user for user, _ in worked["dialog"]]
    assert replay(users)[1] == [reply for _, reply in worked["dialog"]]
    cases = {c["id"]: c for c in json.loads(SCENARIO.read_text(encoding="utf-8"))["cases"]}
    case = cases[worked["case"]]
    assert case["messages"] == users
    assert case["eval_rules"][0]["type"] == name
    assert case["eval_rules"][0].get("params", {}) == worked.get("params", {})
    dialog = dialog_of(*(tuple(pair) for pair in worked["dialog"]))
    async with judging() as j:
        if name == "conversation_relevancy":  # one call per reply; the last one is shown
            ok = answer(relevant=True, quote="请", reason="ok")
            j.server.script("chat", ok, ok, answer(**worked["answer"]))
        else:
            j.server.script("chat", answer(**worked["answer"]))
        result = await j.run(name, worked.get("params", {}), dialog)
    assert (result.passed, result.score, result.error) == (False, SCORES[name], None)
    assert "unverified_quotes" not in result.detail
