"""Every REST answer outside GraphQL (the downloads, /metrics, /healthz) says what went
wrong in one envelope, {"error": {"code", "message"}}, with the contract's code and
the HTTP status it implies."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest

from agenteval.api.http import run_downloads
from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

MISSING = "00000000-0000-0000-0000-000000000000"
DOWNLOADS = ("/api/runs/{id}/report.md", "/api/runs/{id}/report.json",
             "/api/intelligent-evals/{id}/report.md",
             "/api/intelligent-evals/{id}/report/markdown")
KEYED = (*DOWNLOADS, "/metrics")
CASES = [{"id": "hello", "messages": ["你好"], "expectation": {"not_contains": "error"}}]


def error_of(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The envelope's error, once sure of the status, the code and the shape."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert list(body) == ["error"], body
    error: dict[str, Any] = body["error"]
    assert error["code"] == code and isinstance(error["message"], str) and error["message"]
    return error


@pytest.mark.parametrize("path", KEYED)
@pytest.mark.parametrize("headers", [{}, {"X-API-Key": "ae_not-a-key"},
                                     {"Authorization": "Bearer ae_not-a-key"}])
async def test_a_missing_or_unknown_key_is_401_unauthenticated(
        gql: GraphQLClient, path: str, headers: dict[str, str]) -> None:
    error = error_of(await gql.http.get(path.format(id=MISSING), headers=headers),
                     401, "UNAUTHENTICATED")
    assert "API key" in error["message"]


async def test_only_metrics_challenges_for_a_bearer_token(gql: GraphQLClient) -> None:
    assert (await gql.http.get("/metrics")).headers["www-authenticate"] == "Bearer"
    assert "www-authenticate" not in (await gql.http.get(
        DOWNLOADS[0].format(id=MISSING))).headers


@pytest.mark.parametrize("path", DOWNLOADS)
@pytest.mark.parametrize("identifier", [MISSING, "not-a-uuid"])
async def test_a_download_of_nothing_is_404_not_found(
        gql: GraphQLClient, path: str, identifier: str) -> None:
    error = error_of(await gql.http.get(path.format(id=identifier),
                                        headers={"X-API-Key": ADMIN_KEY}), 404, "NOT_FOUND")
    assert error["message"].startswith("no such ")


@pytest.mark.parametrize("path", [*KEYED, "/healthz"])
async def test_a_method_the_route_does_not_answer_is_405_validation_failed(
        gql: GraphQLClient, path: str) -> None:
    response = await gql.http.post(path.format(id=MISSING), headers={"X-API-Key": ADMIN_KEY})
    error = error_of(response, 405, "VALIDATION_FAILED")
    assert error["details"] == [{"path": "method", "message": error["message"]}]
    assert "not POST" in error["message"] and "GET" in response.headers["allow"]


async def test_an_unknown_api_path_is_404_not_found(gql: GraphQLClient) -> None:
    error = error_of(await gql.http.get("/api/runs", headers={"X-API-Key": ADMIN_KEY}),
                     404, "NOT_FOUND")
    assert error["message"] == "no route for GET /api/runs"


async def test_an_unexpected_error_is_500_internal_with_the_id_of_its_log_line(
        gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    _, run_id = await run_scenario(gql, await create_target(gql), CASES)
    await wait_for_run(gql, run_id)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in the report")

    monkeypatch.setattr(run_downloads, "scenario_result", broken)  # a bug, injected
    caplog.set_level(logging.ERROR, logger="agenteval.api")
    response = await gql.http.get(f"/api/runs/{run_id}/report.json",
                                  headers={"X-API-Key": ADMIN_KEY})
    error = error_of(response, 500, "INTERNAL")
    assert "a bug" not in error["message"]  # the client learns nothing of the internals
    [logged] = [r for r in caplog.records if error["errorId"] in r.getMessage()]
    assert logged.exc_info is not None and f"/api/runs/{run_id}/report.json" in logged.getMessage()


async def test_healthz_adds_the_envelope_to_its_status_when_the_database_is_gone(
        gql: GraphQLClient) -> None:
    from agenteval.store import database

    await database.close_database()
    response = await gql.http.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable" and body["reason"] == "database"
    assert body["error"]["code"] == "UNAVAILABLE" and body["error"]["reason"] == "database"
