"""The intelligent-eval lifecycle through the real ASGI app: states, plans, reports, roles."""

from __future__ import annotations

import pytest

from tests.api.intelligent_support import (
    APPROVE,
    CANCEL,
    CLOSE,
    CREATE_SESSION,
    EVAL,
    HEARTBEAT,
    REJECT,
    SEND,
    SUBMIT_PLAN,
    SUBMIT_REPORT,
    VERDICT,
    create_eval,
    create_target,
    events,
    executing_eval,
    make_key,
    plan,
    start_session,
)
from tests.support.graphql_client import GraphQLClient


def report(session_id: str, said: str | None = None) -> dict:
    return {"summary": "Mia forgets names.", "scores": [{"dimension": "booking", "score": 6}],
            "findings": [{"issue": "asks twice", "severity": "HIGH", "suggestion": "remember",
                          "evidence": [{"sessionId": session_id, "turnIndex": 0,
                                        "userSaid": said}]},
                         {"issue": "minor", "severity": "LOW", "suggestion": "x",
                          "evidence": [{"sessionId": session_id, "turnIndex": 7}]}],
            "highlights": [{"description": "polite"}], "priorityRecommendations": ["fix names"]}


async def test_the_whole_lifecycle_from_creation_to_completed(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    created = await create_eval(gql, target)
    assert created["status"] == "PLANNING"
    assert created["allowedActions"] == ["SUBMIT_PLAN", "CANCEL", "HEARTBEAT"]
    submitted = (await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan(1)}))
    assert submitted["submitPlan"]["status"] == "PENDING_APPROVAL"
    assert submitted["submitPlan"]["planRevision"] == 1
    approved = (await gql.execute(APPROVE, {"id": created["id"]}))["approvePlan"]
    assert approved["status"] == "EXECUTING" and approved["startedAt"]
    session_id = await start_session(gql, created["id"])
    exchange = (await gql.execute(SEND, {"id": session_id, "content": "我家空调坏了"}))
    assert exchange["sendMessage"]["reply"]["index"] == 1
    closed = (await gql.execute(CLOSE, {"id": session_id, "verdict": VERDICT}))["closeSession"]
    assert closed["status"] == "COMPLETED" and closed["verdict"]["achievement"] == 0.8
    done = (await gql.execute(SUBMIT_REPORT, {"id": created["id"],
                                              "report": report(session_id, "空调")}))
    final = done["submitReport"]
    assert final["status"] == "COMPLETED" and final["completedAt"] and final["allowedActions"] == []
    evidence = final["report"]["findings"][0]["evidence"][0]
    assert evidence["verified"] is True and evidence["assistantReplied"]
    assert final["report"]["findings"][1]["evidence"][0]["verified"] is False
    assert final["reportMarkdown"].startswith("# Intelligent evaluation report")
    assert final["progress"]["sessionsClosed"] == 1 and final["progress"]["turnsUsed"] == 1
    types = [e["type"] for e in await events(gql, created["id"])]
    assert types == ["CREATED", "PLAN_SUBMITTED", "PLAN_APPROVED", "SESSION_CREATED",
                     "MESSAGE_EXCHANGED", "SESSION_CLOSED", "REPORT_SUBMITTED", "COMPLETED"]
    sequences = [e["sequence"] for e in await events(gql, created["id"])]
    assert sequences == list(range(1, len(types) + 1))
    error = await gql.error(HEARTBEAT, {"id": created["id"]})
    assert error.code == "INVALID_TRANSITION"
    assert error.details == {"status": "COMPLETED", "allowed": []}


async def test_reject_then_replan_keeps_every_plan_with_its_feedback(gql: GraphQLClient) -> None:
    created = await create_eval(gql, await create_target(gql))
    await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan(1)})
    rejected = (await gql.execute(REJECT, {"id": created["id"], "feedback": "more users"}))
    assert rejected["rejectPlan"]["status"] == "PLANNING"
    assert rejected["rejectPlan"]["planFeedback"] == "more users"
    again = (await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan(3)}))
    history = again["submitPlan"]["planHistory"]
    assert [h["revision"] for h in history] == [1, 2]
    assert history[0]["feedback"] == "more users" and history[0]["rejectedAt"]
    assert history[1]["feedback"] is None and history[1]["plan"]["estimatedSessions"] == 3
    assert again["submitPlan"]["planRevision"] == 2
    kinds = [(e["type"], e["detail"]) for e in await events(gql, created["id"])]
    rejected = [detail for kind, detail in kinds if kind == "PLAN_REJECTED"]
    assert [d["feedback"] for d in rejected] == ["more users"]
    assert rejected[0]["actor"]["name"] == "admin (AGENTEVAL_ADMIN_KEY)"
    assert ("PLAN_SUBMITTED", {"revision": 2}) in kinds


@pytest.mark.parametrize("state", ["PLANNING", "PENDING_APPROVAL", "EXECUTING"])
async def test_cancel_works_in_every_non_terminal_state(gql: GraphQLClient, state: str) -> None:
    target = await create_target(gql)
    created = await create_eval(gql, target)
    session_id = None
    if state != "PLANNING":
        await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan(1)})
    if state == "EXECUTING":
        await gql.execute(APPROVE, {"id": created["id"]})
        session_id = await start_session(gql, created["id"])
    cancelled = (await gql.execute(CANCEL, {"id": created["id"], "reason": "enough"}))
    assert cancelled["cancelIntelligentEval"]["status"] == "CANCELLED"
    assert cancelled["cancelIntelligentEval"]["completedAt"]
    error = await gql.error(CANCEL, {"id": created["id"]})
    assert error.code == "INVALID_TRANSITION" and error.details["status"] == "CANCELLED"
    if session_id:
        failed = [e for e in await events(gql, created["id"]) if e["type"] == "SESSION_FAILED"]
        assert failed[0]["sessionId"] == session_id
        error = await gql.error(SEND, {"id": session_id, "content": "hi"})
        assert error.code == "INVALID_TRANSITION" and error.details["status"] == "CANCELLED"


async def test_refused_transitions_say_the_status_and_what_is_allowed(gql: GraphQLClient) -> None:
    created = await create_eval(gql, await create_target(gql))
    error = await gql.error(APPROVE, {"id": created["id"]})
    assert error.code == "INVALID_TRANSITION"
    assert error.details == {"status": "PLANNING", "allowed": ["SUBMIT_PLAN", "CANCEL",
                                                                "HEARTBEAT"]}
    error = await gql.error(CREATE_SESSION, {"id": created["id"], "input": {
        "persona": {}, "goal": "g"}})
    assert error.code == "INVALID_TRANSITION"
    beat = (await gql.execute(HEARTBEAT, {"id": created["id"], "note": "thinking"}))
    assert beat["heartbeat"]["lastAgentActivityAt"]


async def test_roles_operator_agent_viewer(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    agent, operator, viewer = [await make_key(gql, r) for r in ("AGENT", "OPERATOR", "VIEWER")]
    created = await create_eval(operator, target)
    assert (await operator.error(SUBMIT_PLAN, {"id": created["id"], "plan": plan()})).code \
        == "FORBIDDEN"
    await agent.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan()})
    assert (await agent.error(APPROVE, {"id": created["id"]})).code == "FORBIDDEN"
    assert (await viewer.error(APPROVE, {"id": created["id"]})).code == "FORBIDDEN"
    assert (await viewer.error(HEARTBEAT, {"id": created["id"]})).code == "FORBIDDEN"
    read = await viewer.execute(EVAL, {"id": created["id"]})
    assert read["intelligentEval"]["status"] == "PENDING_APPROVAL"
    assert (await gql.with_key(None).error(EVAL, {"id": created["id"]})).code == \
        "UNAUTHENTICATED"


async def test_bad_inputs_are_refused_with_paths(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    from tests.api.intelligent_support import CREATE_EVAL, SEEDS

    error = await gql.error(CREATE_EVAL, {"input": {
        "name": " ", "targetId": target, "goal": "g", "seeds": {"personas": [{"patience": "x"}]},
        "intent": "i", "roleDescription": "r", "timeWindowHours": 0}})
    paths = {e["path"] for e in error.details}
    assert {"input.name", "input.timeWindowHours", "input.seeds.personas[0].patience"} <= paths
    error = await gql.error(CREATE_EVAL, {"input": {
        "name": "n", "targetId": "not-an-id", "goal": "g", "seeds": SEEDS, "intent": "i",
        "roleDescription": "r"}})
    assert error.code == "VALIDATION_FAILED" and error.details[0]["path"] == "input.targetId"
    created = await create_eval(gql, target)
    bad = plan()
    bad["estimatedSessions"] = 5
    bad["timeDistribution"][0]["timeSlot"] = "3-99h"
    bad["budget"]["totalMaxTurns"] = 0
    error = await gql.error(SUBMIT_PLAN, {"id": created["id"], "plan": bad})
    paths = {e["path"] for e in error.details}
    assert {"plan.estimatedSessions", "plan.timeDistribution[0].timeSlot",
            "plan.budget.totalMaxTurns"} <= paths
    error = await gql.error(REJECT, {"id": created["id"], "feedback": "x"})
    assert error.code == "INVALID_TRANSITION"
    await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan(1)})
    await gql.execute(APPROVE, {"id": created["id"]})
    session_id = await start_session(gql, created["id"])
    error = await gql.error(SEND, {"id": session_id, "content": "x" * 20_001})
    assert error.code == "VALIDATION_FAILED" and error.details[0]["path"] == "content"
    error = await gql.error(CLOSE, {"id": session_id, "verdict": {
        "goalAchieved": True, "achievement": 1.5,
        "issues": [{"description": "d", "severity": "LOW", "turnIndex": 3}]}})
    paths = {e["path"] for e in error.details}
    assert paths == {"verdict.achievement", "verdict.issues[0].turnIndex"}
    error = await gql.error(CREATE_SESSION, {"id": created["id"], "input": {
        "persona": {"patience": "none"}, "goal": "g", "virtualUserIndex": 4}})
    assert {e["path"] for e in error.details} == {"input.persona.patience"}
    error = await gql.error(CREATE_SESSION, {"id": created["id"], "input": {
        "persona": {}, "goal": "g", "virtualUserIndex": 4}})
    assert error.details[0]["path"] == "input.virtualUserIndex"
    missing = "00000000-0000-0000-0000-000000000000"
    assert (await gql.error(APPROVE, {"id": missing})).code == "NOT_FOUND"
    assert (await gql.error(SEND, {"id": missing, "content": "hi"})).code == "NOT_FOUND"


async def test_evidence_of_another_eval_or_no_session_is_refused(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    first = await executing_eval(gql, target, sessions=1)
    second = await executing_eval(gql, target, sessions=1)
    other_session = await start_session(gql, second["id"])
    error = await gql.error(SUBMIT_REPORT, {"id": first["id"], "report": report(other_session)})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "report.findings[0].evidence[0].sessionId"
    error = await gql.error(SUBMIT_REPORT, {"id": first["id"], "report": report("nope")})
    assert error.code == "VALIDATION_FAILED"
    still = await gql.execute(EVAL, {"id": first["id"]})
    assert still["intelligentEval"]["status"] == "EXECUTING"


async def test_quotes_that_do_not_match_are_kept_unverified(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql), sessions=1)
    session_id = await start_session(gql, running["id"])
    await gql.execute(SEND, {"id": session_id, "content": "hello there"})
    done = await gql.execute(SUBMIT_REPORT, {"id": running["id"],
                                             "report": report(session_id, "never said")})
    evidence = done["submitReport"]["report"]["findings"][0]["evidence"][0]
    assert evidence == {"sessionId": session_id, "turnIndex": 0, "userSaid": "never said",
                        "assistantReplied": evidence["assistantReplied"], "verified": False}


async def test_markdown_download_needs_a_key(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql), sessions=1)
    path = f"/api/intelligent-evals/{running['id']}/report.md"
    viewer = await make_key(gql, "VIEWER")
    response = await gql.http.get(path, headers={"X-API-Key": viewer.key})
    assert response.status_code == 404
    session_id = await start_session(gql, running["id"])
    await gql.execute(SUBMIT_REPORT, {"id": running["id"], "report": report(session_id)})
    for url in (path, f"/api/intelligent-evals/{running['id']}/report/markdown"):
        response = await gql.http.get(url, headers={"X-API-Key": viewer.key})
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/markdown")
        assert response.headers["content-disposition"] == 'attachment; filename="repair-eval.md"'
        assert "asks twice" in response.text
    assert (await gql.http.get(path)).status_code == 401
    unauthorised = await gql.http.get(path, headers={"X-API-Key": "wrong"})
    assert unauthorised.status_code == 401 and unauthorised.json()["error"]["code"] == \
        "UNAUTHENTICATED"
    missing = "/api/intelligent-evals/00000000-0000-0000-0000-000000000000/report.md"
    assert (await gql.http.get(missing, headers={"X-API-Key": viewer.key})).status_code == 404
