"""storable_text: lone surrogates → U+FFFD, NUL removed, pairs joined, and what was replaced."""

from __future__ import annotations

import time

from agenteval.domain.storable_text import storable_text, storable_value


def test_clean_text_is_returned_unchanged_with_nothing_replaced() -> None:
    assert storable_text("plain 中文 😀") == ("plain 中文 😀", ())


def test_lone_surrogates_and_nul_are_replaced_and_named() -> None:
    assert storable_text("a\ud83d b\x00c\udc00") == ("a\ufffd bc\ufffd", ("lone_surrogate", "nul"))
    assert storable_text("\x00") == ("", ("nul",))


def test_a_valid_surrogate_pair_becomes_its_character() -> None:
    assert storable_text("x\ud83d\ude00y") == ("x😀y", ())


def test_values_are_cleaned_at_any_depth_keys_included() -> None:
    nested: object = "\x00deep"
    for _ in range(5_000):
        nested = [nested]
    value, replaced = storable_value({"k\ud800": nested, "n": 1})
    assert replaced == ("lone_surrogate", "nul")
    assert list(value) == ["k\ufffd", "n"]
    inner = value["k\ufffd"]
    while isinstance(inner, list):
        inner = inner[0]
    assert inner == "deep"


def test_cleaning_is_linear() -> None:
    started = time.perf_counter()
    storable_text("\ud800\x00" * 500_000)
    assert time.perf_counter() - started < 1.0
