"""The run report names the judge revision of every judged result."""

from __future__ import annotations

from typing import Any

from agenteval.domain.static.judges_section import judges_section


def outcome(*details: dict[str, Any]) -> Any:
    return {"results": [{"rule_type": "llm_score", "detail": d} for d in details]}


def test_the_report_names_each_judge_and_its_revision() -> None:
    revised = {"judge": {"model": "m", "prompt_version": "llm_score/v1",
                         "revision": "llm_score/en/r2:abcd1234"}}
    plain = {"judge": {"model": "m", "prompt_version": "llm_score/v1"}}
    markdown = judges_section([outcome(revised, plain), outcome(revised), outcome({})])
    assert "| llm_score | m | llm_score/v1 | llm_score/en/r2:abcd1234 | 2 |" in markdown
    assert "| llm_score | m | llm_score/v1 | none (the rule's own examples) | 1 |" in markdown
    assert judges_section([outcome({})]) == ""
