"""find_json: whole reply first, then fenced blocks, then the first parseable span."""

from __future__ import annotations

import pytest

from agenteval.rules.model_free.json_extraction import find_json


@pytest.mark.parametrize("text, value, source", [
    ("[1, 2]", [1, 2], "whole_reply"),
    ("null", None, "whole_reply"),
    ("```\n{\"a\": 1}\n```", {"a": 1}, "fenced_block"),
    ("text ```json {\"a\": 2}``` more", {"a": 2}, "fenced_block"),
    ("see {broken then {\"a\": 3} end", {"a": 3}, "embedded"),
    ("list: [\"x\"] and {\"b\": 1}", ["x"], "embedded"),
])
def test_find_json(text, value, source):
    found = find_json(text)
    assert found is not None and (found.value, found.source) == (value, source)


@pytest.mark.parametrize("text", ["", "plain words", "{not json}", "```json\n{oops\n```"])
def test_no_json(text):
    assert find_json(text) is None
