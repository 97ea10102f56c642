"""The key-order codec for JSON documents stored in jsonb (no database needed)."""

from __future__ import annotations

import json

from agenteval.store.backends.key_order import KEY_ORDER, dumps_keeping_order, loads_keeping_order


def jsonb_like(text: str) -> str:
    """What jsonb does to a document: every object's keys sorted by length, then bytes."""
    def sort(value: object) -> object:
        if isinstance(value, list):
            return [sort(item) for item in value]
        if isinstance(value, dict):
            return {key: sort(value[key]) for key in sorted(value, key=lambda k: (len(k.encode()), k.encode()))}
        return value
    return json.dumps(sort(json.loads(text)))


def test_nested_objects_come_back_in_their_order_after_jsonb_sorted_them() -> None:
    document = [{"id": "c", "eval_rules": [{"params": {"intent_taxonomy": {
        "refund_request": "money back", "book": "a table", "ask": "a question"}}}]}]
    stored = jsonb_like(dumps_keeping_order(document))
    back = loads_keeping_order(stored)
    assert back == document
    assert list(back[0]["eval_rules"][0]["params"]["intent_taxonomy"]) == ["refund_request", "book", "ask"]
    assert list(back[0]) == ["id", "eval_rules"]


def test_objects_jsonb_keeps_as_they_are_carry_no_order_and_old_documents_read_unchanged() -> None:
    assert KEY_ORDER not in dumps_keeping_order({"a": 1, "bb": 2})
    assert loads_keeping_order('[{"b": 1, "a": 2}]') == [{"b": 1, "a": 2}]


def test_a_users_own_key_of_that_name_that_is_no_order_is_left_alone() -> None:
    own = {KEY_ORDER: "mine", "x": 1}
    assert loads_keeping_order(jsonb_like(dumps_keeping_order(own))) == own
