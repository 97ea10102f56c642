"""AGENTEVAL_EVIDENCE_POLICY=reject: submitReport refuses evidence the transcript does not hold."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from agenteval.config import Settings
from tests.api.intelligent_support import (
    CLOSE,
    EVAL,
    SEND,
    SUBMIT_REPORT,
    VERDICT,
    create_target,
    executing_eval,
    start_session,
)
from tests.support.graphql_client import GraphQLClient


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, evidence_policy="reject")


def report(session_id: str, *quotes: str | None) -> dict[str, Any]:
    return {"summary": "s", "scores": [{"dimension": "booking", "score": 5}],
            "findings": [{"issue": "invented", "severity": "HIGH", "suggestion": "x",
                          "evidence": [{"sessionId": session_id, "turnIndex": 0,
                                        "assistantReplied": quote} for quote in quotes]}],
            "highlights": [], "priorityRecommendations": []}


async def test_unverifiable_evidence_is_refused_item_by_item(gql: GraphQLClient) -> None:
    evaluation = await executing_eval(gql, await create_target(gql), sessions=1)
    session_id = await start_session(gql, evaluation["id"])
    await gql.execute(SEND, {"id": session_id, "content": "hello"})
    await gql.execute(CLOSE, {"id": session_id, "verdict": VERDICT})
    invented = report(session_id, None, "We will refund you twice, guaranteed.")
    error = await gql.error(SUBMIT_REPORT, {"id": evaluation["id"], "report": invented})
    assert error.code == "VALIDATION_FAILED"
    assert [d["path"] for d in error.details] == ["report.findings[0].evidence[1]"]
    still = await gql.execute(EVAL, {"id": evaluation["id"]})
    assert still["intelligentEval"]["status"] == "EXECUTING"
    done = await gql.execute(SUBMIT_REPORT, {"id": evaluation["id"],
                                             "report": report(session_id, None)})
    assert done["submitReport"]["status"] == "COMPLETED"
    assert "All 1 evidence quotes were found" in done["submitReport"]["reportMarkdown"]
