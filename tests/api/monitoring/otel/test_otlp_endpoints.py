"""/v1/traces and /v1/logs with hand-built OTLP bodies: the shapes, JSON and protobuf,
gzip, partial success, conversations inferred by shared prefix, tool calls on their turn."""

from __future__ import annotations

import base64
import gzip
import json
from typing import Any

from google.protobuf import json_format
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue

from agenteval.store.models import MonitoredConversation, MonitoredTurn
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

PROTOBUF = {"X-API-Key": ADMIN_KEY, "Content-Type": "application/x-protobuf"}
TRACE = "5b8efff798038103d269b633813fc60c"


def value(item: Any) -> AnyValue:
    if isinstance(item, bool):
        return AnyValue(bool_value=item)
    if isinstance(item, int):
        return AnyValue(int_value=item)
    return AnyValue(string_value=str(item))


def traces(spans: list[dict[str, Any]], service: str = "shop-bot") -> ExportTraceServiceRequest:
    request = ExportTraceServiceRequest()
    resource_spans = request.resource_spans.add()
    resource_spans.resource.attributes.append(KeyValue(key="service.name", value=value(service)))
    scope = resource_spans.scope_spans.add()
    for number, spec in enumerate(spans, start=1):
        span = scope.spans.add()
        span.trace_id = bytes.fromhex(spec.get("trace", TRACE))
        span.span_id = bytes.fromhex(f"{number:016x}")
        if spec.get("parent"):
            span.parent_span_id = bytes.fromhex(f"{spec['parent']:016x}")
        span.name = "chat"
        span.start_time_unix_nano = 1_700_000_000_000_000_000 + number * 10**9
        span.end_time_unix_nano = span.start_time_unix_nano + 250_000_000
        for key, item in spec["attributes"].items():
            span.attributes.append(KeyValue(key=key, value=value(item)))
    return request


def genai(history: list[tuple[str, str]], reply: str, **extra: Any) -> dict[str, Any]:
    parts = [{"role": r, "parts": [{"type": "text", "content": c}]} for r, c in history]
    return {"gen_ai.input.messages": json.dumps(parts),
            "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [
                {"type": "text", "content": reply}], "finish_reason": "stop"}]), **extra}


async def stored(external_id: str) -> list[tuple[str, str]]:
    conversation = await MonitoredConversation.get(external_id=external_id)
    turns = await MonitoredTurn.filter(conversation_id=conversation.id).order_by("position")
    return [(t.role, t.content) for t in turns]


async def test_openllmetry_spans_with_an_association_property_and_tool_calls(
        gql: GraphQLClient) -> None:
    body = traces([{"attributes": {
        "traceloop.association.properties.session_id": "s-9",
        "gen_ai.prompt.0.role": "user", "gen_ai.prompt.0.content": "track order 7",
        "gen_ai.completion.0.role": "assistant", "gen_ai.completion.0.content": "",
        "gen_ai.completion.0.tool_calls.0.name": "track_order",
        "gen_ai.completion.0.tool_calls.0.arguments": '{"id": 7}'}}])
    response = await gql.http.post("/v1/traces", content=body.SerializeToString(),
                                   headers=PROTOBUF)
    assert response.status_code == 200
    answer = ExportTraceServiceResponse()
    answer.ParseFromString(response.content)
    assert answer.partial_success.rejected_spans == 0
    assert await stored("s-9") == [("user", "track order 7"), ("assistant", "")]
    reply = await MonitoredTurn.get(role="assistant")
    assert reply.tool_calls == [{"name": "track_order", "arguments": '{"id": 7}'}]


async def test_otlp_json_gzip_a_parents_conversation_id_and_partial_success(
        gql: GraphQLClient) -> None:
    body = traces([
        {"attributes": {"gen_ai.conversation.id": "conv-1"}},
        {"parent": 1, "attributes": genai([("system", "be nice"), ("user", "hi")], "hello")},
        {"parent": 1, "attributes": {"gen_ai.input.messages": "{not json"}},
        {"attributes": {"http.method": "GET"}}])  # not an LLM call: ignored, not rejected
    text = json_format.MessageToJson(body)
    # OTLP JSON ids are hex, not protobuf's base64.
    as_json = json.loads(text)
    for span in as_json["resourceSpans"][0]["scopeSpans"][0]["spans"]:
        for key in ("traceId", "spanId", "parentSpanId"):
            if key in span:
                span[key] = base64.b64decode(span[key]).hex()
    response = await gql.http.post(
        "/v1/traces", content=gzip.compress(json.dumps(as_json).encode()),
        headers={"X-API-Key": ADMIN_KEY, "Content-Type": "application/json",
                 "Content-Encoding": "gzip"})
    assert response.status_code == 200, response.text
    partial = response.json()["partialSuccess"]
    assert partial["rejectedSpans"] == "1" and "not JSON" in partial["errorMessage"]
    assert await stored("conv-1") == [("user", "hi"), ("assistant", "hello")]


async def test_without_an_id_turns_are_grouped_by_shared_prefix_in_a_trace(
        gql: GraphQLClient) -> None:
    body = traces([
        {"attributes": genai([("user", "a1")], "b1")},
        {"attributes": genai([("user", "x1")], "y1")},  # another conversation, same trace
        {"attributes": genai([("user", "a1"), ("assistant", "b1"), ("user", "a2")], "b2")}])
    response = await gql.http.post("/v1/traces", content=body.SerializeToString(),
                                   headers=PROTOBUF)
    assert response.status_code == 200
    conversations = await MonitoredConversation.all()
    assert len(conversations) == 2 and all(c.inferred for c in conversations)
    first = next(c for c in conversations if c.turn_count == 4)
    turns = await MonitoredTurn.filter(conversation_id=first.id).order_by("position")
    assert [t.content for t in turns] == ["a1", "b1", "a2", "b2"]
    # The same export again (a retry) stores nothing twice.
    await gql.http.post("/v1/traces", content=body.SerializeToString(), headers=PROTOBUF)
    assert await MonitoredTurn.all().count() == 6


async def test_legacy_genai_message_events_on_v1_logs(gql: GraphQLClient) -> None:
    request = ExportLogsServiceRequest()
    resource_logs = request.resource_logs.add()
    resource_logs.resource.attributes.append(KeyValue(key="service.name", value=value("bot")))
    scope = resource_logs.scope_logs.add()
    for order, (name, body) in enumerate([
            ("gen_ai.user.message", {"content": "refund?"}),
            ("gen_ai.choice", {"index": 0, "finish_reason": "stop",
                               "message": {"role": "assistant", "content": "sure"}})]):
        record = scope.log_records.add()
        record.event_name = name
        record.trace_id = bytes.fromhex(TRACE)
        record.span_id = bytes.fromhex("00000000000000aa")
        record.time_unix_nano = 1_700_000_000_000_000_000 + order
        record.attributes.append(KeyValue(key="session.id", value=value("L-1")))
        json_format.ParseDict({"kvlistValue": {"values": [
            {"key": k, "value": {"stringValue": v} if isinstance(v, str) else
             {"kvlistValue": {"values": [{"key": kk, "value": {"stringValue": vv}}
                                         for kk, vv in v.items()]}} if isinstance(v, dict)
             else {"intValue": str(v)}} for k, v in body.items()]}}, record.body)
    response = await gql.http.post("/v1/logs", content=request.SerializeToString(),
                                   headers=PROTOBUF)
    assert response.status_code == 200
    assert await stored("L-1") == [("user", "refund?"), ("assistant", "sure")]


async def test_a_body_that_is_not_otlp_is_refused_and_keys_are_required(
        gql: GraphQLClient) -> None:
    response = await gql.http.post("/v1/traces", content=b"\xff\x00garbage", headers=PROTOBUF)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "VALIDATION_FAILED"
    response = await gql.http.post("/v1/traces", content=b"",
                                   headers={"Content-Type": "application/x-protobuf"})
    assert response.status_code == 401
