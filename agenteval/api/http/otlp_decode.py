"""OTLP/HTTP request bodies (protobuf or JSON) decoded with `opentelemetry-proto`.

JSON follows the OTLP JSON mapping: ids are hex strings (protobuf's JSON mapping would
read them as base64), so they are turned into base64 before `json_format.Parse`; the
rest is protobuf's own JSON mapping (lowerCamelCase fields, enums as numbers).
"""

from __future__ import annotations

import base64
import json
from typing import Any

from google.protobuf import json_format  # type: ignore[import-untyped]  # protobuf ships no stubs
from google.protobuf.message import DecodeError, Message  # type: ignore[import-untyped]  # no stubs
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import (
    ExportLogsServiceRequest,
    ExportLogsServiceResponse,
)
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue

from agenteval.errors import ValidationFailed

PROTOBUF = "application/x-protobuf"
_ID_FIELDS = ("traceId", "spanId", "parentSpanId")


def is_json(content_type: str) -> bool:
    return content_type.split(";")[0].strip().lower() == "application/json"


def decode(body: bytes, content_type: str, message: Message) -> None:
    """Fill `message` from the body; VALIDATION_FAILED when it is not OTLP."""
    try:
        if is_json(content_type):
            json_format.ParseDict(_ids_to_base64(json.loads(body)), message,
                                  ignore_unknown_fields=True)
        else:
            message.ParseFromString(body)
    except (DecodeError, json_format.ParseError, json.JSONDecodeError, UnicodeDecodeError,
            ValueError, RecursionError) as exc:
        raise ValidationFailed.one("body", f"not an OTLP request: {exc}") from None


def _ids_to_base64(value: Any) -> Any:
    if isinstance(value, list):
        return [_ids_to_base64(item) for item in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in _ID_FIELDS and isinstance(item, str):
                try:
                    item = base64.b64encode(bytes.fromhex(item)).decode()
                except ValueError:
                    raise ValidationFailed.one(key, "must be a hex id") from None
            out[key] = _ids_to_base64(item)
        return out
    return value


def plain(value: AnyValue) -> Any:
    """An OTLP AnyValue as a Python value."""
    kind = value.WhichOneof("value")
    if kind is None:
        return None
    if kind == "array_value":
        return [plain(v) for v in value.array_value.values]
    if kind == "kvlist_value":
        return attributes(value.kvlist_value.values)
    if kind == "bytes_value":
        return value.bytes_value.hex()
    return getattr(value, kind)


def attributes(items: Any) -> dict[str, Any]:
    pairs: list[KeyValue] = list(items)
    return {pair.key: plain(pair.value) for pair in pairs}


def answer(request_message: Message, rejected: int, error: str, content_type: str
           ) -> tuple[bytes, str]:
    """The export response (partial success when something was rejected), encoded as asked."""
    response: Message
    if isinstance(request_message, ExportTraceServiceRequest):
        response = ExportTraceServiceResponse()
        if rejected:
            response.partial_success.rejected_spans = rejected
            response.partial_success.error_message = error
    else:
        response = ExportLogsServiceResponse()
        if rejected:
            response.partial_success.rejected_log_records = rejected
            response.partial_success.error_message = error
    if is_json(content_type):
        return json_format.MessageToJson(response).encode(), "application/json"
    return response.SerializeToString(), PROTOBUF


__all__ = ["ExportLogsServiceRequest", "ExportTraceServiceRequest", "answer", "attributes",
           "decode", "plain"]
