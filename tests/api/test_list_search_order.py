"""Lists searched by name, ordered and paged by the server (issue 29 point 8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.graphql_client import GraphQLClient

BOOKING = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "booking.json"
CREATE_TARGET = """mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"""
TARGETS = """query($search: String, $orderBy: ListOrder, $first: Int, $after: String) {
  targets(search: $search, orderBy: $orderBy, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { name } } } }"""
IMPORT = "mutation($d: String!) { importScenario(document: $d) { id name } }"
SCENARIOS = """query($search: String, $orderBy: ListOrder) {
  scenarios(search: $search, orderBy: $orderBy) { totalCount edges { node { id name } } } }"""
CREATE_CAMPAIGN = """mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }"""
CAMPAIGNS = """query($search: String, $scenarioId: ID, $orderBy: ListOrder) {
  campaigns(search: $search, scenarioId: $scenarioId, orderBy: $orderBy) {
    totalCount edges { node { name } } } }"""


async def make_targets(gql: GraphQLClient, names: list[str]) -> None:
    for name in names:
        await gql.execute(CREATE_TARGET, {"input": {
            "name": name, "channelType": "http",
            "channelConfig": {"url": "http://127.0.0.1:9/chat", "reply_path": "reply"}}})


def names(data: dict, field: str) -> list[str]:
    return [edge["node"]["name"] for edge in data[field]["edges"]]


async def test_targets_are_searched_ignoring_case_and_ordered_by_name(gql: GraphQLClient) -> None:
    await make_targets(gql, ["Beta bot", "alpha bot", "Gamma service", "delta BOT"])
    found = await gql.execute(TARGETS, {"search": "BOT", "orderBy": "NAME_ASC"})
    assert names(found, "targets") == ["alpha bot", "Beta bot", "delta BOT"]
    assert found["targets"]["totalCount"] == 3
    newest = await gql.execute(TARGETS, {"search": "bot", "orderBy": "NEWEST_FIRST"})
    assert names(newest, "targets") == ["delta BOT", "alpha bot", "Beta bot"]
    # Without the new arguments the list reads as before: oldest first, everything.
    everything = await gql.execute(TARGETS, {})
    assert names(everything, "targets") == ["Beta bot", "alpha bot", "Gamma service", "delta BOT"]


async def test_a_searched_list_pages_over_its_matches(gql: GraphQLClient) -> None:
    await make_targets(gql, [f"bot {n}" for n in range(5)] + ["other"])
    first = await gql.execute(TARGETS, {"search": "bot", "orderBy": "NAME_DESC", "first": 2})
    assert names(first, "targets") == ["bot 4", "bot 3"]
    assert first["targets"]["totalCount"] == 5 and first["targets"]["pageInfo"]["hasNextPage"]
    after = first["targets"]["pageInfo"]["endCursor"]
    second = await gql.execute(TARGETS, {"search": "bot", "orderBy": "NAME_DESC", "first": 2,
                                         "after": after})
    assert names(second, "targets") == ["bot 2", "bot 1"]


async def test_a_search_longer_than_a_name_is_refused(gql: GraphQLClient) -> None:
    error = await gql.error(TARGETS, {"search": "x" * 201})
    assert error.code == "VALIDATION_FAILED"


@pytest.mark.parametrize("search", ["", "   "])
async def test_a_blank_search_finds_everything(gql: GraphQLClient, search: str) -> None:
    await make_targets(gql, ["one", "two"])
    assert len(names(await gql.execute(TARGETS, {"search": search}), "targets")) == 2


async def test_scenarios_and_campaigns_are_searched_and_campaigns_filtered_by_scenario(
        gql: GraphQLClient) -> None:
    document = json.loads(BOOKING.read_text(encoding="utf-8"))
    first = (await gql.execute(IMPORT, {"d": json.dumps(document)}))["importScenario"]
    document["name"] = "Refunds"
    second = (await gql.execute(IMPORT, {"d": json.dumps(document)}))["importScenario"]
    assert names(await gql.execute(SCENARIOS, {"search": "refund"}), "scenarios") == ["Refunds"]
    ordered = await gql.execute(SCENARIOS, {"orderBy": "NAME_DESC"})
    assert names(ordered, "scenarios") == sorted([first["name"], "Refunds"], reverse=True)
    await make_targets(gql, ["bot"])
    target = (await gql.execute("{ targets { edges { node { id } } } }"))["targets"]["edges"][0]
    for name, scenario in (("nightly booking", first), ("nightly refunds", second),
                           ("weekly booking", first)):
        await gql.execute(CREATE_CAMPAIGN, {"input": {"name": name, "scenarioId": scenario["id"],
                                                      "targetIds": [target["node"]["id"]]}})
    booking = await gql.execute(CAMPAIGNS, {"scenarioId": first["id"], "orderBy": "NAME_ASC"})
    assert names(booking, "campaigns") == ["nightly booking", "weekly booking"]
    nightly = await gql.execute(CAMPAIGNS, {"search": "NIGHTLY", "orderBy": "NAME_DESC"})
    assert names(nightly, "campaigns") == ["nightly refunds", "nightly booking"]


async def test_evals_are_searched_within_their_status_filter(gql: GraphQLClient) -> None:
    data = await gql.execute("""{ intelligentEvals(search: "no such eval", orderBy: NAME_ASC) {
      totalCount edges { node { id } } } }""")
    assert data["intelligentEvals"]["totalCount"] == 0


async def test_runs_of_every_campaign_over_a_scenario(gql: GraphQLClient) -> None:
    document = json.loads(BOOKING.read_text(encoding="utf-8"))
    scenario = (await gql.execute(IMPORT, {"d": json.dumps(document)}))["importScenario"]
    other = (await gql.execute(IMPORT, {"d": json.dumps(document)}))["importScenario"]
    await make_targets(gql, ["bot"])
    target = (await gql.execute("{ targets { edges { node { id } } } }"))["targets"]["edges"][0]
    run_ids = []
    for name, of in (("a", scenario), ("b", scenario), ("c", other)):
        campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
            "name": name, "scenarioId": of["id"], "targetIds": [target["node"]["id"]]}}))
        started = await gql.execute("mutation($id: ID!) { startRun(campaignId: $id) { id } }",
                                    {"id": campaign["createCampaign"]["id"]})
        run_ids.append(started["startRun"][0]["id"])
    found = await gql.execute("""query($s: ID) { runs(scenarioId: $s) {
      totalCount edges { node { id campaign { name } } } } }""", {"s": scenario["id"]})
    assert [e["node"]["campaign"]["name"] for e in found["runs"]["edges"]] == ["a", "b"]
    assert [e["node"]["id"] for e in found["runs"]["edges"]] == run_ids[:2]
