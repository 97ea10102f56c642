"""JSON documents that keep their objects' key order on PostgreSQL too.

jsonb stores an object's keys sorted (shorter first, then bytewise), so an intent
taxonomy saved as `{"refund": …, "book": …}` would read back as `{"book": …, "refund": …}`.
Where an object's order is not the one jsonb keeps, the encoder adds the order under
`KEY_ORDER` and the decoder rebuilds the object in it and drops the entry. Documents
stored before this (and objects jsonb does not reorder) carry no entry and read as
they are; SQL that looks inside the documents (`c.value->'tags'`) is unaffected.

Only PostgreSQL reorders: on SQLite (a JSON text column) documents are written as
they are (`record_order(False)`, set when the database is opened, read by `dumps_for_database`), so a run of 2,000
cases is not walked twice per read and write; an entry written before is still read.
"""

from __future__ import annotations

from typing import Any

from tortoise.fields.data import JSON_DUMPS, JSON_LOADS

KEY_ORDER = "__agenteval_key_order__"
_recording = True  # whether the database reorders keys (PostgreSQL's jsonb)


def record_order(needed: bool) -> None:
    """Whether documents written from now on record their key order (the database's
    columns reorder keys: jsonb does, SQLite's JSON text does not)."""
    global _recording
    _recording = needed


def _jsonb_sort_key(key: str) -> tuple[int, bytes]:
    encoded = key.encode()
    return len(encoded), encoded


def with_key_order(value: Any) -> Any:
    """`value` with each object whose order jsonb would change carrying its order."""
    if isinstance(value, list):
        return [with_key_order(item) for item in value]
    if not isinstance(value, dict):
        return value
    encoded = {key: with_key_order(item) for key, item in value.items()}
    keys = list(value)
    # An object that has a key of that name itself keeps its data, not its order.
    if keys != sorted(keys, key=_jsonb_sort_key) and KEY_ORDER not in value:
        encoded[KEY_ORDER] = keys
    return encoded


def without_key_order(value: Any) -> Any:
    """The inverse of `with_key_order`: objects back in their recorded order."""
    if isinstance(value, list):
        return [without_key_order(item) for item in value]
    if not isinstance(value, dict):
        return value
    order = value.get(KEY_ORDER)
    rest = {key: without_key_order(item) for key, item in value.items() if key != KEY_ORDER}
    if not (isinstance(order, list) and sorted(map(str, order)) == sorted(rest)):
        return rest if order is None else {**rest, KEY_ORDER: without_key_order(order)}
    return {key: rest[key] for key in order}


def _in_jsonb_order(value: Any) -> bool:
    """Whether jsonb keeps every object of `value` in its order (nothing to record): a
    walk that builds nothing, cheaper than `with_key_order` on the common case."""
    if isinstance(value, list):
        return all(_in_jsonb_order(item) for item in value)
    if not isinstance(value, dict):
        return True
    keys = list(value)
    if KEY_ORDER in value or keys != sorted(keys, key=_jsonb_sort_key):
        return False
    return all(_in_jsonb_order(item) for item in value.values())


def dumps_keeping_order(value: Any) -> str:
    return JSON_DUMPS(value if _in_jsonb_order(value) else with_key_order(value))


def dumps_for_database(value: Any) -> str:
    """The documents' encoder: `dumps_keeping_order` where the database reorders keys."""
    return dumps_keeping_order(value) if _recording else JSON_DUMPS(value)


def loads_keeping_order(text: str | bytes) -> Any:
    # A document with no recorded order anywhere reads as it is (a 2,000-case snapshot
    # is then decoded once, not walked again).
    marker: str | bytes = KEY_ORDER if isinstance(text, str) else KEY_ORDER.encode()
    if marker not in text:  # type: ignore[operator]  # str in str, bytes in bytes
        return JSON_LOADS(text)
    return without_key_order(JSON_LOADS(text))
