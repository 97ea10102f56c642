"""The contrast check: which edits flip or trade a sentence's meaning, and how the score
follows. Sentences here are not from the calibration set."""

from __future__ import annotations

import pytest

from agenteval.rules.similarity.contrast_cues import contrast_cues, words
from agenteval.rules.similarity.contrast_similarity import contrast_aware_similarity


def constant(value: float):  # a stand-in measure: the contrast check is measure-agnostic
    return lambda a, b: value


def test_words_expand_contractions_and_segment_chinese_longest_first() -> None:
    assert words("We can't find it, it's gone") == [
        "we", "can", "not", "find", "it", "it", "'s", "gone"]
    assert words("真不好意思，没有库存") == ["真", "不好意思", "没有", "库", "存"]


@pytest.mark.parametrize("a, b, cues", [
    ("Your order has shipped.", "Your order has not shipped.", ["negation"]),
    ("Your order hasn't shipped.", "Your order has not shipped yet.", []),
    ("您的订单已发货。", "您的订单未发货。", ["negation", "antonym"]),
    ("The door is locked.", "The door is unlocked.", ["antonym"]),
    ("The shop opens before noon.", "The shop opens after noon.", ["antonym"]),
    ("会员可以免费停车。", "会员停车需要收费。", ["antonym"]),
    ("We will email you.", "You will email us.", ["moved"]),
    ("真不好意思，让您久等了。", "让您久等了，真不好意思。", ["moved"]),
    ("给您带来不便，十分抱歉。", "给您带来麻烦，十分抱歉。", []),
])
def test_cues_name_what_the_edit_changes(a: str, b: str, cues: list[str]) -> None:
    assert contrast_cues(a, b).names == cues


def test_a_negation_both_texts_share_cancels_out() -> None:
    cues = contrast_cues("We cannot find that order.", "There is no such order.")
    assert not cues.negation


def test_overlap_is_the_share_of_words_in_the_same_order() -> None:
    assert contrast_cues("same words here", "Same words, here!").overlap == 1.0
    assert contrast_cues("apples", "oranges").overlap == 0.0
    assert contrast_cues("", "").overlap == 0.0


def test_the_same_text_scores_one_whatever_the_measure_says() -> None:
    score, detail = contrast_aware_similarity("Refund approved.", "refund approved", constant(0.6))
    assert score == 1.0 and detail == {"contrast": [], "overlap": 1.0, "whole_similarity": 0.6}


def test_a_cue_cuts_the_score_by_the_overlap_squared() -> None:
    score, detail = contrast_aware_similarity(
        "Your order has shipped.", "Your order has not shipped.", constant(0.9))
    overlap = detail["overlap"]
    assert detail["contrast"] == ["negation"] and overlap == pytest.approx(8 / 9, abs=1e-4)
    assert score == pytest.approx(0.9 * max(0.0, 1 - 2 * overlap ** 2))


def test_a_reworded_reply_with_a_stray_negation_keeps_most_of_its_score() -> None:
    score, detail = contrast_aware_similarity(
        "The warranty covers parts only.", "Labour is not included in the guarantee.",
        constant(0.8))
    assert detail["contrast"] == ["negation"] and detail["overlap"] < 0.2
    assert score > 0.75


def test_without_a_cue_a_near_copy_is_judged_by_its_changed_words() -> None:
    def measure(a: str, b: str) -> float:
        return 0.1 if (a, b) == ("an email shortly", "a letter in a few weeks") else 0.9

    score, detail = contrast_aware_similarity(
        "You will receive an email shortly.", "You will receive a letter in a few weeks.",
        measure)
    weight = detail["overlap"] ** 2
    assert detail["contrast"] == []
    assert score == pytest.approx((1 - weight) * 0.9 + weight * 0.1)


def test_words_only_dropped_leave_the_whole_similarity() -> None:
    score, _ = contrast_aware_similarity(
        "Your repair appointment is booked.", "Your repair is booked.", constant(0.85))
    assert score == pytest.approx(0.85)
