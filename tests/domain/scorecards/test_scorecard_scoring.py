"""Scorecard numbers: base ± points per occurrence with a cap, vetoes, grade bands, what
"not applicable" and "not judged" do to totals and denominators, and bad documents."""

from __future__ import annotations

from typing import Any

import pytest

from agenteval.domain.scorecards.aggregate import aggregate, aggregate_by, wilson, worst
from agenteval.domain.scorecards.document import parse_scorecard
from agenteval.domain.scorecards.scoring import CheckResult, score
from agenteval.errors import ValidationFailed


def document(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": "homecare-qa", "version": 2, "pass_band": "合格",
        "bands": [{"name": "优", "min": 90}, {"name": "良", "min": 80},
                  {"name": "合格", "min": 60}, {"name": "不合格", "min": 0}],
        "items": [
            {"id": "greeting", "check": {"type": "qa_phrase", "params": {}}, "points": -5},
            {"id": "forbidden", "check": {"type": "qa_word_library", "params": {}},
             "points": -10, "cap": 25},
            {"id": "promise", "check": {"type": "qa_phrase", "params": {}}, "points": -100,
             "critical": True},
            {"id": "proactive", "check": {"type": "qa_phrase", "params": {}}, "points": 5,
             "hit_when": "pass"},
        ]}
    base.update(changes)
    return base


def evidence(*turns: int) -> tuple[dict[str, Any], ...]:
    return tuple({"turn_index": t, "role": "bot", "quote": "…"} for t in turns)


SCORECARD = parse_scorecard(document())
CLEAN = {"greeting": CheckResult("pass"), "forbidden": CheckResult("pass"),
         "promise": CheckResult("pass"), "proactive": CheckResult("fail")}


def test_a_clean_conversation_keeps_the_base_score_and_the_top_grade() -> None:
    result = score(SCORECARD, CLEAN)
    assert (result.total, result.grade, result.passed, result.vetoed) == (100, "优", True, False)
    assert result.scorecard == "homecare-qa@2" and result.content_hash.startswith("sha256:")


def test_points_count_per_occurrence_up_to_the_cap_and_add_items_add() -> None:
    result = score(SCORECARD, {**CLEAN, "greeting": CheckResult("fail", evidence(1)),
                               "forbidden": CheckResult("fail", evidence(1, 3, 5)),
                               "proactive": CheckResult("pass", evidence(7))})
    by_id = {o.item_id: o for o in result.items}
    assert by_id["forbidden"].occurrences == 3 and by_id["forbidden"].points == -25
    assert by_id["proactive"].points == 5
    assert result.total == 100 - 5 - 25 + 5 and result.grade == "合格"


def test_a_veto_fails_the_conversation_whatever_the_total() -> None:
    result = score(SCORECARD, {**CLEAN, "promise": CheckResult("fail", evidence(3))})
    assert result.vetoed and not result.passed and result.vetoes == ("promise",)
    assert result.total == 0 and result.raw_total == 0 and result.grade == "不合格"
    assert result.as_json()["items"][2]["evidence"][0]["turn_index"] == 3


def test_a_total_below_the_pass_band_fails() -> None:
    low = parse_scorecard(document(base=60))
    assert not score(low, {**CLEAN, "greeting": CheckResult("fail")}).passed


def test_not_applicable_and_not_judged_move_no_points_and_stay_out_of_the_denominator() -> None:
    results = [score(SCORECARD, {**CLEAN, "greeting": CheckResult("not_applicable")}),
               score(SCORECARD, {**CLEAN, "greeting": CheckResult("not_judged")}),
               score(SCORECARD, {**CLEAN, "greeting": CheckResult("fail", evidence(1))})]
    assert [r.total for r in results] == [100, 100, 95]
    summary = aggregate(results)
    greeting = summary["items"]["greeting"]
    assert (greeting["count"], greeting["of"], greeting["not_applicable"],
            greeting["not_judged"]) == (1, 1, 1, 1)
    assert summary["grades"] == {"优": 3} and summary["vetoed"]["rate"] == 0


def test_an_item_that_could_not_run_is_an_error_never_a_pass() -> None:
    result = score(SCORECARD, {**CLEAN, "promise": CheckResult("error", error="boom")})
    assert not result.passed and result.errors == ("promise",)
    assert not score(SCORECARD, {}).passed  # unchecked items are errors too


def test_aggregates_carry_wilson_intervals_and_group_by_tag() -> None:
    vetoed = score(SCORECARD, {**CLEAN, "promise": CheckResult("fail")})
    clean = score(SCORECARD, CLEAN)
    groups = aggregate_by([vetoed, clean, clean], [["zh"], ["zh", "en"], ["en"]])
    assert groups["zh"]["vetoed"]["count"] == 1 and groups["en"]["vetoed"]["count"] == 0
    low, high = wilson(1, 2)
    assert groups["zh"]["vetoed"]["ci95"] == [round(low, 4), round(high, 4)]
    assert 0 < low < 0.5 < high < 1 and wilson(0, 0) == (0.0, 0.0)
    assert worst([("a", clean), ("b", vetoed)], 1)[0][0] == "b"


def test_the_content_hash_changes_with_the_content() -> None:
    other = parse_scorecard(document(items=document()["items"][:3]))
    assert other.content_hash != SCORECARD.content_hash
    assert parse_scorecard(document()).content_hash == SCORECARD.content_hash


@pytest.mark.parametrize(("changes", "path"), [
    ({"version": 0}, "scorecard.version"),
    ({"pass_band": "满分"}, "scorecard.pass_band"),
    ({"bands": [{"name": "a", "min": 10}, {"name": "b", "min": 20}]}, "scorecard.bands"),
    ({"items": []}, "scorecard.items"),
    ({"items": [{"id": "x", "check": {"type": "qa_phrase"}, "points": "five"}]},
     "scorecard.items[0].points"),
    ({"items": [{"id": "x", "check": {"type": "t"}, "points": 1, "cap": -1}]},
     "scorecard.items[0].cap"),
    ({"items": [{"id": "x", "check": {"type": "t"}, "points": 1}] * 2}, "scorecard.items"),
    ({"libraries": [{"name": "w", "version": 1, "words": []}]}, "scorecard.libraries[0].words"),
    ({"colour": "red"}, "scorecard.colour"),
])
def test_bad_documents_name_the_bad_field(changes: dict[str, Any], path: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        parse_scorecard(document(**changes))
    assert path in [e["path"] for e in caught.value.details], caught.value.details
