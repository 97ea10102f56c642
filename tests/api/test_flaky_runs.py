"""Repeated attempts through the real ASGI app: flip rate, attempt agreement, flaky
regressions and the significance of a comparison."""

from __future__ import annotations

import itertools

import pytest
from aiohttp import web

from tests.api.static_helpers import http_target, run_scenario, wait_for_run
from tests.support.graphql_client import GraphQLClient

SUMMARY = "query($id: ID!) { run(id: $id) { summary { flipRate passHatK passHatCurve } reportMarkdown } }"
AGREEMENT = """query($id: ID!) { run(id: $id) { outcomes(first: 50) { edges { node {
  caseKey attempt attemptAgreement } } } } }"""
COMPARE = """query($base: ID!, $head: ID!) { compareRuns(baseRunId: $base, headRunId: $head) {
  regressions { caseKey flaky }
  significance { method pValue passRateDeltaCi95Low passRateDeltaCi95High } markdown } }"""

CASES = [{"id": "steady", "messages": ["fine"], "expectation": {"contains": "echo"}},
         {"id": "coin", "messages": ["coin"], "expectation": {"contains": "heads"}}]


def coin_bot(first: str = "heads") -> web.Application:
    """Echoes; "coin" is answered heads, tails, heads, … (starting with `first`)."""
    faces = itertools.cycle([first, "tails" if first == "heads" else "heads"])

    async def chat(request: web.Request) -> web.Response:
        message = str((await request.json()).get("message", ""))
        return web.json_response({"reply": next(faces) if message == "coin"
                                  else f"echo: {message}"})

    app = web.Application()
    app.router.add_post("/chat", chat)
    return app


async def test_a_case_whose_attempts_disagree_is_flaky(gql: GraphQLClient, serve) -> None:
    steady_target = await http_target(gql, await serve(coin_bot()))
    _, base = await run_scenario(gql, steady_target, CASES, repeat=1)
    await wait_for_run(gql, base)
    flipping_target = await http_target(gql, await serve(coin_bot("tails")))
    _, head = await run_scenario(gql, flipping_target, CASES, repeat=2, concurrency=1)
    await wait_for_run(gql, head)

    run = (await gql.execute(SUMMARY, {"id": head}))["run"]
    assert run["summary"]["flipRate"] == 0.5  # coin flips, steady does not
    # steady 2/2, coin 1/2: pass^1 = (1 + 1/2) / 2, pass^2 = (1 + 0) / 2.
    assert run["summary"]["passHatCurve"] == [0.75, 0.5]
    assert run["summary"]["passHatK"] == 0.5
    assert "pass^1 75.0% · pass^2 50.0%" in run["reportMarkdown"]
    assert "## Flakiest cases" in run["reportMarkdown"]
    assert "| coin | 50.0% | FAILURE, SUCCESS |" in run["reportMarkdown"]
    nodes = [e["node"] for e in (await gql.execute(AGREEMENT, {"id": head}))["run"][
        "outcomes"]["edges"]]
    assert {(n["caseKey"], n["attemptAgreement"]) for n in nodes} == {("steady", 1.0),
                                                                      ("coin", 0.5)}
    single = (await gql.execute(SUMMARY, {"id": base}))["run"]["summary"]
    assert single["flipRate"] is None

    comparison = (await gql.execute(COMPARE, {"base": base, "head": head}))["compareRuns"]
    # coin passed in base (heads) and fails attempt 0 in head (tails): a flaky regression.
    assert comparison["regressions"] == [{"caseKey": "coin", "flaky": True}]
    significance = comparison["significance"]
    # coin's head majority (1 of 2) does not pass: one discordant case, p = 1.0
    assert significance["pValue"] == pytest.approx(1.0)
    assert significance["passRateDeltaCi95Low"] <= 0 <= significance["passRateDeltaCi95High"]
    assert "not significant (p = 1.00)" in comparison["markdown"]
    assert "1 of 1 regression(s) are flaky" in comparison["markdown"]
