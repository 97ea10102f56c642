"""A storm of bad input logs no traceback; the unexpected is logged once; no secret is logged."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from agenteval.engine.catalog import targets
from agenteval.store import database
from tests.support.graphql_client import GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

BAD_REQUESTS = [
    ("query($s: RunStatus) { runs(status: $s) { totalCount } }", {"s": "completed"}),
    ("query($f: Int) { targets(first: $f) { totalCount } }", {"f": 2**31}),
    ('mutation { createApiKey(name: "a\\u0000", role: VIEWER) { secret } }', None),
    ("{ nope }", None),
    ('{ target(id: "not-an-id") { id } }', None),
    ("mutation { revokeApiKey(id: \"00000000-0000-0000-0000-000000000000\") { id } }", None),
]


async def test_a_storm_of_bad_input_logs_no_traceback(
        client: GraphQLClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    for query, variables in BAD_REQUESTS * 3:
        await client.error(query, variables)
    for key in (None, "ae_not-a-key-at-all-0123456789abcdef"):
        await client.with_key(key).error("{ me { id } }")
    await client.http.post("/graphql", content=b"[1]",
                           headers={"content-type": "application/json"})
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]
    requests = len(BAD_REQUESTS) * 3 + 3
    assert len([r for r in caplog.records if r.name.startswith("agenteval")]) <= requests


async def test_an_unexpected_error_is_logged_once_with_the_id_the_client_sees(
        client: GraphQLClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("driver failed: api_key=sk-live-abc123 Authorization: Bearer tok-xyz")

    monkeypatch.setattr(targets, "probe_target", broken)
    caplog.set_level(logging.INFO)
    error = await client.error("mutation { probeTarget(id: \"00000000-0000-0000-0000-000000000001\") { ok } }")
    assert error.code == "INTERNAL"
    error_id = error.errors[0]["extensions"]["errorId"]
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(logged) == 1 and logged[0].exc_info and error_id in logged[0].getMessage()
    assert "sk-live-abc123" not in caplog.text and "tok-xyz" not in caplog.text
    assert "RuntimeError" in caplog.text, "the traceback is there, redacted"


SECRET_INPUTS = [
    'mutation { setModelConfig(role: PLANNER, input: {provider: "openai", model: "m", '
    'apiKey: "sk-inline-secret-1", bogus: 1}) { role } }',
    'mutation { createTarget(input: {name: "t", channelType: "http", channelConfig: '
    '{url: "http://127.0.0.1:9/x", reply_path: "a", headers: {XToken: "hdr-secret-2"}}, '
    'maxConcurency: 1}) { id } }',
    'mutation { createTarget(input: {name: "t", channelType: "openai", channelConfig: '
    '{base_url: "http://127.0.0.1:9", api_key: "sk-config-secret-3"}, nope: 1}) { id } }',
]


@pytest.mark.parametrize("query", SECRET_INPUTS)
async def test_a_secret_in_a_failing_mutation_reaches_no_log_and_no_message(
        client: GraphQLClient, caplog: pytest.LogCaptureFixture, query: str) -> None:
    caplog.set_level(logging.DEBUG)
    error = await client.error(query)
    assert error.code == "VALIDATION_FAILED"
    for secret in ("sk-inline-secret-1", "hdr-secret-2", "sk-config-secret-3"):
        assert secret not in caplog.text
        assert secret not in str(client.last)


async def test_start_up_does_not_log_an_orm_shutdown(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    await database.migrate(f"sqlite://{tmp_path / 'fresh.db'}")
    assert "Tortoise-ORM shutdown" not in caplog.text


async def test_redaction_keeps_the_arguments_uvicorns_access_log_unpacks() -> None:
    from uvicorn.logging import AccessFormatter

    from agenteval.logs import install_redaction

    install_redaction()
    record = logging.getLogger("uvicorn.access").makeRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/graphql?apiKey=sk-in-a-url", "1.1", 200), None)
    line = AccessFormatter('%(client_addr)s "%(request_line)s" %(status_code)s').format(record)
    assert "sk-in-a-url" not in line and "apiKey=[redacted]" in line and "200" in line
