"""Scenario.document: export in the scenario file format; importing it gives the same scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.graphql_client import GraphQLClient

BOOKING = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "booking.json"
FIELDS = """name description cases { key type messages expectation evalRules { type params weight }
  ruleLogic rulePassThreshold successThreshold partialThreshold tags }"""
IMPORT = f"mutation($document: String!) {{ importScenario(document: $document) {{ id {FIELDS} }} }}"
EXPORT = "query($id: ID!, $format: String!) { scenario(id: $id) { document(format: $format) } }"


@pytest.mark.parametrize("file_format", ["yaml", "json"])
async def test_an_exported_scenario_imports_as_the_same_scenario(
        gql: GraphQLClient, file_format: str) -> None:
    first = (await gql.execute(IMPORT, {"document": BOOKING.read_text()}))["importScenario"]
    exported = (await gql.execute(EXPORT, {"id": first["id"], "format": file_format}))
    text = exported["scenario"]["document"]
    second = (await gql.execute(IMPORT, {"document": text}))["importScenario"]
    assert {k: v for k, v in second.items() if k != "id"} == \
        {k: v for k, v in first.items() if k != "id"}
    assert text.lstrip().startswith("{") == (file_format == "json")


async def test_an_unknown_format_is_a_validation_error(gql: GraphQLClient) -> None:
    first = (await gql.execute(IMPORT, {"document": BOOKING.read_text()}))["importScenario"]
    error = await gql.error(EXPORT, {"id": first["id"], "format": "toml"})
    assert error.code == "VALIDATION_FAILED"
    assert error.details == [{"path": "format", "message": "must be yaml or json"}]
