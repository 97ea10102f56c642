"""The pure parts: the split, the strategies, the examples overlay and the κ gate."""

from __future__ import annotations

import pytest

from agenteval.domain.alignment.examples import example_of, merged_examples
from agenteval.domain.alignment.gate import HeldOutVerdict, measure
from agenteval.domain.alignment.split import stratified_split
from agenteval.domain.alignment.strategy import Strategy, choose
from tests.alignment.pattern_judge import P, mixed, reviewed


def test_the_split_is_stratified_seeded_and_reproducible() -> None:
    items = mixed(40, "P")
    split = stratified_split(items, seed=11)
    assert split == stratified_split(list(reversed(items)), seed=11)
    assert split != stratified_split(items, seed=12)
    assert len(split.held_out) == 60 and not set(split.held_out) & set(split.train)
    for kind in ("P", "good", "bad"):
        assert sum(i.startswith(kind) for i in split.held_out) == 20


def test_the_strategies_choose_up_to_the_limit_reproducibly() -> None:
    corrections = [reviewed("P", i, machine=True, human=False) for i in range(12)]
    corrections += [reviewed("bad", i, machine=False, human=True) for i in range(20, 24)]
    recent = choose(corrections, Strategy.MOST_RECENT, 10)
    assert [i.item_id for i in recent][:2] == ["bad-023", "bad-022"] and len(recent) == 10
    by_direction = choose(corrections, Strategy.MOST_DISAGREEING, 8)
    assert sum(i.machine_passed for i in by_direction) == 6  # 12 of 16 corrections → 6 of 8
    diverse = choose(corrections, Strategy.DIVERSE, 2)
    assert {i.item_id.split("-")[0] for i in diverse} == {"bad", "P"}  # not two alike
    assert choose([], Strategy.DIVERSE, 10) == [] and choose(corrections, Strategy.DIVERSE, 0) == []


def test_a_correction_is_an_example_of_the_reviewer_verdict() -> None:
    example = example_of(reviewed("P", 1, machine=True, human=False, note="hands off"))
    assert example["score"] == 0 and P in example["dialog_excerpt"]
    assert example["why"] == "hands off"
    assert example["dialog_excerpt"].startswith("User: Order 1")


def test_the_overlay_keeps_the_rule_examples_first_and_the_cap() -> None:
    own = [{"dialog_excerpt": "a", "score": 1}]
    added = [{"dialog_excerpt": "a", "score": 1}, {"dialog_excerpt": "b", "score": 9},
             {"dialog_excerpt": "c", "score": 0}]
    assert merged_examples(own, added, 2) == own + [added[1]]


def test_the_gate_needs_the_interval_of_the_kappa_gain_above_zero() -> None:
    humans = [True, False] * 25
    improved = [HeldOutVerdict(str(i), before=True, after=h, human=h)
                for i, h in enumerate(humans)]
    result = measure(improved)
    assert result.before.kappa == 0.0 and result.after.kappa == pytest.approx(1.0)
    assert result.adopt and result.delta_ci.low > 0
    assert measure(improved) == result  # the fixed seed: the same interval every time
    same = [HeldOutVerdict(str(i), before=h, after=h, human=h) for i, h in enumerate(humans)]
    assert not measure(same).adopt
    # One item better, one worse: no evidence of a gain.
    mixed_change = [HeldOutVerdict(str(i), before=h if i else not h, after=h if i != 1
                                   else not h, human=h) for i, h in enumerate(humans)]
    assert not measure(mixed_change).adopt
