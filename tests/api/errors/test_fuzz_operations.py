"""Property-based fuzzing of whole operations, for every role: each answer is a success or a
coded error (never INTERNAL, never HTTP 500), and an operation that failed changed nothing.

Operations that reach out of the process (probeTarget, startRun, sendMessage) are not
generated, so no generated request leaves the machine. 50 examples per role by default;
AGENTEVAL_FUZZ_EXAMPLES raises it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from graphql import FieldNode, OperationDefinitionNode, parse, parse_value
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from hypothesis_graphql import nodes
from hypothesis_graphql import strategies as gql_st
from starlette.testclient import TestClient

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.errors.conftest import row_counts
from tests.api.errors.schema_variants import SCHEMA, literal
from tests.support.graphql_client import ADMIN_KEY

EXAMPLES = int(os.environ.get("AGENTEVAL_FUZZ_EXAMPLES", "50"))
# createWebhook and testWebhook too: a generated webhook URL would get deliveries.
CALLS_OUT = {"probeTarget", "startRun", "sendMessage", "createWebhook", "testWebhook"}
ROLES = ("ADMIN", "OPERATOR", "AGENT", "VIEWER", "REVIEWER")
CONTRACT_CODES = {"UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "VALIDATION_FAILED",
                  "INVALID_TRANSITION", "CONFLICT", "BUDGET_EXCEEDED", "TARGET_ERROR",
                  "MODEL_ERROR", "RATE_LIMITED", "UNAVAILABLE"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True), inner, max_size=3),
    max_leaves=8)
SCALARS = {"JSON": json_values.map(lambda value: parse_value(literal(value))),
           "DateTime": st.just("2026-01-01T00:00:00Z").map(nodes.String)}
QUERY_FIELDS = sorted(SCHEMA.query_type.fields)  # type: ignore[union-attr]
MUTATION_FIELDS = sorted(set(SCHEMA.mutation_type.fields) - CALLS_OUT)  # type: ignore[union-attr]
OPERATIONS = st.one_of(
    gql_st.queries(SCHEMA, fields=QUERY_FIELDS, custom_scalars=SCALARS),
    gql_st.mutations(SCHEMA, fields=MUTATION_FIELDS, custom_scalars=SCALARS))


@pytest.fixture
def http(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings, migrate=False)) as client:
        yield client


def key_of(http: TestClient, role: str) -> str:
    if role == "ADMIN":
        return ADMIN_KEY
    response = http.post("/graphql", headers={"X-API-Key": ADMIN_KEY}, json={
        "query": f'mutation {{ createApiKey(name: "fuzz", role: {role}) {{ secret }} }}'})
    return response.json()["data"]["createApiKey"]["secret"]


def failed_entirely(document: str, body: dict[str, Any]) -> bool:
    """Every top-level field of the operation failed (or none ran).

    `data` alone cannot tell: a later non-null mutation field that fails nulls the whole
    `data`, although the fields before it ran (mutations run in order) and may have written.
    """
    errors = body.get("errors") or []
    if not errors:
        return False
    if any(not error.get("path") for error in errors):
        return True  # a request error (parse, validation, permission): nothing ran
    operation = parse(document).definitions[0]
    assert isinstance(operation, OperationDefinitionNode)
    fields = {(selection.alias or selection.name).value
              for selection in operation.selection_set.selections
              if isinstance(selection, FieldNode)}
    return fields <= {error["path"][0] for error in errors}


@pytest.mark.parametrize("role", ROLES)
def test_generated_operations_answer_a_success_or_a_coded_error(http: TestClient,
                                                                role: str) -> None:
    key = key_of(http, role)

    @seed(20261130)
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(document=OPERATIONS)
    def check(document: str) -> None:
        before = http.portal.call(row_counts)  # type: ignore[union-attr]
        response = http.post("/graphql", json={"query": document}, headers={"X-API-Key": key})
        assert response.status_code < 500, (document, response.text)
        body = response.json()
        for error in body.get("errors") or []:
            code = (error.get("extensions") or {}).get("code")
            assert code in CONTRACT_CODES, (document, error)
        if failed_entirely(document, body):
            assert http.portal.call(row_counts) == before, document  # type: ignore[union-attr]

    check()
