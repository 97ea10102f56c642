"""Run attempts reuse a stateless rule built once per params; results stay their own."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from agenteval.domain.judging.cases import CaseSpec, RuleResult, RuleSpec, Turn
from agenteval.rules import NO_MODELS, register_rule, registry_snapshot, run_rule

CASE = CaseSpec(key="c", messages=["hi"])
DIALOG = [Turn(0, "hi", "hello", 5)]
SCHEMA = {"properties": {"word": {"type": "string"}}, "required": ["word"]}
built: list[str] = []


@pytest.fixture(autouse=True)
def fake_rules() -> Iterator[None]:
    built.clear()
    with registry_snapshot():

        @register_rule(name="frozen_fake", description="stateless", params_schema=SCHEMA)
        @dataclass(frozen=True)
        class FrozenFake:
            word: str

            def __post_init__(self) -> None:
                built.append(self.word)
                if self.word == "explode":
                    raise RuntimeError("cannot build")

            async def evaluate(self, case: Any, dialog: Any, models: Any) -> RuleResult:
                return RuleResult("frozen_fake", True, 1.0, detail={"word": self.word})

        @register_rule(name="stateful_fake", description="keeps state", params_schema=SCHEMA)
        class StatefulFake:
            def __init__(self, word: str) -> None:
                built.append(word)
                self.calls = 0

            async def evaluate(self, case: Any, dialog: Any, models: Any) -> RuleResult:
                self.calls += 1
                return RuleResult("stateful_fake", self.calls == 1, 1.0)

        yield


async def test_a_stateless_rule_is_built_once_for_equal_params() -> None:
    first = await run_rule(RuleSpec("frozen_fake", {"word": "a"}), CASE, DIALOG, NO_MODELS)
    second = await run_rule(RuleSpec("frozen_fake", {"word": "a"}), CASE, DIALOG, NO_MODELS)
    other = await run_rule(RuleSpec("frozen_fake", {"word": "b"}), CASE, DIALOG, NO_MODELS)

    assert built == ["a", "b"]
    assert first == second and other.detail["word"] == "b"
    assert first.detail is not second.detail
    assert first.rule is not None and second.rule is not None
    assert first.rule is not second.rule
    assert first.rule.params is not second.rule.params
    second.rule.params["word"] = "changed"
    third = await run_rule(RuleSpec("frozen_fake", {"word": "a"}), CASE, DIALOG, NO_MODELS)
    assert third.stored_detail()["rule"] == {"type": "frozen_fake", "params": {"word": "a"}}


async def test_a_rule_that_is_not_a_frozen_dataclass_is_built_for_every_attempt() -> None:
    spec = RuleSpec("stateful_fake", {"word": "a"})
    results = [await run_rule(spec, CASE, DIALOG, NO_MODELS) for _ in range(3)]

    assert built == ["a", "a", "a"]
    assert all(result.passed for result in results)


async def test_a_rule_that_fails_to_build_is_an_error_result_every_time() -> None:
    spec = RuleSpec("frozen_fake", {"word": "explode"})
    results = [await run_rule(spec, CASE, DIALOG, NO_MODELS) for _ in range(2)]

    assert built == ["explode", "explode"]
    assert all(r.error and "cannot build" in r.error and not r.passed for r in results)


async def test_bad_params_are_still_an_error_result_after_good_ones() -> None:
    await run_rule(RuleSpec("frozen_fake", {"word": "a"}), CASE, DIALOG, NO_MODELS)
    bad = await run_rule(RuleSpec("frozen_fake", {"word": 3}), CASE, DIALOG, NO_MODELS)

    assert bad.error and bad.error.startswith("invalid params") and built == ["a"]
