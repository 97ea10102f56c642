"""A subscription event's `next` frame built once per process, written to every subscriber.

shared_results.py executes a stored event's selection once per (document, variables,
role) and hands every subscriber the same result; what was still done per subscriber
was encoding that result into the frame, a third of a delivery's CPU. Here the
`data` is encoded once (cached by the identity of the shared result's data, which the
cache keeps alive) and each subscriber's frame is that text with its own operation id
around it — byte for byte what encoding the whole message would give
(`encode_graphql_json`, compact, keys in the protocol's order). Frames with errors or
extensions are built per subscriber, as before.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from agenteval.api.transport.json_encoding import encode_graphql_json

MAX_FRAMES = 4096
# id(data) → (data, its JSON): the data kept so that its id is not reused meanwhile.
_encoded: OrderedDict[int, tuple[Any, str]] = OrderedDict()


def _data_json(data: Any) -> str:
    key = id(data)
    entry = _encoded.get(key)
    if entry is not None and entry[0] is data:
        _encoded.move_to_end(key)
        return entry[1]
    text = encode_graphql_json(data)
    _encoded[key] = (data, text)
    if len(_encoded) > MAX_FRAMES:
        _encoded.popitem(last=False)
    return text


def next_frame(message: Any) -> str | None:
    """The text of a graphql-transport-ws `next` message whose payload is only `data`,
    with that data encoded once for every subscriber; None for any other message."""
    if not isinstance(message, dict) or message.get("type") != "next":
        return None
    payload, operation_id = message.get("payload"), message.get("id")
    if not isinstance(payload, dict) or set(payload) != {"data"} or payload["data"] is None \
            or not isinstance(operation_id, str) or list(message) != ["id", "type", "payload"]:
        return None
    return transport_ws_frame(operation_id, _data_json(payload["data"]))


def transport_ws_frame(operation_id: str, data_json: str) -> str:
    """graphql-transport-ws `next` with only `data`, as encode_graphql_json writes it."""
    return f'{{"id":{json.dumps(operation_id)},"type":"next","payload":{{"data":{data_json}}}}}'


def legacy_ws_frame(operation_id: str, data_json: str) -> str:
    """graphql-ws `data` with only `data` (strawberry's key order), as encode_graphql_json
    writes it."""
    return f'{{"type":"data","id":{json.dumps(operation_id)},"payload":{{"data":{data_json}}}}}'


def data_json(data: Any) -> str:
    """The JSON of a shared result's data, encoded once per process."""
    return _data_json(data)


def forget_all() -> None:
    """Drop every encoded frame (tests)."""
    _encoded.clear()
