"""The client run as OpenClaw runs it, against a scripted local GraphQL server."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from types import ModuleType

import pytest

EVAL = {"id": "ev-1", "status": "PLANNING", "goal": "book a repair", "planFeedback": None}
VALIDATION_ERROR = {
    "data": None,
    "errors": [{"message": "invalid input: plan.budget.totalMaxTurns: must be ≥ 1",
                "path": ["submitPlan"],
                "extensions": {"code": "VALIDATION_FAILED",
                               "details": [{"path": "plan.budget.totalMaxTurns",
                                            "message": "must be ≥ 1"}]}}],
}
PLAN = {"dimensions": ["booking"], "virtualUsers": [{"persona": {"name": "老王"}, "goal": "g"}],
        "timeDistribution": [{"timeSlot": "0-2h", "sessions": 1}], "estimatedSessions": 1,
        "budget": {"maxTurnsPerSession": 5, "totalMaxTurns": 0}}


def session_page(ids: list[str], end_cursor: str | None, has_next: bool) -> dict:
    return {"data": {"intelligentEval": {
        "id": "ev-1", "status": "EXECUTING",
        "sessions": {"totalCount": 3, "pageInfo": {"hasNextPage": has_next,
                                                   "endCursor": end_cursor},
                     "edges": [{"node": {"id": i, "messages": []}} for i in ids]}}}}


def test_get_eval_prints_the_data_and_sends_the_api_key(server, run_client,
                                                        client: ModuleType) -> None:
    server.script({"data": {"intelligentEval": EVAL}})

    result = run_client(server.url, "get-eval", "--eval-id", "ev-1")

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"intelligentEval": EVAL}
    (request,) = server.requests
    assert request.headers["x-api-key"] == "agent-key-for-tests"
    assert request.query == client.GET_EVAL
    assert request.variables == {"id": "ev-1"}


def test_unknown_eval_is_not_found_with_exit_1(server, run_client) -> None:
    server.script({"data": {"intelligentEval": None}})
    result = run_client(server.url, "get-eval", "--eval-id", "nope")
    assert result.returncode == 1
    assert result.stderr.startswith("NOT_FOUND: intelligent eval nope not found")


def test_submit_plan_reads_a_file_relative_to_the_cwd(server, run_client, tmp_path: Path,
                                                      client: ModuleType) -> None:
    (tmp_path / "plan.json").write_text(json.dumps(PLAN, ensure_ascii=False), encoding="utf-8")
    answer = {"submitPlan": {"id": "ev-1", "status": "PENDING_APPROVAL"}}
    server.script({"data": answer})

    result = run_client(server.url, "submit-plan", "--eval-id", "ev-1", "--file", "plan.json",
                        cwd=tmp_path)

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == answer
    assert server.requests[0].query == client.SUBMIT_PLAN
    assert server.requests[0].variables == {"evalId": "ev-1", "plan": PLAN}


def test_api_error_prints_code_message_and_details_on_stderr_with_exit_1(server,
                                                                         run_client) -> None:
    server.script(VALIDATION_ERROR)

    result = run_client(server.url, "submit-plan", "--eval-id", "ev-1", "--json",
                        json.dumps(PLAN))

    assert result.returncode == 1
    assert result.stdout == ""
    first, second = result.stderr.splitlines()
    assert first == "VALIDATION_FAILED: invalid input: plan.budget.totalMaxTurns: must be ≥ 1"
    assert json.loads(second) == [{"path": "plan.budget.totalMaxTurns", "message": "must be ≥ 1"}]


def test_error_without_a_code_is_a_graphql_error(server, run_client) -> None:
    server.respond({"errors": [{"message": "Variable '$plan' got invalid value"}]}, status=400)
    result = run_client(server.url, "heartbeat", "--eval-id", "ev-1")
    assert result.returncode == 1
    assert result.stderr.strip() == "GRAPHQL_ERROR: Variable '$plan' got invalid value"


def test_target_error_on_send_reports_the_details(server, run_client, client: ModuleType) -> None:
    details = {"sessionId": "s-1", "turnIndex": 2, "userMessageId": "m4",
               "replyMessageId": "m5", "kind": "timeout"}
    server.script({"data": None, "errors": [{"message": "the target timed out",
                                              "extensions": {"code": "TARGET_ERROR",
                                                             "details": details}}]})

    result = run_client(server.url, "send", "--session-id", "s-1", "--message", "我家空调坏了",
                        "--idempotency-key", "turn-2")

    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == "TARGET_ERROR: the target timed out"
    assert json.loads(result.stderr.splitlines()[1]) == details
    request = server.requests[0]
    assert request.query == client.SEND_MESSAGE
    assert request.variables == {"sessionId": "s-1", "content": "我家空调坏了",
                                 "idempotencyKey": "turn-2"}


def test_send_prints_non_ascii_replies_as_utf8(server, run_client) -> None:
    exchange = {"sendMessage": {"reply": {"content": "预约成功", "turnIndex": 0}}}
    server.script({"data": exchange})
    result = run_client(server.url, "send", "--session-id", "s-1", "--message", "hi")
    assert result.returncode == 0, result.stderr
    assert "预约成功" in result.stdout
    assert json.loads(result.stdout) == exchange


def test_create_session_from_flags_takes_persona_and_goal_from_the_plan(
        server, run_client, client: ModuleType) -> None:
    plan_user = {"persona": {"name": "老王", "patience": "low"}, "goal": "book",
                 "dimension": "booking"}
    server.script({"data": {"intelligentEval": {"id": "ev-1", "plan": {
                      "virtualUsers": [{"persona": {}, "goal": "other"}, plan_user]}}}},
                  {"data": {"createSession": {"id": "s-9", "status": "RUNNING"}}})

    result = run_client(server.url, "create-session", "--eval-id", "ev-1",
                        "--virtual-user-index", "1", "--time-slot-index", "0",
                        "--idempotency-key", "0-0", "--goal", "book a repair for Friday")

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"createSession": {"id": "s-9", "status": "RUNNING"}}
    create = server.requests[1]
    assert create.query == client.CREATE_SESSION
    assert create.variables == {"evalId": "ev-1", "input": {
        "persona": plan_user["persona"], "goal": "book a repair for Friday",
        "dimension": "booking", "virtualUserIndex": 1, "timeSlotIndex": 0,
        "idempotencyKey": "0-0"}}


def test_create_session_with_persona_and_goal_sends_one_request(server, run_client) -> None:
    server.script({"data": {"createSession": {"id": "s-1"}}})
    result = run_client(server.url, "create-session", "--eval-id", "ev-1",
                        "--persona-json", '{"name": "Lily"}', "--goal", "ask")
    assert result.returncode == 0, result.stderr
    (request,) = server.requests
    assert request.variables["input"] == {"persona": {"name": "Lily"}, "goal": "ask"}


def test_create_session_without_persona_or_index_is_a_usage_error(server, run_client) -> None:
    result = run_client(server.url, "create-session", "--eval-id", "ev-1", "--goal", "x")
    assert result.returncode == 2
    assert result.stderr.startswith("USAGE_ERROR: give --persona-json and --goal")
    assert server.requests == []


def test_transcript_of_an_eval_follows_every_page(server, run_client,
                                                  client: ModuleType) -> None:
    server.script(session_page(["s-1", "s-2"], "c2", True), session_page(["s-3"], "c3", False))

    result = run_client(server.url, "transcript", "--eval-id", "ev-1")

    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)["intelligentEval"]
    assert [session["id"] for session in output["sessions"]] == ["s-1", "s-2", "s-3"]
    assert [r.variables for r in server.requests] == [{"id": "ev-1", "after": None},
                                                      {"id": "ev-1", "after": "c2"}]
    assert all(r.query == client.EVAL_TRANSCRIPT for r in server.requests)


def test_transcript_of_a_session(server, run_client, client: ModuleType) -> None:
    session = {"id": "s-1", "messages": [{"turnIndex": 0, "role": "USER", "content": "hi"}]}
    server.script({"data": {"session": session}})
    result = run_client(server.url, "transcript", "--session-id", "s-1")
    assert json.loads(result.stdout) == {"session": session}
    assert server.requests[0].query == client.SESSION_TRANSCRIPT


def test_list_sessions_passes_the_status_filter(server, run_client, client: ModuleType) -> None:
    server.script(session_page(["s-1"], "c1", False))
    result = run_client(server.url, "list-sessions", "--eval-id", "ev-1", "--status", "RUNNING")
    assert result.returncode == 0, result.stderr
    assert server.requests[0].query == client.LIST_SESSIONS
    assert server.requests[0].variables == {"id": "ev-1", "status": "RUNNING", "after": None}


@pytest.mark.parametrize(("command", "document", "variables"), [
    (["close-session", "--session-id", "s-1", "--json", '{"goalAchieved": true}'],
     "CLOSE_SESSION", {"sessionId": "s-1", "verdict": {"goalAchieved": True}}),
    (["submit-report", "--eval-id", "ev-1", "--json", '{"summary": "ok"}'],
     "SUBMIT_REPORT", {"evalId": "ev-1", "report": {"summary": "ok"}}),
    (["heartbeat", "--eval-id", "ev-1", "--note", "alive"],
     "HEARTBEAT", {"evalId": "ev-1", "note": "alive"}),
])
def test_mutations_send_their_document_and_variables(server, run_client, client: ModuleType,
                                                     command, document, variables) -> None:
    server.script({"data": {"ok": True}})
    result = run_client(server.url, *command)
    assert result.returncode == 0, result.stderr
    assert server.requests[0].query == getattr(client, document)
    assert server.requests[0].variables == variables


def test_unreachable_server_exits_3_with_a_clear_message(run_client) -> None:
    with socket.socket() as probe:  # a port nobody listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = run_client(f"http://127.0.0.1:{port}/graphql", "get-eval", "--eval-id", "ev-1")
    assert result.returncode == 3
    assert result.stderr.startswith(f"NETWORK_ERROR: cannot reach AgentEval at "
                                    f"http://127.0.0.1:{port}/graphql")


def test_a_non_graphql_answer_exits_3_and_names_the_endpoint(server, run_client) -> None:
    server.respond(status=404, text="Not Found")
    result = run_client(server.url, "get-eval", "--eval-id", "ev-1")
    assert result.returncode == 3
    assert result.stderr.startswith(f"HTTP_ERROR: {server.url} answered HTTP 404")
    assert "GraphQL endpoint" in result.stderr


def test_a_slow_server_times_out_with_exit_3(server, client: ModuleType, monkeypatch,
                                             capsys) -> None:
    monkeypatch.setenv("AGENTEVAL_API_URL", server.url)
    monkeypatch.setenv("AGENTEVAL_API_KEY", "k")
    monkeypatch.setattr(client, "SEND_TIMEOUT_S", 0.2)
    server.respond({"data": {}}, delay_s=1.0)

    code = client.main(["send", "--session-id", "s-1", "--message", "hi"])

    assert code == 3
    assert capsys.readouterr().err.startswith("TIMEOUT: no answer from AgentEval at")


@pytest.mark.parametrize(("url", "key", "message"), [
    (None, "k", "USAGE_ERROR: AGENTEVAL_API_URL is not set"),
    ("127.0.0.1:8000/graphql", "k", "USAGE_ERROR: AGENTEVAL_API_URL must start with http"),
    ("http://127.0.0.1:9/graphql", None, "USAGE_ERROR: AGENTEVAL_API_KEY is not set"),
])
def test_missing_settings_are_usage_errors(run_client, url, key, message) -> None:
    result = run_client(url, "get-eval", "--eval-id", "ev-1", api_key=key)
    assert result.returncode == 2
    assert result.stderr.startswith(message)


@pytest.mark.parametrize(("content", "message"), [
    (None, "USAGE_ERROR: cannot read plan file plan.json"),
    ("{not json", "USAGE_ERROR: plan.json is not valid JSON"),
    ("[1, 2]", "USAGE_ERROR: plan.json must hold a JSON object (the plan), not list"),
])
def test_bad_input_files_are_usage_errors(server, run_client, tmp_path: Path, content,
                                          message) -> None:
    if content is not None:
        (tmp_path / "plan.json").write_text(content)
    result = run_client(server.url, "submit-plan", "--eval-id", "ev-1", "--file", "plan.json",
                        cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert server.requests == []


def test_unknown_command_and_missing_flags_exit_2(run_client) -> None:
    assert run_client("http://x/graphql", "launch-missiles").returncode == 2
    assert run_client("http://x/graphql", "submit-plan", "--eval-id", "e").returncode == 2


def test_the_client_runs_on_python_3_9(server, run_client) -> None:
    python39 = Path("/root/.pyenv/versions/3.9.18/bin/python")
    if not python39.exists():
        pytest.skip("no Python 3.9 interpreter here")
    server.script({"data": {"intelligentEval": EVAL}})
    result = run_client(server.url, "get-eval", "--eval-id", "ev-1", python=str(python39))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"intelligentEval": EVAL}


def test_schedule_reads_the_eval_and_its_sessions(server, run_client, client: ModuleType) -> None:
    plan = {"virtualUsers": [{"persona": {}, "goal": "g"}],
            "timeDistribution": [{"timeSlot": "0-2h", "sessions": 2}], "estimatedSessions": 2,
            "budget": {"maxTurnsPerSession": 4, "totalMaxTurns": 8}}
    server.script({"data": {"intelligentEval": {"id": "ev-1", "status": "EXECUTING",
                                                "startedAt": "2026-10-01T06:00:00Z",
                                                "plan": plan}}},
                  session_page([], None, False))

    result = run_client(server.url, "schedule", "--eval-id", "ev-1")

    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert [run["idempotencyKey"] for run in output["runs"]] == ["0-0", "0-1"]
    assert output["turnsPerSession"] == 4
    assert [r.query for r in server.requests] == [client.GET_EVAL, client.LIST_SESSIONS]


def test_schedule_refuses_an_eval_that_is_not_executing(server, run_client) -> None:
    server.script({"data": {"intelligentEval": {"id": "ev-1", "status": "CANCELLED",
                                                "allowedActions": [], "startedAt": None}}})
    result = run_client(server.url, "schedule", "--eval-id", "ev-1")
    assert result.returncode == 1
    assert result.stderr.startswith("INVALID_TRANSITION: eval ev-1 is CANCELLED, not EXECUTING")
    assert json.loads(result.stderr.splitlines()[1]) == {"status": "CANCELLED", "allowed": []}
