"""Sources and monitors as an OPERATOR sets them up: every bad field listed, roles checked."""

from __future__ import annotations

from tests.api.monitoring.helpers import key_of
from tests.support.graphql_client import GraphQLClient

CREATE_MONITOR = """mutation($judge: JSON!, $redLines: JSON, $rate: Float!) {
  createMonitor(name: "m", judge: $judge, redLines: $redLines, sampleRate: $rate) { id } }"""
CREATE_SOURCE = """mutation($name: String!, $quiet: Float!, $kinds: [String!]) {
  createMonitoredSource(name: $name, quietPeriodSeconds: $quiet, maskingKinds: $kinds) {
    name masking quietPeriodSeconds autoCreated } }"""


async def test_a_bad_monitor_lists_every_bad_field(gql: GraphQLClient) -> None:
    error = await gql.error(CREATE_MONITOR, {
        "judge": {"kind": "scorecard"}, "rate": 2.0,
        "redLines": [{"type": "llm_score", "params": {"criteria": "polite"}},
                     {"type": "no_such_rule"}]})
    assert error.code == "VALIDATION_FAILED"
    paths = {d["path"] for d in error.details}
    assert {"judge.kind", "sampleRate", "redLines[0].type", "redLines[1].type"} <= paths


async def test_sources_are_validated_unique_and_for_operators(gql: GraphQLClient) -> None:
    made = await gql.execute(CREATE_SOURCE, {"name": "shop", "quiet": 60, "kinds": ["phone"]})
    assert made["createMonitoredSource"] == {
        "name": "shop", "masking": {"enabled": True, "kinds": ["phone"]},
        "quietPeriodSeconds": 60.0, "autoCreated": False}
    again = await gql.error(CREATE_SOURCE, {"name": "shop", "quiet": 60})
    assert again.code == "CONFLICT"
    bad = await gql.error(CREATE_SOURCE, {"name": "x", "quiet": 0, "kinds": ["dna"]})
    assert {d["path"] for d in bad.details} == {"quietPeriodSeconds", "maskingKinds"}
    viewer = gql.with_key(await key_of(gql, "VIEWER"))
    assert (await viewer.error(CREATE_SOURCE, {"name": "y", "quiet": 1})).code == "FORBIDDEN"


UPDATE_MONITOR = """mutation($id: ID!, $name: String!, $judge: JSON!, $rate: Float!, $active: Boolean!,
                             $match: JSON) {
  updateMonitor(id: $id, name: $name, judge: $judge, sampleRate: $rate, active: $active,
                metadataMatch: $match) {
    id name judge sampleRate active metadataMatch } }"""
RULES = {"kind": "rules", "rules": [{"type": "keyword_match", "params": {"keywords": ["hi"]}}]}


async def test_a_monitor_is_edited_checked_as_at_creation(gql: GraphQLClient) -> None:
    made = (await gql.execute(CREATE_MONITOR, {"judge": RULES, "rate": 1.0}))["createMonitor"]
    edited = await gql.execute(UPDATE_MONITOR, {
        "id": made["id"], "name": "renamed", "judge": RULES, "rate": 0.5, "active": False,
        "match": {"channel": "app"}})
    assert edited["updateMonitor"] == {
        "id": made["id"], "name": "renamed", "judge": RULES, "sampleRate": 0.5, "active": False,
        "metadataMatch": {"channel": "app"}}
    bad = await gql.error(UPDATE_MONITOR, {"id": made["id"], "name": " ", "judge": RULES,
                                           "rate": 3.0, "active": True})
    assert bad.code == "VALIDATION_FAILED"
    assert {d["path"] for d in bad.details} == {"name", "sampleRate"}
    listed = await gql.execute("{ monitors { name sampleRate active } }")
    assert listed["monitors"] == [{"name": "renamed", "sampleRate": 0.5, "active": False}]
    viewer = gql.with_key(await key_of(gql, "VIEWER"))
    forbidden = await viewer.error(UPDATE_MONITOR, {"id": made["id"], "name": "x",
                                                    "judge": RULES, "rate": 1.0, "active": True})
    assert forbidden.code == "FORBIDDEN"
    missing = await gql.error(UPDATE_MONITOR, {"id": "00000000-0000-0000-0000-000000000000",
                                               "name": "x", "judge": RULES, "rate": 1.0,
                                               "active": True})
    assert missing.code == "NOT_FOUND"
