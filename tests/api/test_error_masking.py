"""Unexpected exceptions reach clients as INTERNAL without their text; ours keep their code."""

from __future__ import annotations

import logging

import pytest
from graphql import GraphQLError

from agenteval.api.errors import UNEXPECTED_MESSAGE, with_contract_code
from agenteval.engine.catalog import targets
from agenteval.errors import Conflict
from tests.support.graphql_client import GraphQLClient

PROBE = """mutation($id: ID!) { probeTarget(id: $id) { ok } }"""
CREATE_TARGET = """mutation { createTarget(input: {name: "t", channelType: "demo",
  channelConfig: {}}) { id } }"""


def test_our_errors_keep_their_code_and_details() -> None:
    error = GraphQLError("x", original_error=Conflict("in use", {"usedBy": ["a campaign"]}))
    coded = with_contract_code(error)
    assert coded.extensions == {"code": "CONFLICT", "details": {"usedBy": ["a campaign"]}}


async def test_an_unexpected_exception_is_masked_and_logged(
        gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("password=hunter2 leaked from a driver")

    target = (await gql.execute(CREATE_TARGET))["createTarget"]
    monkeypatch.setattr(targets, "probe_target", broken)
    with caplog.at_level(logging.ERROR, logger="agenteval.api"):
        error = await gql.error(PROBE, {"id": target["id"]})
    assert error.code == "INTERNAL" and error.message == UNEXPECTED_MESSAGE
    assert "hunter2" not in str(gql.last)
    assert any(record.exc_info for record in caplog.records), "logged with its traceback"
