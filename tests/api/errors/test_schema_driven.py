"""Every argument and input field of schema.graphql, sent wrong in every way: always a coded
answer (never INTERNAL, never HTTP 500), VALIDATION_FAILED with the field's path where GraphQL
or the edge checks must refuse it, and no row changed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.errors.conftest import row_counts
from tests.api.errors.schema_variants import Case, field_cases, inline_request, variables_request
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

CASES = list(field_cases())
CONTRACT_CODES = {"UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "VALIDATION_FAILED",
                  "INVALID_TRANSITION", "CONFLICT", "BUDGET_EXCEEDED", "TARGET_ERROR",
                  "MODEL_ERROR", "RATE_LIMITED", "UNAVAILABLE"}


def wrong_answers(case: Case, mode: str, status: int, body: dict[str, Any]) -> str | None:
    """Why this answer is wrong, or None."""
    if status >= 500:
        return f"HTTP {status}"
    errors = body.get("errors") or []
    if not errors:
        return "accepted"
    error = errors[0]
    code = (error.get("extensions") or {}).get("code")
    if code not in CONTRACT_CODES:
        return f"code {code}: {error.get('message', '')[:120]}"
    if not case.structural and code != "VALIDATION_FAILED":
        return None  # e.g. an oversized value of an unchecked field on a missing row: NOT_FOUND
    if code != "VALIDATION_FAILED":
        return f"code {code}, expected VALIDATION_FAILED: {error.get('message', '')[:120]}"
    details = error["extensions"].get("details")
    if not (isinstance(details, list) and details and {"path", "message"} <= set(details[0])):
        return f"details {details!r}"
    if case.structural and not details[0]["path"].startswith(case.path.split(".")[0]):
        return f"path {details[0]['path']!r}, expected {case.path!r}"
    return None


async def test_every_argument_and_input_field_sent_wrong(client: GraphQLClient) -> None:
    before = await row_counts()
    wrong: list[str] = []
    for case in CASES:
        for mode, request in (("variables", variables_request(case)),
                              ("inline", inline_request(case))):
            response = await client.http.post("/graphql", json=request,
                                              headers={"X-API-Key": ADMIN_KEY})
            reason = wrong_answers(case, mode, response.status_code, response.json())
            if reason:
                wrong.append(f"{case.name} ({mode}): {reason}")
    assert not wrong, f"{len(wrong)} of {2 * len(CASES)} wrong:\n" + "\n".join(wrong[:60])
    assert await row_counts() == before


async def test_the_generator_covers_the_schema() -> None:
    fields = {case.field for case in CASES}
    assert {"createTarget", "updateTarget", "createScenario", "submitPlan", "submitReport",
            "sendMessage", "createApiKey", "runs", "targets"} <= fields
    variants = {case.variant for case in CASES}
    assert variants == {"wrong-type", "missing", "null", "bad-enum", "unknown-field", "nul",
                        "oversized"}
