"""A real OpenClaw gateway drives whole intelligent evals through AgentEval's skills.

OpenClaw 2026.9.6 (Node 24) is installed into a cache folder outside the repository
(tests/e2e/openclaw_install.sh). `agenteval openclaw install` sets up a state folder
that already holds the user's gateway, model provider and own agent; the model is the
scripted agent of tests/support (an OpenAI-compatible server playing the three skills
from what OpenClaw sends it). `agenteval serve` runs with the openclaw driver and a
small time scale. Required in CI; elsewhere skipped only when OpenClaw cannot be
installed (no npm or no registry), saying why.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e import openclaw_stack as stack

ADMIN_KEY = "e2e-admin-secret"
FEEDBACK = 'Also cover the dimension "费用咨询" with its own virtual user.'
SEEDS = {"personas": [{"name": "王建国", "background": "退休工人，洗衣机坏了",
                       "personality": "直接，着急", "patience": "low"}],
         "goals": [{"goal": "洗衣机坏了，想预约上门维修", "dimension": "预约流程"}]}
EVAL_STATE = """query($id: ID!) { intelligentEval(id: $id) {
  status planRevision failureReason timeScale
  plan { dimensions virtualUsers { goal dimension } estimatedSessions }
  progress { sessionsClosed }
  report { findings { evidence { sessionId verified userSaid assistantReplied } } }
  events(first: 200) { edges { node { type detail } } } } }"""


@dataclass
class Stack:
    api: str
    operator_key: str
    target_id: str
    llm: stack.ThreadedLLM
    gateway: Any
    state_dir: Path
    openclaw_env: dict[str, str]


def graphql(url: str, key: str, document: str, variables: dict[str, Any]) -> dict[str, Any]:
    payload = httpx.post(url, json={"query": document, "variables": variables}, timeout=30,
                         headers={"X-API-Key": key}).json()
    assert not payload.get("errors"), payload["errors"]
    return payload["data"]


@pytest.fixture(scope="module")
def openclaw_path() -> str:
    path, detail = stack.install_openclaw()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"OpenClaw is required in CI: {detail}")
        pytest.skip(f"OpenClaw cannot be installed here: {detail}")
    print(f"OpenClaw ready in {detail}")
    return path


@pytest.fixture(scope="module")
def running(openclaw_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    base = tmp_path_factory.mktemp("openclaw-e2e")
    state_dir, database = base / "openclaw-state", base / "agenteval.db"
    api_port, gateway_port = stack.free_port(), stack.free_port()
    api_url = f"http://127.0.0.1:{api_port}/graphql"
    with stack.ThreadedLLM() as llm:
        state_dir.mkdir()
        (state_dir / "openclaw.json").write_text(
            json.dumps(stack.user_config(gateway_port, llm.server.url)), encoding="utf-8")
        install_env = dict(os.environ, AGENTEVAL_DATABASE_URL=f"sqlite://{database}")
        installed = stack.agenteval_cli("openclaw", "install", "--workspace", str(state_dir),
                                        "--api-url", api_url, env=install_env)
        assert installed.returncode == 0, installed.stderr
        settings = dict(re.findall(r"^  (AGENTEVAL_\w+)=(\S+)$", installed.stdout, re.M))
        assert settings["AGENTEVAL_DRIVER"] == "openclaw"
        assert settings["AGENTEVAL_OPENCLAW_URL"] == f"http://127.0.0.1:{gateway_port}"

        config = json.loads((state_dir / "openclaw.json").read_text(encoding="utf-8"))
        # install kept what the user had and added AgentEval's part
        assert config["models"]["providers"]["scripted"]["baseUrl"] == llm.server.url
        assert config["agents"]["entries"]["main"] == {"name": "My own agent", "default": True}
        assert config["hooks"]["token"] == settings["AGENTEVAL_OPENCLAW_HOOKS_TOKEN"]

        env = stack.openclaw_env(openclaw_path, base, state_dir)
        serve_env = stack.agenteval_serve_env(database, api_port, ADMIN_KEY,
                                              settings["AGENTEVAL_OPENCLAW_URL"],
                                              settings["AGENTEVAL_OPENCLAW_HOOKS_TOKEN"])
        serve_args = [os.environ.get("PYTHON", "python3"), "-m", "agenteval.cli", "serve"]
        serve_args[0] = __import__("sys").executable
        with stack.process(serve_args, serve_env, base / "serve.log") as server, \
                stack.process(["openclaw", "gateway", "--port", str(gateway_port)], env,
                              base / "gateway.log") as gateway:
            stack.wait_http(f"http://127.0.0.1:{api_port}/healthz", 30, server)
            started = time.monotonic()
            stack.wait_http(f"http://127.0.0.1:{gateway_port}/healthz", 120, gateway)
            print(f"gateway up in {time.monotonic() - started:.1f}s")
            operator = graphql(api_url, ADMIN_KEY, """mutation {
              createApiKey(name: "operator", role: OPERATOR) { secret } }""", {})
            target = graphql(api_url, ADMIN_KEY, """mutation($input: CreateTargetInput!) {
              createTarget(input: $input) { id } }""",
                             {"input": {"name": "Mia", "channelType": "demo", "channelConfig": {}}})
            yield Stack(api_url, operator["createApiKey"]["secret"],
                        target["createTarget"]["id"], llm, gateway, state_dir, env)


def create_eval(running: Stack, name: str) -> str:
    created = graphql(running.api, ADMIN_KEY, """mutation($input: CreateIntelligentEvalInput!) {
      createIntelligentEval(input: $input) { id } }""", {"input": {
        "name": name, "targetId": running.target_id, "goal": "检查维修预约流程",
        "seeds": SEEDS, "intent": "预约时是否收集齐全信息", "roleDescription": "扮演报修用户",
        "timeWindowHours": 2}})
    return str(created["createIntelligentEval"]["id"])


def wait_for(running: Stack, eval_id: str, done: Any, timeout_s: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while True:
        state = graphql(running.api, running.operator_key, EVAL_STATE,
                        {"id": eval_id})["intelligentEval"]
        if done(state):
            return dict(state)
        assert time.monotonic() < deadline, (
            f"timed out; the eval is {json.dumps(state, ensure_ascii=False)[:2000]}; the "
            f"agent's last answers: {running.llm.agent.answers[-6:]}")
        time.sleep(1)


def operator(running: Stack, document: str, variables: dict[str, Any]) -> dict[str, Any]:
    return graphql(running.api, running.operator_key, document, variables)


pytestmark = pytest.mark.timeout(420)  # the machine may be slow: OpenClaw runs take seconds


def test_doctor_checks_the_running_gateway(running: Stack, tmp_path: Path) -> None:
    healthy = stack.agenteval_cli("openclaw", "doctor", "--workspace", str(running.state_dir),
                                  env=running.openclaw_env)
    assert healthy.returncode == 0, healthy.stdout + healthy.stderr
    assert healthy.stdout.count("ok: ") == 5  # three skills, the hooks, the API

    # A copy with a wrong hooks token and an API URL nobody answers. (The skills check asks
    # the running gateway, which keeps its own config: it still finds them eligible.)
    broken_dir = tmp_path / "broken"
    broken_dir.mkdir()
    config = json.loads((running.state_dir / "openclaw.json").read_text(encoding="utf-8"))
    config["hooks"]["token"] = "not-the-token"
    for entry in config["skills"]["entries"].values():
        entry["env"]["AGENTEVAL_API_URL"] = f"http://127.0.0.1:{stack.free_port()}/graphql"
    (broken_dir / "openclaw.json").write_text(json.dumps(config), encoding="utf-8")
    env = dict(running.openclaw_env, OPENCLAW_STATE_DIR=str(broken_dir),
               OPENCLAW_CONFIG_PATH=str(broken_dir / "openclaw.json"))
    broken = stack.agenteval_cli("openclaw", "doctor", "--workspace", str(broken_dir), env=env)
    assert broken.returncode == 1
    assert "refused the hooks token (HTTP 401)" in broken.stdout
    assert "does not answer GraphQL" in broken.stdout


def test_an_openclaw_agent_carries_an_eval_from_planning_to_completed(running: Stack) -> None:
    eval_id = create_eval(running, "OpenClaw e2e")
    first = wait_for(running, eval_id, lambda s: s["status"] == "PENDING_APPROVAL", 120)
    assert first["plan"]["dimensions"] == ["预约流程"]
    assert first["timeScale"] == 0.005

    operator(running, """mutation($id: ID!, $feedback: String!) {
      rejectPlan(evalId: $id, feedback: $feedback) { status } }""",
             {"id": eval_id, "feedback": FEEDBACK})
    revised = wait_for(running, eval_id, lambda s: s["status"] == "PENDING_APPROVAL"
                       and s["planRevision"] > first["planRevision"], 120)
    assert revised["plan"]["dimensions"] == ["预约流程", "费用咨询"]
    assert {"goal": "ask about 费用咨询", "dimension": "费用咨询"} in revised["plan"]["virtualUsers"]
    # The planner learnt the feedback from OpenClaw's own request, not from the test.
    # (get-eval's output as OpenClaw's exec returned it: JSON, so the quotes are escaped)
    assert any(json.dumps(FEEDBACK, ensure_ascii=False) in text
               for text in running.llm.tool_results())

    operator(running, "mutation($id: ID!) { approvePlan(evalId: $id) { status } }",
             {"id": eval_id})
    done = wait_for(running, eval_id, lambda s: s["status"] in ("COMPLETED", "FAILED"), 240)
    assert done["status"] == "COMPLETED", done["failureReason"]
    assert done["progress"]["sessionsClosed"] == 2
    evidence = [e for f in done["report"]["findings"] for e in f["evidence"]]
    assert len(evidence) == 2 and all(e["verified"] for e in evidence)

    wakes = [e["node"]["detail"] for e in done["events"]["edges"]
             if e["node"]["type"] == "AGENT_WOKEN"]
    assert [(w["role"], w.get("session")) for w in wakes] == [
        ("planner", None), ("planner", None), ("evaluator", None),
        ("evaluator", "0-0"), ("evaluator", "0-1"), ("analyst", None)]
    assert all(w["ok"] and w["driver"] == "openclaw" for w in wakes)


def test_a_stopped_gateway_fails_the_eval_naming_the_stalled_role(running: Stack) -> None:
    eval_id = create_eval(running, "OpenClaw stall")
    wait_for(running, eval_id, lambda s: s["status"] == "PENDING_APPROVAL", 120)
    operator(running, "mutation($id: ID!) { approvePlan(evalId: $id) { status } }",
             {"id": eval_id})
    stack.stop(running.gateway)  # OpenClaw goes away in the middle of the execution
    failed = wait_for(running, eval_id, lambda s: s["status"] != "EXECUTING", 120)
    assert failed["status"] == "FAILED"
    assert failed["failureReason"] == "evaluator stalled"
    assert shutil.which("openclaw", path=running.openclaw_env["PATH"])
