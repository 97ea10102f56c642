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
