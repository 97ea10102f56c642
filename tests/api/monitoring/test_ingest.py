"""POST /api/ingest through the real ASGI app, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import gzip
import json

from agenteval.config import Settings
from agenteval.store.models import MonitoredConversation, MonitoredSource, MonitoredTurn
from tests.api.monitoring.helpers import key_of, ndjson, post_ingest, turn
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient


async def test_turns_are_committed_counted_and_idempotent(gql: GraphQLClient) -> None:
    lines = [turn("c1", "user", "hello", "m1"), turn("c1", "assistant", "hi, how can I help?", "m2"),
             turn("c2", "user", "where is my order?", position=0)]
    first = await post_ingest(gql.http, lines)
    assert first.status_code == 200, first.text
    assert first.json() == {"accepted": 3, "duplicates": 0, "conversations": 2}
    # A retry of the same request, and a repeat inside one request, store nothing twice.
    again = await post_ingest(gql.http, [*lines, lines[0]])
    assert again.json() == {"accepted": 0, "duplicates": 4, "conversations": 2}
    assert await MonitoredTurn.all().count() == 3
    source = await MonitoredSource.get(name="shop")
    assert source.auto_created and source.quiet_period_s == 300
    conversation = await MonitoredConversation.get(external_id="c1")
    assert conversation.turn_count == 2 and conversation.status == "OPEN"


async def test_turns_without_message_id_or_position_are_recognised_when_resent(
        gql: GraphQLClient) -> None:
    lines = [turn("c1", "user", "hello", timestamp="2026-12-01T10:00:00Z"),
             turn("c1", "user", "hello", timestamp="2026-12-01T10:05:00Z")]
    assert (await post_ingest(gql.http, lines)).json()["accepted"] == 2
    assert (await post_ingest(gql.http, lines)).json()["duplicates"] == 2


async def test_a_late_turn_lands_in_its_conversations_partition_day(gql: GraphQLClient) -> None:
    await post_ingest(gql.http, [turn("c1", "user", "hello", "m1")])
    conversation = await MonitoredConversation.get(external_id="c1")
    conversation.status, conversation.version = "JUDGED", 1
    await conversation.save()
    # Out of order and late: an earlier message id arrives after the conversation was judged.
    response = await post_ingest(gql.http, [turn("c1", "assistant", "hi", "m0",
                                                 timestamp="2026-01-01T00:00:00Z")])
    assert response.json()["accepted"] == 1
    conversation = await MonitoredConversation.get(external_id="c1")
    assert conversation.status == "OPEN" and conversation.version == 1
    days = {t.first_seen_day for t in await MonitoredTurn.filter(conversation_id=conversation.id)}
    assert days == {conversation.first_seen_day}


async def test_whole_conversations_in_the_import_shape(gql: GraphQLClient) -> None:
    conversation = {"id": "log-1", "source": "imports", "metadata": {"channel": "app"},
                    "messages": [{"role": "user", "content": "refund please"},
                                 {"role": "assistant", "content": "Sure."}], "end": True}
    response = await gql.http.post("/api/ingest", content=json.dumps([conversation]),
                                   headers={"X-API-Key": ADMIN_KEY,
                                            "Content-Type": "application/json"})
    assert response.json() == {"accepted": 2, "duplicates": 0, "conversations": 1}
    row = await MonitoredConversation.get(external_id="log-1")
    assert row.ended and row.metadata == {"channel": "app"}
    positions = sorted(t.position for t in await MonitoredTurn.filter(conversation_id=row.id))
    assert positions == [0, 1]


async def test_a_bad_request_is_refused_whole_with_every_bad_line(gql: GraphQLClient) -> None:
    body = ndjson([turn("c1", "user", "fine", "m1"), {"source": "shop", "role": "bot",
                                                     "content": "x"}]) + b"\n{not json"
    response = await gql.http.post("/api/ingest", content=body,
                                   headers={"X-API-Key": ADMIN_KEY,
                                            "Content-Type": "application/x-ndjson"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "VALIDATION_FAILED"
    reasons = {(d["line"], d["reason"]) for d in error["details"]}
    assert reasons == {(2, "MISSING_FIELD"), (2, "BAD_ROLE"), (3, "INVALID_JSON")}
    assert await MonitoredTurn.all().count() == 0  # the good line was not stored either
    assert await MonitoredSource.all().count() == 0


async def test_limits_come_from_the_settings(gql: GraphQLClient, settings: Settings) -> None:
    long = "x" * (settings.ingest_max_content_chars + 1)
    response = await post_ingest(gql.http, [turn("c1", "user", long, "m1")])
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["reason"] == "TOO_LONG"
    bomb = gzip.compress(b" " * (settings.ingest_max_body_bytes + 10))
    response = await gql.http.post("/api/ingest", content=bomb,
                                   headers={"X-API-Key": ADMIN_KEY, "Content-Encoding": "gzip",
                                            "Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "VALIDATION_FAILED"
    good = gzip.compress(ndjson([turn("c1", "user", "zipped", "m1")]))
    response = await gql.http.post("/api/ingest", content=good,
                                   headers={"X-API-Key": ADMIN_KEY, "Content-Encoding": "gzip",
                                            "Content-Type": "application/x-ndjson"})
    assert response.json()["accepted"] == 1


async def test_an_ingest_key_may_send_and_read_nothing(gql: GraphQLClient) -> None:
    secret = await key_of(gql, "INGEST")
    sent = await post_ingest(gql.http, [turn("c1", "user", "hello", "m1")], key=secret,
                             bearer=True)
    assert sent.status_code == 200
    error = await gql.with_key(secret).error("{ targets { totalCount } }")
    assert error.code == "FORBIDDEN"
    for path in ("/metrics", "/api/runs/00000000-0000-0000-0000-000000000000/report.md"):
        read = await gql.http.get(path, headers={"X-API-Key": secret})
        assert read.status_code == 403, path
    viewer = await key_of(gql, "VIEWER")
    refused = await post_ingest(gql.http, [turn("c1", "user", "hello", "m2")], key=viewer)
    assert refused.status_code == 403
    assert (await post_ingest(gql.http, [turn("c1", "user", "x")], key="nope")).status_code == 401


async def test_texts_are_made_storable(gql: GraphQLClient) -> None:
    body = ('{"source":"shop","conversationId":"c\\u0000","role":"user","messageId":"m1",'
            '"content":"nul \\u0000 and lone \\ud800 surrogate","metadata":{"k\\u0000":"\\udc00"}}')
    response = await gql.http.post("/api/ingest", content=body.encode(),
                                   headers={"X-API-Key": ADMIN_KEY,
                                            "Content-Type": "application/json"})
    assert response.status_code == 200, response.text
    stored = await MonitoredTurn.get(message_key="m1")
    assert stored.content == "nul  and lone \ufffd surrogate"  # NUL removed, as everywhere
    assert stored.metadata == {"k": "\ufffd"}


async def test_personal_data_is_masked_with_stable_pseudonyms(gql: GraphQLClient) -> None:
    await post_ingest(gql.http, [
        turn("c1", "user", "my phone is 13800138000, mail a.b@example.com", "m1"),
        turn("c2", "user", "call +86 138 0013 8000 please", "m1")])
    first = await MonitoredTurn.get(message_key="m1", content__contains="mail")
    second = await MonitoredTurn.get(message_key="m1", content__contains="call")
    assert "13800138000" not in first.content and "example.com" not in first.content
    token = first.content.split("my phone is ")[1].split(",")[0]
    assert token.startswith("[PHONE#") and token in second.content  # the same number
    assert first.personal_data == [{"kind": "phone", "token": token},
                                   {"kind": "email", "token": first.content.split("mail ")[1]}]


async def test_past_the_backlog_ingestion_answers_429_with_retry_after(
        gql: GraphQLClient, settings: Settings) -> None:
    assert settings.ingest_backlog_limit == 2
    await post_ingest(gql.http, [turn("c1", "assistant", "a", "m1"),
                                 turn("c1", "assistant", "b", "m2")])
    await asyncio.sleep(1.1)  # the backlog is read at most once a second
    response = await post_ingest(gql.http, [turn("c1", "user", "c", "m3")])
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "5"
    assert response.json()["error"]["code"] == "RATE_LIMITED"
    assert await MonitoredTurn.all().count() == 2


async def test_ndjson_sent_as_json_is_read_and_deep_nesting_is_a_coded_error(
        gql: GraphQLClient) -> None:
    body = ndjson([turn("c1", "user", "a", "m1"), turn("c1", "assistant", "b", "m2")])
    response = await gql.http.post("/api/ingest", content=body,
                                   headers={"X-API-Key": ADMIN_KEY,
                                            "Content-Type": "application/json"})
    assert response.json()["accepted"] == 2
    deep = b"[" * 100_000 + b"]" * 100_000
    for content_type in ("application/json", "application/x-ndjson"):
        response = await gql.http.post("/api/ingest", content=deep,
                                       headers={"X-API-Key": ADMIN_KEY,
                                                "Content-Type": content_type})
        assert response.status_code == 400, response.text
        assert response.json()["error"]["details"][0]["reason"] == "TOO_DEEP"
    response = await gql.http.post("/v1/traces", content=deep,
                                   headers={"X-API-Key": ADMIN_KEY,
                                            "Content-Type": "application/json"})
    assert response.status_code == 400
