"""A whole intelligent eval driven only through the skill scripts, as OpenClaw runs them.

A real `agenteval serve` runs in a child process on a fresh SQLite file. The
admin and the operator (user actions) speak plain GraphQL over HTTP; everything
the agent does goes through `skills/<skill>/scripts/agenteval.py` subprocesses
with an AGENT key: the planner's copy plans, the evaluator's copy runs the
session, the analyst's copy reports. The target is the built-in demo bot, whose
deliberate flaw (a repair is booked without asking for the preferred time) is
what the evaluator and the analyst must report, quoting the transcript exactly.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PLANNER = ROOT / "skills" / "agenteval-intelligent-planner" / "scripts" / "agenteval.py"
EVALUATOR = ROOT / "skills" / "agenteval-intelligent-evaluator" / "scripts" / "agenteval.py"
ANALYST = ROOT / "skills" / "agenteval-intelligent-analyst" / "scripts" / "agenteval.py"
ADMIN_KEY = "e2e-admin-secret"
BOOKED = "预约成功"  # the demo bot's exact "repair booked" phrase (agenteval/demo_bot/bot.py)

CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret } }"""
CREATE_TARGET = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
CREATE_EVAL = """mutation($input: CreateIntelligentEvalInput!) {
  createIntelligentEval(input: $input) { id status } }"""
APPROVE = "mutation($id: ID!) { approvePlan(evalId: $id) { id status startedAt } }"
EVAL_REPORT = """query($id: ID!) { intelligentEval(id: $id) {
  status completedAt reportMarkdown
  report { findings { issue severity evidence {
    sessionId turnIndex userSaid assistantReplied verified } } } } }"""

SEEDS = {
    "personas": [{"name": "王建国", "background": "退休工人，洗衣机坏了",
                  "personality": "直接，着急", "patience": "low"}],
    "goals": [{"goal": "预约洗衣机上门维修，并约定周六上午的上门时间", "dimension": "预约流程"}],
}
PLAN = {
    "dimensions": ["预约流程", "信息收集"],
    "virtualUsers": [
        {"persona": SEEDS["personas"][0], "goal": SEEDS["goals"][0]["goal"],
         "dimension": "预约流程"},
        {"persona": {"name": "Lily", "background": "上班族", "personality": "细致",
                     "patience": "high"},
         "goal": "问清维修费用后预约空调维修", "dimension": "信息收集"},
    ],
    "timeDistribution": [
        {"timeSlot": "0-2h", "sessions": 1, "scenario": "上午报修"},
        {"timeSlot": "8-10h", "sessions": 1, "scenario": "下班后报修"},
    ],
    "estimatedSessions": 2,
    "budget": {"maxTurnsPerSession": 8, "totalMaxTurns": 16},
    "completionCriteria": "每个维度至少有一个带评价的已关闭会话",
}
# Name, phone, then address with a preferred time the bot ignores: it books at turn 3.
USER_TURNS = [
    "你好，我家洗衣机坏了，不能脱水，想预约维修",
    "我叫王建国",
    "我的电话是13812345678",
    "地址是上海市浦东新区张江路88号，最好周六上午来",
]
FINDING = "预约维修时从未询问用户方便的上门时间，用户提出的周六上午也被忽略"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`agenteval serve` in a child process on its own SQLite file; its base URL."""
    database = tmp_path_factory.mktemp("e2e") / "e2e.db"
    port = _free_port()
    env = dict(os.environ, AGENTEVAL_DATABASE_URL=f"sqlite://{database}",
               AGENTEVAL_PORT=str(port), AGENTEVAL_ADMIN_KEY=ADMIN_KEY,
               AGENTEVAL_DRIVER="none", AGENTEVAL_DEMO="false",
               AGENTEVAL_WATCHDOG_INTERVAL_S="0")
    env.pop("AGENTEVAL_REDIS_URL", None)  # in-memory events: one process only
    child = subprocess.Popen([sys.executable, "-m", "agenteval.cli", "serve"], cwd=ROOT,
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 15
        while True:
            if child.poll() is not None:
                stderr = child.stderr.read().decode() if child.stderr else ""
                raise AssertionError(f"the server exited: {stderr}")
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("the server never answered /healthz")
            time.sleep(0.1)
        yield url
    finally:
        child.terminate()
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait(5)


def graphql(server_url: str, key: str, document: str,
            variables: dict[str, Any]) -> dict[str, Any]:
    """One plain HTTP POST (a user action, not a skill); the whole GraphQL response."""
    response = httpx.post(f"{server_url}/graphql", headers={"X-API-Key": key}, timeout=30,
                          json={"query": document, "variables": variables})
    return response.json()


def graphql_data(server_url: str, key: str, document: str,
                 variables: dict[str, Any]) -> dict[str, Any]:
    payload = graphql(server_url, key, document, variables)
    assert not payload.get("errors"), payload["errors"]
    return payload["data"]


@dataclass
class Skills:
    """Runs a skill's copy of the client as OpenClaw does: a subprocess, env settings."""

    graphql_url: str
    api_key: str
    workdir: Path

    def run(self, script: Path, *args: str) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("AGENTEVAL_")}
        env.update(AGENTEVAL_API_URL=self.graphql_url, AGENTEVAL_API_KEY=self.api_key)
        return subprocess.run([sys.executable, str(script), *args], cwd=self.workdir, env=env,
                              capture_output=True, text=True, encoding="utf-8", timeout=60)

    def ok(self, script: Path, *args: str) -> dict[str, Any]:
        """Run a command that must succeed; its JSON output."""
        result = self.run(script, *args)
        assert result.returncode == 0, f"{args[0]} failed: {result.stderr}"
        return json.loads(result.stdout)

    def write(self, name: str, value: dict[str, Any]) -> str:
        (self.workdir / name).write_text(json.dumps(value, ensure_ascii=False),
                                         encoding="utf-8")
        return name


@dataclass
class Setup:
    eval_id: str
    operator_key: str
    agent_key: str


def admin_setup(server_url: str) -> Setup:
    """What the admin does in the UI: keys, the demo target, the intelligent eval."""
    def key(role: str) -> str:
        data = graphql_data(server_url, ADMIN_KEY, CREATE_KEY, {"name": role.lower(), "role": role})
        return data["createApiKey"]["secret"]

    target = graphql_data(server_url, ADMIN_KEY, CREATE_TARGET, {"input": {
        "name": "Mia", "channelType": "demo", "channelConfig": {}}})["createTarget"]
    created = graphql_data(server_url, ADMIN_KEY, CREATE_EVAL, {"input": {
        "name": "HomeCare repair booking", "targetId": target["id"],
        "goal": "检查维修预约流程是否完整", "seeds": SEEDS,
        "intent": "预约时是否收集齐全信息（含上门时间）", "roleDescription": "扮演报修的家电用户",
        "timeWindowHours": 24}})["createIntelligentEval"]
    assert created["status"] == "PLANNING"
    return Setup(created["id"], key("OPERATOR"), key("AGENT"))


def plan_phase(skills: Skills, eval_id: str) -> None:
    """The planner: heartbeat, read the eval, one refused plan, then a valid one."""
    skills.ok(PLANNER, "heartbeat", "--eval-id", eval_id, "--note", "planner started")
    evaluation = skills.ok(PLANNER, "get-eval", "--eval-id", eval_id)["intelligentEval"]
    assert evaluation["status"] == "PLANNING"
    assert evaluation["seeds"] == SEEDS

    wrong = skills.write("plan.json", dict(PLAN, estimatedSessions=3))
    refused = skills.run(PLANNER, "submit-plan", "--eval-id", eval_id, "--file", wrong)
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert refused.stderr.startswith("VALIDATION_FAILED: ")
    assert "plan.estimatedSessions" in refused.stderr

    plan_file = skills.write("plan.json", PLAN)
    submitted = skills.ok(PLANNER, "submit-plan", "--eval-id", eval_id, "--file", plan_file)
    assert submitted["submitPlan"]["status"] == "PENDING_APPROVAL"
    assert submitted["submitPlan"]["plan"]["estimatedSessions"] == 2


def approval_phase(server_url: str, skills: Skills, setup: Setup) -> None:
    """Only a user approves: the skills have no such command and the AGENT key is refused."""
    no_command = skills.run(PLANNER, "approve-plan", "--eval-id", setup.eval_id)
    assert no_command.returncode == 2
    refused = graphql(server_url, setup.agent_key, APPROVE, {"id": setup.eval_id})
    assert [error["extensions"]["code"] for error in refused["errors"]] == ["FORBIDDEN"]

    approved = graphql_data(server_url, setup.operator_key, APPROVE, {"id": setup.eval_id})
    assert approved["approvePlan"]["status"] == "EXECUTING"


def evaluation_phase(skills: Skills, eval_id: str) -> str:
    """The evaluator: schedule, then run planned session 0-0 with the booking persona."""
    skills.ok(EVALUATOR, "heartbeat", "--eval-id", eval_id, "--note", "evaluator scheduling")
    runs = skills.ok(EVALUATOR, "schedule", "--eval-id", eval_id)["runs"]
    assert [(run["idempotencyKey"], run["timeSlotIndex"], run["virtualUserIndex"],
             run["created"]) for run in runs] == [("0-0", 0, 0, False), ("1-0", 1, 1, False)]
    assert all(run["cronJob"]["schedule"]["kind"] == "at" for run in runs)

    create = ("create-session", "--eval-id", eval_id, "--virtual-user-index", "0",
              "--time-slot-index", "0", "--idempotency-key", "0-0")
    session = skills.ok(EVALUATOR, *create)["createSession"]
    assert (session["status"], session["turnCount"]) == ("RUNNING", 0)
    assert session["persona"] == SEEDS["personas"][0]
    assert session["dimension"] == "预约流程"
    again = skills.ok(EVALUATOR, *create)["createSession"]
    assert again["id"] == session["id"]  # a double-fired cron job gets the same session

    replies = []
    for turn, message in enumerate(USER_TURNS):
        sent = skills.ok(EVALUATOR, "send", "--session-id", session["id"], "--message", message,
                         "--idempotency-key", f"turn-{turn}")["sendMessage"]
        assert sent["userMessage"]["content"] == message
        assert sent["reply"]["turnIndex"] == turn and sent["reply"]["error"] is None
        assert sent["session"]["turnCount"] == turn + 1
        replies.append(sent["reply"]["content"])
        progress = skills.ok(EVALUATOR, "heartbeat", "--eval-id", eval_id,
                             "--note", f"session 0-0 turn {turn}")["heartbeat"]["progress"]
        assert progress["turnsUsed"] == turn + 1
    assert BOOKED in replies[3] and not any(BOOKED in reply for reply in replies[:3])
    assert not any("时间" in reply for reply in replies)  # the flaw: no time ever asked

    verdict = skills.write("verdict.json", {
        "goalAchieved": False, "achievement": 0.6,
        "issues": [{"description": FINDING, "severity": "HIGH", "turnIndex": 3}],
        "suggestions": ["预约前询问并确认上门时间"],
        "notes": "维修已登记，但没有约定上门时间。"})
    closed = skills.ok(EVALUATOR, "close-session", "--session-id", session["id"],
                       "--file", verdict)["closeSession"]
    assert closed["status"] == "COMPLETED"
    assert closed["verdict"]["issues"][0]["turnIndex"] == 3
    skills.ok(EVALUATOR, "heartbeat", "--eval-id", eval_id, "--note", "session 0-0 closed")

    rescheduled = skills.ok(EVALUATOR, "schedule", "--eval-id", eval_id)["runs"]
    assert [run["created"] for run in rescheduled] == [True, False]
    return session["id"]


def report_phase(skills: Skills, eval_id: str, session_id: str) -> dict[str, Any]:
    """The analyst: read the transcript and quote the booking turn exactly."""
    evaluation = skills.ok(ANALYST, "transcript", "--eval-id", eval_id)["intelligentEval"]
    (session,) = evaluation["sessions"]
    assert session["id"] == session_id and session["verdict"]["goalAchieved"] is False
    booked = next(m for m in session["messages"]
                  if m["role"] == "ASSISTANT" and BOOKED in m["content"])
    user = next(m for m in session["messages"]
                if m["role"] == "USER" and m["turnIndex"] == booked["turnIndex"])
    sentence = booked["content"].split("。")[0] + "。"  # quote a contiguous part of the reply
    assert BOOKED in sentence and sentence != booked["content"]

    report = skills.write("report.json", {
        "summary": "Mia 能收集故障、姓名、电话和地址，但从不询问上门时间就预约成功。",
        "scores": [{"dimension": "预约流程", "score": 4}, {"dimension": "信息收集", "score": 7}],
        "findings": [{
            "issue": FINDING, "severity": "HIGH", "dimension": "预约流程",
            "evidence": [{"sessionId": session_id, "turnIndex": booked["turnIndex"],
                          "userSaid": user["content"], "assistantReplied": sentence}],
            "suggestion": "在确认预约前询问并复述用户方便的上门时间"}],
        "highlights": [{"description": "按顺序收集联系信息", "dimension": "信息收集"}],
        "priorityRecommendations": ["预约流程加入上门时间确认"]})
    submitted = skills.ok(ANALYST, "submit-report", "--eval-id", eval_id,
                          "--file", report)["submitReport"]
    assert submitted["status"] == "COMPLETED"
    return {"turnIndex": booked["turnIndex"], "userSaid": user["content"],
            "assistantReplied": sentence}


def test_a_whole_eval_runs_through_the_skill_scripts_alone(server_url: str,
                                                           tmp_path: Path) -> None:
    setup = admin_setup(server_url)
    skills = Skills(f"{server_url}/graphql", setup.agent_key, tmp_path)

    plan_phase(skills, setup.eval_id)
    approval_phase(server_url, skills, setup)
    session_id = evaluation_phase(skills, setup.eval_id)
    quoted = report_phase(skills, setup.eval_id, session_id)

    stored = graphql_data(server_url, ADMIN_KEY, EVAL_REPORT,
                          {"id": setup.eval_id})["intelligentEval"]
    assert stored["status"] == "COMPLETED" and stored["completedAt"]
    (finding,) = stored["report"]["findings"]
    assert finding["issue"] == FINDING and finding["severity"] == "HIGH"
    assert finding["evidence"] == [dict(quoted, sessionId=session_id, verified=True)]
    assert FINDING in stored["reportMarkdown"]
    assert quoted["assistantReplied"] in stored["reportMarkdown"]
    # The eval is finished: the agent's skills can change nothing more.
    late = skills.run(EVALUATOR, "heartbeat", "--eval-id", setup.eval_id)
    assert late.returncode == 1 and late.stderr.startswith("INVALID_TRANSITION")
