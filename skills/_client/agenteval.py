#!/usr/bin/env python3
"""AgentEval command-line client for the OpenClaw skills: standard library only, Python 3.9+.

The canonical copy is skills/_client/agenteval.py in the AgentEval repository; every
skill's scripts/agenteval.py is a byte-identical copy made by `python skills/sync.py`.
Edit the canonical copy only.

Environment:
  AGENTEVAL_API_URL  the GraphQL endpoint, e.g. http://127.0.0.1:8000/graphql
  AGENTEVAL_API_KEY  an AGENT-role API key, sent as the X-API-Key header

Output: the operation's data as JSON on stdout. On failure, one "CODE: message" line per
error on stderr, each followed by its details JSON when there are details. Exit codes:
0 success, 1 API error, 2 usage error, 3 server unreachable (network, timeout, not GraphQL).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

EXIT_API_ERROR = 1
EXIT_USAGE = 2
EXIT_NETWORK = 3
DEFAULT_TIMEOUT_S = 30.0
SEND_TIMEOUT_S = 120.0  # sendMessage waits for the evaluated agent's reply
UTC = timezone(timedelta(0))  # datetime.UTC needs Python 3.11
SESSION_STATUSES = ("RUNNING", "COMPLETED", "FAILED", "EXPIRED")

# ------------------------------------------------------------------ GraphQL documents
# OPERATIONS is copied by skills/sync.py from agenteval/drivers/builtin/operations.graphql,
# the one source of the agent operations (the built-in driver reads it too): edit that
# file, then run `python skills/sync.py`.

# BEGIN OPERATIONS
OPERATIONS = """\
# The GraphQL operations an agent sends to AgentEval: the one source of them.
#
# The built-in driver reads this file (agenteval/drivers/builtin/documents.py), and
# `python skills/sync.py` embeds it in the skills' command-line client
# (skills/_client/agenteval.py and each skill's scripts/agenteval.py). Field names are
# exactly the contract's; tests validate every operation against it. Each consumer sends
# one operation at a time, with the fragments it spreads.

fragment PlanFields on Plan {
  dimensions
  virtualUsers { persona goal dimension }
  timeDistribution { timeSlot sessions scenario }
  estimatedSessions
  budget { maxTurnsPerSession totalMaxTurns }
  completionCriteria
}

fragment ProgressFields on EvalProgress {
  sessionsPlanned sessionsStarted sessionsRunning sessionsClosed
  turnsUsed turnBudget budgetOverruns dimensionsCovered dimensionsPlanned
}

fragment SessionFields on Session {
  id evalId status persona goal dimension virtualUserIndex timeSlotIndex turnCount
  createdAt closedAt
}

fragment VerdictFields on Verdict {
  goalAchieved achievement issues { description severity turnIndex } suggestions notes
}

fragment MessageFields on Message { id index turnIndex role content latencyMs error }

query GetEval($id: ID!) {
  intelligentEval(id: $id) {
    id name status allowedActions
    target { id name description channelType }
    goal seeds intent roleDescription timeWindowHours
    plan { ...PlanFields }
    planFeedback planRevision
    planHistory { revision submittedAt feedback rejectedAt plan { ...PlanFields } }
    progress { ...ProgressFields }
    failureReason createdAt startedAt completedAt lastAgentActivityAt timeScale language
  }
}

query ListEvals($status: IntelligentEvalStatus, $after: String) {
  intelligentEvals(first: 50, after: $after, status: $status) {
    pageInfo { hasNextPage endCursor }
    edges { node { id status planRevision progress { ...ProgressFields } } }
  }
}

mutation SubmitPlan($evalId: ID!, $plan: PlanInput!) {
  submitPlan(evalId: $evalId, plan: $plan) {
    id status allowedActions planRevision plan { ...PlanFields }
  }
}

mutation CreateSession($evalId: ID!, $input: CreateSessionInput!) {
  createSession(evalId: $evalId, input: $input) { ...SessionFields verdict { achievement } }
}

mutation SendMessage($sessionId: ID!, $content: String!, $idempotencyKey: String) {
  sendMessage(sessionId: $sessionId, content: $content, idempotencyKey: $idempotencyKey) {
    userMessage { ...MessageFields }
    reply { ...MessageFields }
    session { id status turnCount }
  }
}

mutation CloseSession($sessionId: ID!, $verdict: VerdictInput!) {
  closeSession(sessionId: $sessionId, verdict: $verdict) {
    ...SessionFields
    verdict { ...VerdictFields }
  }
}

query SessionTranscript($id: ID!) {
  session(id: $id) {
    ...SessionFields
    verdict { ...VerdictFields }
    messages { ...MessageFields }
  }
}

query EvalSessions($id: ID!, $after: String) {
  intelligentEval(id: $id) {
    id
    sessions(first: 20, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { ...SessionFields verdict { ...VerdictFields } messages { ...MessageFields } } }
    }
  }
}

query EvalTranscript($id: ID!, $after: String) {
  intelligentEval(id: $id) {
    id name status goal intent timeWindowHours
    plan { ...PlanFields }
    progress { ...ProgressFields }
    sessions(first: 20, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { ...SessionFields verdict { ...VerdictFields } messages { ...MessageFields } } }
    }
  }
}

query ListSessions($id: ID!, $after: String, $status: SessionStatus) {
  intelligentEval(id: $id) {
    id status
    progress { ...ProgressFields }
    sessions(first: 20, after: $after, status: $status) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { ...SessionFields verdict { ...VerdictFields } } }
    }
  }
}

mutation SubmitReport($evalId: ID!, $report: ReportInput!) {
  submitReport(evalId: $evalId, report: $report) {
    id status
    report {
      summary
      scores { dimension score }
      findings {
        issue severity dimension suggestion relatedSop
        evidence { sessionId turnIndex userSaid assistantReplied verified }
      }
      highlights { description dimension }
      priorityRecommendations
      submittedAt
    }
  }
}

mutation Heartbeat($evalId: ID!, $note: String) {
  heartbeat(evalId: $evalId, note: $note) {
    id status allowedActions lastAgentActivityAt
    progress { ...ProgressFields }
  }
}
"""
# END OPERATIONS

_DEFINITION = re.compile(r"^(query|mutation|fragment)\s+(\w+)", re.MULTILINE)
_SPREAD = re.compile(r"\.\.\.(?!\s*on\b)\s*(\w+)")  # `...Name`, not an inline `... on Type`


def split_operations(text: str) -> dict[str, str]:
    """One document per operation: the operation, then every fragment it spreads."""
    found = list(_DEFINITION.finditer(text))
    ends = [match.start() for match in found[1:]] + [len(text)]
    fragments: dict[str, str] = {}
    operations: dict[str, str] = {}
    for match, end in zip(found, ends):
        kind, name = match.groups()
        (fragments if kind == "fragment" else operations)[name] = text[match.start():end].strip()
    documents = {}
    for name, operation in operations.items():
        needed: list[str] = []
        pending = [operation]
        while pending:
            for spread in _SPREAD.findall(pending.pop()):
                if spread not in needed:
                    needed.append(spread)
                    pending.append(fragments[spread])
        documents[name] = "\n\n".join([operation] + [fragments[spread] for spread in needed])
    return documents


DOCUMENTS = split_operations(OPERATIONS)
GET_EVAL = DOCUMENTS["GetEval"]
SUBMIT_PLAN = DOCUMENTS["SubmitPlan"]
CREATE_SESSION = DOCUMENTS["CreateSession"]
SEND_MESSAGE = DOCUMENTS["SendMessage"]
CLOSE_SESSION = DOCUMENTS["CloseSession"]
SESSION_TRANSCRIPT = DOCUMENTS["SessionTranscript"]
EVAL_TRANSCRIPT = DOCUMENTS["EvalTranscript"]
LIST_SESSIONS = DOCUMENTS["ListSessions"]
SUBMIT_REPORT = DOCUMENTS["SubmitReport"]
HEARTBEAT = DOCUMENTS["Heartbeat"]

# ------------------------------------------------------------------ errors and transport


class Failure(Exception):
    """Ends the command: `errors` are (code, message, details) printed on stderr."""

    def __init__(self, exit_code: int, errors: list[tuple]) -> None:
        super().__init__(errors[0][1])
        self.exit_code = exit_code
        self.errors = errors


def usage_error(message: str) -> Failure:
    return Failure(EXIT_USAGE, [("USAGE_ERROR", message, None)])


def network_error(code: str, message: str) -> Failure:
    return Failure(EXIT_NETWORK, [(code, message, None)])


def endpoint() -> tuple[str, str]:
    """(GraphQL URL, API key) from the environment; a usage error when either is unusable."""
    url = os.environ.get("AGENTEVAL_API_URL", "").strip()
    key = os.environ.get("AGENTEVAL_API_KEY", "").strip()
    if not url:
        raise usage_error("AGENTEVAL_API_URL is not set (the GraphQL URL, e.g. "
                          "http://127.0.0.1:8000/graphql)")
    if not url.startswith(("http://", "https://")):
        raise usage_error(f"AGENTEVAL_API_URL must start with http:// or https://, not {url!r}")
    if not key:
        raise usage_error("AGENTEVAL_API_KEY is not set (an AGENT-role API key)")
    return url, key


def call_api(document: str, variables: dict[str, Any],
             timeout: float = DEFAULT_TIMEOUT_S) -> dict[str, Any]:
    """POST one GraphQL operation; its `data`, or Failure carrying the errors."""
    url, key = endpoint()
    body = json.dumps({"query": document, "variables": variables}).encode("utf-8")
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json", "Accept": "application/json", "X-API-Key": key})
    status = 200
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
    except urllib.error.HTTPError as error:  # GraphQL servers may answer errors with 4xx
        status, raw = error.code, error.read()
    except (OSError, http.client.HTTPException) as error:  # URLError is an OSError
        reason = getattr(error, "reason", error)
        if isinstance(reason, TimeoutError) or "timed out" in str(reason):
            raise network_error("TIMEOUT", f"no answer from AgentEval at {url} within "
                                           f"{timeout:g} s") from error
        raise network_error("NETWORK_ERROR", f"cannot reach AgentEval at {url}: {reason}. "
                                             "Is the server running and AGENTEVAL_API_URL "
                                             "right?") from error
    payload = _parse_json(raw)
    if not isinstance(payload, dict) or not ("data" in payload or "errors" in payload):
        snippet = raw[:200].decode("utf-8", "replace").strip()
        raise network_error("HTTP_ERROR", f"{url} answered HTTP {status} without a GraphQL "
                                          f"response ({snippet!r}); AGENTEVAL_API_URL must be "
                                          "the GraphQL endpoint (…/graphql)")
    if payload.get("errors"):
        raise Failure(EXIT_API_ERROR, [_error_tuple(error) for error in payload["errors"]])
    return payload.get("data") or {}


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return None


def _error_tuple(error: Any) -> tuple:
    if not isinstance(error, dict):
        return ("GRAPHQL_ERROR", str(error), None)
    extensions = error.get("extensions") or {}
    path = error.get("path")
    message = str(error.get("message", "unknown error"))
    if path and not extensions.get("code"):
        message = f"{message} (at {'.'.join(str(part) for part in path)})"
    return (extensions.get("code") or "GRAPHQL_ERROR", message, extensions.get("details"))


def require(data: dict[str, Any], field: str, what: str, ident: str) -> dict[str, Any]:
    """data[field], or NOT_FOUND when the server answered null."""
    value = data.get(field)
    if value is None:
        raise Failure(EXIT_API_ERROR, [("NOT_FOUND", f"{what} {ident} not found", None)])
    return value


def fetch_eval_with_sessions(document: str, variables: dict[str, Any]) -> dict[str, Any]:
    """Run a paged eval query; the eval with `sessions` as one list of every session."""
    evaluation: dict[str, Any] | None = None
    sessions: list[Any] = []
    after = None
    while True:
        data = call_api(document, dict(variables, after=after))
        page = require(data, "intelligentEval", "intelligent eval", variables["id"])
        connection = page.pop("sessions")
        sessions.extend(edge["node"] for edge in connection["edges"])
        evaluation = evaluation or page
        cursor = connection["pageInfo"]["endCursor"]
        if not connection["pageInfo"]["hasNextPage"] or not cursor or cursor == after:
            break
        after = cursor
    assert evaluation is not None  # the loop ran at least once
    evaluation["sessions"] = sessions
    return evaluation


# ------------------------------------------------------------------ input files


def load_json_object(args: argparse.Namespace, what: str) -> dict[str, Any] | None:
    """The JSON object from --file (path relative to the cwd) or --json; None when neither."""
    if getattr(args, "file", None):
        try:
            with open(args.file, encoding="utf-8") as handle:
                text, source = handle.read(), args.file
        except OSError as error:
            raise usage_error(f"cannot read {what} file {args.file}: {error}") from error
    elif getattr(args, "json", None):
        text, source = args.json, "--json"
    else:
        return None
    try:
        value = json.loads(text)
    except ValueError as error:
        raise usage_error(f"{source} is not valid JSON: {error}") from error
    if not isinstance(value, dict):
        raise usage_error(f"{source} must hold a JSON object (the {what}), "
                          f"not {type(value).__name__}")
    return value


def required_json_object(args: argparse.Namespace, what: str) -> dict[str, Any]:
    value = load_json_object(args, what)
    if value is None:
        raise usage_error(f"give the {what} with --file PATH or --json '<object>'")
    return value


# ------------------------------------------------------------------ commands


def read_eval(eval_id: str) -> dict[str, Any]:
    data = call_api(GET_EVAL, {"id": eval_id})
    return require(data, "intelligentEval", "intelligent eval", eval_id)


def get_eval(args: argparse.Namespace) -> dict[str, Any]:
    return {"intelligentEval": read_eval(args.eval_id)}


def submit_plan(args: argparse.Namespace) -> dict[str, Any]:
    plan = required_json_object(args, "plan")
    return call_api(SUBMIT_PLAN, {"evalId": args.eval_id, "plan": plan})


def create_session(args: argparse.Namespace) -> dict[str, Any]:
    session_input = load_json_object(args, "session input") or {}
    if args.persona_json is not None:
        try:
            session_input["persona"] = json.loads(args.persona_json)
        except ValueError as error:
            raise usage_error(f"--persona-json is not valid JSON: {error}") from error
    flags = {"goal": args.goal, "dimension": args.dimension,
             "virtualUserIndex": args.virtual_user_index,
             "timeSlotIndex": args.time_slot_index, "idempotencyKey": args.idempotency_key}
    session_input.update({key: value for key, value in flags.items() if value is not None})
    if "persona" not in session_input or "goal" not in session_input:
        _fill_from_plan(session_input, args.eval_id)
    return call_api(CREATE_SESSION, {"evalId": args.eval_id, "input": session_input})


def _fill_from_plan(session_input: dict[str, Any], eval_id: str) -> None:
    """Take persona, goal and dimension from plan.virtualUsers[virtualUserIndex]."""
    index = session_input.get("virtualUserIndex")
    if not isinstance(index, int):
        raise usage_error("give --persona-json and --goal, or --virtual-user-index to take "
                          "them from the plan")
    evaluation = read_eval(eval_id)
    users = (evaluation.get("plan") or {}).get("virtualUsers") or []
    if not 0 <= index < len(users):
        raise usage_error(f"--virtual-user-index {index} is not in the plan "
                          f"(it has {len(users)} virtual users)")
    for key in ("persona", "goal", "dimension"):
        if key not in session_input and users[index].get(key) is not None:
            session_input[key] = users[index][key]


def send(args: argparse.Namespace) -> dict[str, Any]:
    variables = {"sessionId": args.session_id, "content": args.message,
                 "idempotencyKey": args.idempotency_key}
    return call_api(SEND_MESSAGE, variables, timeout=SEND_TIMEOUT_S)


def close_session(args: argparse.Namespace) -> dict[str, Any]:
    verdict = required_json_object(args, "verdict")
    return call_api(CLOSE_SESSION, {"sessionId": args.session_id, "verdict": verdict})


def transcript(args: argparse.Namespace) -> dict[str, Any]:
    if args.session_id:
        data = call_api(SESSION_TRANSCRIPT, {"id": args.session_id})
        return {"session": require(data, "session", "session", args.session_id)}
    return {"intelligentEval": fetch_eval_with_sessions(EVAL_TRANSCRIPT, {"id": args.eval_id})}


def list_sessions(args: argparse.Namespace) -> dict[str, Any]:
    variables = {"id": args.eval_id, "status": args.status}
    return {"intelligentEval": fetch_eval_with_sessions(LIST_SESSIONS, variables)}


def submit_report(args: argparse.Namespace) -> dict[str, Any]:
    report = required_json_object(args, "report")
    return call_api(SUBMIT_REPORT, {"evalId": args.eval_id, "report": report})


def heartbeat(args: argparse.Namespace) -> dict[str, Any]:
    return call_api(HEARTBEAT, {"evalId": args.eval_id, "note": args.note})


def schedule(args: argparse.Namespace) -> dict[str, Any]:
    evaluation = read_eval(args.eval_id)
    if evaluation["status"] != "EXECUTING" or not evaluation.get("startedAt"):
        raise Failure(EXIT_API_ERROR, [(
            "INVALID_TRANSITION", f"eval {args.eval_id} is {evaluation['status']}, not "
                                  "EXECUTING: there is nothing to schedule",
            {"status": evaluation["status"], "allowed": evaluation.get("allowedActions")})])
    sessions = fetch_eval_with_sessions(LIST_SESSIONS, {"id": args.eval_id})["sessions"]
    time_scale = evaluation.get("timeScale")
    return plan_runs(args.eval_id, evaluation["plan"], parse_time(evaluation["startedAt"]),
                     datetime.now(UTC), sessions,
                     time_scale=1.0 if time_scale is None else float(time_scale))


# ------------------------------------------------------------------ schedule (pure)

DUE_STAGGER = timedelta(minutes=1)  # between due runs' cron jobs, in plan time
_TIME_SLOT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*h?\s*-\s*(\d+(?:\.\d+)?)\s*h\s*$", re.IGNORECASE)


def parse_time(text: str) -> datetime:
    parsed = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def format_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def plan_runs(eval_id: str, plan: dict[str, Any], started_at: datetime, now: datetime,
              sessions: list[dict[str, Any]], time_scale: float = 1.0) -> dict[str, Any]:
    """Every planned session with its time, idempotency key and one-shot cron job.

    A slot's sessions are spread evenly from its start; virtual users are taken in
    turn. Plan hours last `time_scale` real hours each (the server's timeScale, which
    its watchdog applies too). Runs whose time has passed are due: their cron jobs are
    staggered one scaled minute apart from now. A slot's first runs count as created
    when the eval already has that many sessions in the slot.
    """
    hour = timedelta(hours=max(0.0, time_scale))
    stagger = DUE_STAGGER * max(0.0, time_scale)
    budget = plan["budget"]
    turns = max(1, min(budget["maxTurnsPerSession"],
                       budget["totalMaxTurns"] // max(1, plan["estimatedSessions"])))
    users = len(plan["virtualUsers"])
    existing: dict[Any, int] = {}
    for session in sessions:
        existing[session.get("timeSlotIndex")] = existing.get(session.get("timeSlotIndex"), 0) + 1
    runs, run_number, due_count = [], 0, 0
    for slot_index, slot in enumerate(plan["timeDistribution"]):
        match = _TIME_SLOT.match(slot["timeSlot"])
        if match is None:
            continue
        start, end = float(match.group(1)), float(match.group(2))
        for number in range(slot["sessions"]):
            at = started_at + hour * (start + number * (end - start) / slot["sessions"])
            created = number < existing.get(slot_index, 0)
            due = at <= now
            if due and not created:
                due_count += 1
                at = now + stagger * due_count
            key, user_index = f"{slot_index}-{number}", run_number % users
            run_number += 1
            message = (f"AgentEval intelligent eval {eval_id}: run planned session {key} "
                       f"(timeSlotIndex {slot_index}, virtualUserIndex {user_index}, at most "
                       f"{turns} user turns) with the agenteval-intelligent-evaluator skill.")
            runs.append({
                "idempotencyKey": key, "timeSlotIndex": slot_index, "timeSlot": slot["timeSlot"],
                "scenario": slot.get("scenario"), "virtualUserIndex": user_index,
                "at": format_time(at), "due": due, "created": created,
                "cronJob": {"schedule": {"kind": "at", "at": format_time(at)},
                            "sessionTarget": "isolated",
                            "payload": {"kind": "agentTurn", "message": message}},
            })
    return {"evalId": eval_id, "startedAt": format_time(started_at), "now": format_time(now),
            "timeScale": time_scale, "turnsPerSession": turns, "runs": runs}


# ------------------------------------------------------------------ command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agenteval.py", description=(__doc__ or "").split("\n")[0])
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    def command(name: str, handler: Callable, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(handler=handler)
        return sub

    def json_source(sub: argparse.ArgumentParser, what: str, required: bool) -> None:
        group = sub.add_mutually_exclusive_group(required=required)
        group.add_argument("--file", help=f"path of a JSON file holding the {what}")
        group.add_argument("--json", help=f"the {what} as inline JSON")

    sub = command("get-eval", get_eval, "read an eval: inputs, plan, feedback, progress")
    sub.add_argument("--eval-id", required=True)
    sub = command("submit-plan", submit_plan, "submit a plan (PlanInput JSON)")
    sub.add_argument("--eval-id", required=True)
    json_source(sub, "plan", required=True)
    sub = command("schedule", schedule, "list the approved plan's sessions with cron jobs")
    sub.add_argument("--eval-id", required=True)
    sub = command("create-session", create_session, "create a session (CreateSessionInput)")
    sub.add_argument("--eval-id", required=True)
    json_source(sub, "session input", required=False)
    sub.add_argument("--persona-json", help="the persona as a JSON object")
    sub.add_argument("--goal")
    sub.add_argument("--dimension")
    sub.add_argument("--virtual-user-index", type=int)
    sub.add_argument("--time-slot-index", type=int)
    sub.add_argument("--idempotency-key")
    sub = command("send", send, "send one user message and print the reply")
    sub.add_argument("--session-id", required=True)
    sub.add_argument("--message", required=True)
    sub.add_argument("--idempotency-key")
    sub = command("close-session", close_session, "close a session with a verdict")
    sub.add_argument("--session-id", required=True)
    json_source(sub, "verdict", required=True)
    sub = command("transcript", transcript, "messages and verdicts of one session or an eval")
    target = sub.add_mutually_exclusive_group(required=True)
    target.add_argument("--session-id")
    target.add_argument("--eval-id")
    sub = command("list-sessions", list_sessions, "an eval's sessions without messages")
    sub.add_argument("--eval-id", required=True)
    sub.add_argument("--status", choices=SESSION_STATUSES)
    sub = command("submit-report", submit_report, "submit the final report (ReportInput)")
    sub.add_argument("--eval-id", required=True)
    json_source(sub, "report", required=True)
    sub = command("heartbeat", heartbeat, "tell AgentEval the agent is alive")
    sub.add_argument("--eval-id", required=True)
    sub.add_argument("--note")
    return parser


def _write(stream: Any, text: str) -> None:
    # UTF-8 whatever the locale: transcripts are often Chinese and quoted verbatim.
    stream.buffer.write((text + "\n").encode("utf-8"))
    stream.flush()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result = args.handler(args)
    except Failure as failure:
        for code, message, details in failure.errors:
            _write(sys.stderr, f"{code}: {message}")
            if details is not None:
                _write(sys.stderr, json.dumps(details, ensure_ascii=False))
        return failure.exit_code
    _write(sys.stdout, json.dumps(result, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
