"""lexical_similarity: character n-gram TF-IDF cosine, for Chinese and English."""

from __future__ import annotations

import pytest

from agenteval.rules.similarity.lexical_similarity import char_ngrams, lexical_similarity


def test_identical_texts_score_one_regardless_of_case_and_punctuation():
    assert lexical_similarity("Hello, World!", "hello world") == pytest.approx(1.0)
    assert lexical_similarity("预约成功", "预约成功。") == pytest.approx(1.0)


def test_unrelated_texts_score_near_zero():
    assert lexical_similarity("预约维修", "weather report") == 0.0
    assert lexical_similarity("空调坏了", "今天天气") < 0.2


def test_closer_texts_score_higher():
    reference = "空调维修预约成功"
    close = lexical_similarity("空调维修已预约成功", reference)
    far = lexical_similarity("冰箱的预约取消了", reference)
    assert 0.6 < close < 1.0 and 0.0 < far < 0.2


def test_empty_text_scores_zero():
    assert lexical_similarity("", "abc") == 0.0
    assert lexical_similarity("!!!", "abc") == 0.0


def test_ngrams_do_not_cross_spaces():
    assert set(char_ngrams("ab c")) == {"a", "b", "c", "ab"}
