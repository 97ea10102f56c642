"""A `next` frame built from the shared data is byte for byte the frame encoding the whole
message gives; other messages are left to the generic path."""

from __future__ import annotations

from agenteval.api.transport.json_encoding import encode_graphql_json
from agenteval.api.transport.prebuilt_frames import next_frame


def test_the_prebuilt_frame_is_the_encoded_message() -> None:
    data = {"sessionMessages": {"index": 3, "content": "预约 \"ok\" \\ 😀", "latencyMs": None,
                                "nested": [1.5, True, {"a": "b"}]}}
    for operation_id in ("1", "op \"quoted\" 中"):
        message = {"id": operation_id, "type": "next", "payload": {"data": data}}
        assert next_frame(message) == encode_graphql_json(message)
    again = {"id": "2", "type": "next", "payload": {"data": data}}
    assert next_frame(again) == encode_graphql_json(again)  # from the cache


def test_frames_with_errors_or_other_types_are_not_prebuilt() -> None:
    assert next_frame({"id": "1", "type": "next", "payload": {
        "data": None, "errors": [{"message": "x"}]}}) is None
    assert next_frame({"id": "1", "type": "complete"}) is None
    assert next_frame({"type": "ping"}) is None
