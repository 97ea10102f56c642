"""A model endpoint that echoes its request in an error body: the JUDGE api key and the base
URL's query secrets are masked wherever the error is stored and shown (both databases)."""

from __future__ import annotations

import json

from aiohttp import web

from tests.api.offline_helpers import IMPORT, JUDGE, conversation, jsonl
from tests.api.static_helpers import make_key, wait_for_run
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import local_server

SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role baseUrl } }"""
API_KEY = "sk-judge-8f3a9c2e71d4"
QUERY_SECRET = "qs-5b7e0d19c4aa"
RUN_READS = """query($id: ID!) { run(id: $id) { reportMarkdown error
  outcomes(first: 10) { edges { node { error results { error detail } } } } } }"""


async def _echo(request: web.Request) -> web.Response:
    """An endpoint that refuses and quotes the whole request back, as some proxies do."""
    echoed = {"error": "bad request", "path": request.path_qs,
              "headers": dict(request.headers), "raw_auth": request.headers.get("Authorization"),
              "body": await request.text()}
    # Also as free text, the way an HTML error page would show it.
    text = json.dumps(echoed) + f" sig={QUERY_SECRET} key: {API_KEY}"
    return web.Response(status=400, text=text)


async def test_an_echoing_judge_endpoint_leaks_no_secret(gql: GraphQLClient) -> None:
    app = web.Application()
    app.router.add_post("/{tail:.*}", _echo)
    async with local_server(app) as url:
        set_config = await gql.execute(SET_MODEL_CONFIG, {"role": "JUDGE", "input": {
            "provider": "openai", "baseUrl": f"{url}/v1?sig={QUERY_SECRET}",
            "model": "judge-model", "apiKey": API_KEY,
            "params": {"retries": 0, "timeout_s": 5}}})
        assert QUERY_SECRET not in json.dumps(set_config)
        stored = (await gql.execute(IMPORT, {"document": jsonl([conversation(1)]),
                                             "format": "jsonl"}))["importConversations"]
        rules = {"eval_rules": [{"type": "llm_score", "params": {
            "criteria": "books the repair politely", "min_score": 7}}]}
        run = (await gql.execute(JUDGE, {"setId": stored["id"], "rules": rules})
               )["judgeConversations"]
        await wait_for_run(gql, run["id"])
    places: list[str] = []
    for role in ("VIEWER", "AGENT", "ADMIN"):
        client = gql if role == "ADMIN" else await make_key(gql, role)
        places.append(json.dumps(await client.execute(RUN_READS, {"id": run["id"]})))
        for name in ("report.md", "report.json"):
            response = await client.http.get(f"/api/runs/{run['id']}/{name}",
                                              headers={"X-API-Key": client.key or ""})
            assert response.status_code == 200
            places.append(response.text)
    assert "HTTP 400" in places[0]  # the error is there, only its secrets are not
    for place in places:
        assert API_KEY not in place and QUERY_SECRET not in place


async def test_a_base_url_that_is_not_a_url_is_refused(gql: GraphQLClient) -> None:
    for base_url in ("http://[::1", "http://host:99999/v1", "ftp://x"):
        error = await gql.error(SET_MODEL_CONFIG, {"role": "JUDGE", "input": {
            "provider": "openai", "baseUrl": base_url, "model": "m"}})
        assert error.code == "VALIDATION_FAILED" and "input.baseUrl" in json.dumps(error.errors), \
            base_url
