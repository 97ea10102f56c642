"""A scripted OpenClaw agent: a chat responder that plays AgentEval's three skills.

Plug it into `FakeLLMServer(chat=ScriptedAgent())` and point an OpenClaw provider
(`api: "openai-completions"`) at the server. Each request carries the whole
conversation OpenClaw has so far: the system prompt listing the skill's SKILL.md
location, the wake-up or cron message, and every tool call with its result. The
responder is stateless: it replays the role's script over the tool results it finds
in the request and answers with the next tool call, or with the final message.

What it knows comes only from that conversation: the eval id from the wake-up
message, the commands from the SKILL.md it `read`, the eval, plan, feedback and
transcripts from the `exec` results. Commands are the SKILL.md's own lines with
their placeholders filled in, so a wrong command in a SKILL.md fails the run.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

SKILLS = {"planner": "agenteval-intelligent-planner",
          "evaluator": "agenteval-intelligent-evaluator",
          "analyst": "agenteval-intelligent-analyst"}
COMMAND_LINE = re.compile(r"`(python3 \{baseDir\}/scripts/agenteval\.py [^`]+)`")
EVAL_ID = re.compile(r"AgentEval intelligent eval (\S+?)[:\s]")
SESSION_RUN = re.compile(r"run planned session (\S+) \(timeSlotIndex (\d+), "
                         r"virtualUserIndex (\d+), at most (\d+) user turns\)")
QUOTED = re.compile(r"[\"“「]([^\"”」]+)[\"”」]")
TURNS_PER_SESSION = 2

# An action is a tool call (name, arguments); the script receives the tool's result text.
Action = tuple[str, dict[str, Any]]
Script = Generator[Action, str, str]


@dataclass
class Conversation:
    """What one chat request tells the agent."""

    system: str
    task: str
    results: list[str] = field(default_factory=list)

    @classmethod
    def from_request(cls, body: dict[str, Any]) -> Conversation:
        messages = body.get("messages") or []
        system = "\n".join(_text(m) for m in messages if m.get("role") in ("system", "developer"))
        users = [_text(m) for m in messages if m.get("role") == "user"]
        task = next((text for text in users if "AgentEval intelligent eval" in text), "")
        results = [_text(m) for m in messages if m.get("role") == "tool"]
        return cls(system, task, results)

    def skill_location(self, skill: str) -> str:
        found = re.search(rf"<location>([^<]*/{skill}/SKILL\.md)</location>", self.system)
        if found is None:
            raise ScriptError(f"the system prompt lists no {skill} skill")
        return found.group(1)


class ScriptError(Exception):
    """The conversation does not hold what the script needs (the agent gives up)."""


def _text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""


def json_result(text: str) -> dict[str, Any]:
    """The JSON object a command printed, found in an exec tool result."""
    start = text.find("{")
    while start != -1:
        try:
            value, _ = json.JSONDecoder().raw_decode(text, start)
            if isinstance(value, dict):
                return value
        except ValueError:
            pass
        start = text.find("{", start + 1)
    raise ScriptError(f"no JSON in the command's output: {text[:300]!r}")


class Skill:
    """The commands of one SKILL.md, filled in as the instructions say."""

    def __init__(self, location: str, text: str) -> None:
        self.base_dir = str(PurePosixPath(location).parent)
        self.templates = COMMAND_LINE.findall(text)
        if not self.templates:
            raise ScriptError(f"{location} shows no client command")

    def command(self, name: str, values: dict[str, str], pick: str = "") -> str:
        """The first SKILL.md command `name` (containing `pick`), placeholders replaced."""
        for template in self.templates:
            words = shlex.split(template.replace("{baseDir}", self.base_dir))
            if words[2] == name and pick in template:
                return " ".join(_quote(_fill(word, values)) for word in words)
        raise ScriptError(f"the SKILL.md shows no {name!r} command{f' with {pick!r}' * bool(pick)}")


def _quote(word: str) -> str:
    """Shell-quoted, but a leading `~/` stays bare so the shell expands it: OpenClaw lists
    skills under the home folder as `~/…`."""
    if word.startswith("~/"):
        return "~/" + shlex.quote(word[2:])
    return shlex.quote(word)


def _fill(word: str, values: dict[str, str]) -> str:
    if word in values:
        return values[word]
    for placeholder, value in values.items():
        if re.fullmatch(r"[A-Z_]{2,}", placeholder):  # T and V only as whole words
            word = re.sub(rf"\b{placeholder}\b", value, word)
    return word


def exec_call(command: str) -> Action:
    return ("exec", {"command": command, "title": command.split()[2]})


def planner(conversation: Conversation, eval_id: str) -> Script:
    skill = yield from read_skill(conversation, "planner")
    ids = {"EVAL_ID": eval_id}
    yield exec_call(skill.command("heartbeat", ids))
    evaluation = json_result((yield exec_call(skill.command("get-eval", ids))))["intelligentEval"]
    if evaluation["status"] != "PLANNING":
        return f"Eval {eval_id} is {evaluation['status']}: nothing to plan."
    plan = plan_for(evaluation)
    yield ("write", {"path": "plan.json", "content": json.dumps(plan, ensure_ascii=False)})
    submitted = json_result((yield exec_call(skill.command("submit-plan", ids))))
    return (f"Submitted a plan for eval {eval_id}: status "
            f"{submitted['submitPlan']['status']}, dimensions {', '.join(plan['dimensions'])}.")


def plan_for(evaluation: dict[str, Any]) -> dict[str, Any]:
    """Two sessions in the first hour; every quoted name in the feedback becomes a
    dimension with its own virtual user."""
    seeds = evaluation["seeds"] or {}
    personas = seeds.get("personas") or [{"name": "Alex", "patience": "medium"}]
    goals = seeds.get("goals") or [{"goal": evaluation["goal"], "dimension": "general"}]
    dimensions = [goals[0].get("dimension") or "general"]
    users = [{"persona": personas[0], "goal": goals[0]["goal"], "dimension": dimensions[0]}]
    for name in QUOTED.findall(evaluation.get("planFeedback") or ""):
        if name not in dimensions:
            dimensions.append(name)
            users.append({"persona": {"name": f"Tester {len(users)}", "patience": "low"},
                          "goal": f"ask about {name}", "dimension": name})
    return {"dimensions": dimensions, "virtualUsers": users,
            "timeDistribution": [{"timeSlot": "0-1h", "sessions": 2, "scenario": "first hour"}],
            "estimatedSessions": 2,
            "budget": {"maxTurnsPerSession": TURNS_PER_SESSION,
                       "totalMaxTurns": 2 * TURNS_PER_SESSION},
            "completionCriteria": "both sessions closed with a verdict"}


def evaluator(conversation: Conversation, eval_id: str) -> Script:
    skill = yield from read_skill(conversation, "evaluator")
    run = SESSION_RUN.search(conversation.task)
    if run is None:
        return (yield from schedule_sessions(skill, eval_id))
    key, slot, user, turns = run.groups()
    return (yield from run_session(skill, eval_id, key, slot, user, int(turns)))


def schedule_sessions(skill: Skill, eval_id: str) -> Script:
    ids = {"EVAL_ID": eval_id}
    yield exec_call(skill.command("heartbeat", ids, pick="scheduling"))
    yield exec_call(skill.command("get-eval", ids))
    runs = json_result((yield exec_call(skill.command("schedule", ids))))["runs"]
    yield exec_call(skill.command("heartbeat", ids, pick="checked"))
    return (f"Eval {eval_id} has {len(runs)} planned sessions, the first at "
            f"{min(run['at'] for run in runs)}; AgentEval wakes me for each.")


def run_session(skill: Skill, eval_id: str, key: str, slot: str, user: str,
                turns: int) -> Script:
    ids = {"EVAL_ID": eval_id, "KEY": key, "T": slot, "V": user}
    yield exec_call(skill.command("heartbeat", ids, pick="starting"))
    created = json_result((yield exec_call(skill.command("create-session", ids))))
    session = created["createSession"]
    if session["status"] != "RUNNING" or session["turnCount"] > 0:
        return f"Session {key} is already handled."
    ids["SESSION_ID"] = session["id"]
    said = []
    for turn in range(min(turns, TURNS_PER_SESSION)):
        message = session["goal"] if turn == 0 else "请再说明一下，谢谢"
        sent = json_result((yield exec_call(skill.command(
            "send", dict(ids, **{"your message": message, "turn-0": f"turn-{turn}"})))))
        said.append(sent["sendMessage"]["reply"]["content"])
    verdict = {"goalAchieved": False, "achievement": 0.5,
               "issues": [{"description": f"first reply: {said[0][:80]}", "severity": "MEDIUM",
                           "turnIndex": 0}],
               "suggestions": ["answer the goal directly"], "notes": f"planned session {key}"}
    yield ("write", {"path": "verdict.json", "content": json.dumps(verdict, ensure_ascii=False)})
    yield exec_call(skill.command("close-session", ids))
    yield exec_call(skill.command("heartbeat", ids, pick="closed"))
    return f"Session {key} of eval {eval_id} closed."


def analyst(conversation: Conversation, eval_id: str) -> Script:
    skill = yield from read_skill(conversation, "analyst")
    ids = {"EVAL_ID": eval_id}
    yield exec_call(skill.command("heartbeat", ids))
    evaluation = json_result((yield exec_call(skill.command("get-eval", ids))))["intelligentEval"]
    transcript = json_result((yield exec_call(skill.command("transcript", ids, pick="--eval-id"))))
    findings = []
    for session in transcript["intelligentEval"]["sessions"]:
        by_turn = {(m["turnIndex"], m["role"]): m["content"] for m in session["messages"]}
        if (0, "USER") not in by_turn or (0, "ASSISTANT") not in by_turn:
            continue
        findings.append({
            "issue": f"{session['dimension']}: the first answer does not settle the goal",
            "severity": "MEDIUM", "dimension": session["dimension"],
            "evidence": [{"sessionId": session["id"], "turnIndex": 0,
                          "userSaid": by_turn[0, "USER"],
                          "assistantReplied": by_turn[0, "ASSISTANT"]}],
            "suggestion": "answer the user's goal in the first reply"})
    report = {"summary": f"{len(findings)} sessions read for: {evaluation['goal']}",
              "scores": [{"dimension": name, "score": 5}
                         for name in evaluation["plan"]["dimensions"]],
              "findings": findings, "highlights": [],
              "priorityRecommendations": ["answer the goal in the first reply"]}
    yield ("write", {"path": "report.json", "content": json.dumps(report, ensure_ascii=False)})
    submitted = json_result((yield exec_call(skill.command("submit-report", ids))))["submitReport"]
    verified = [e["verified"] for f in submitted["report"]["findings"] for e in f["evidence"]]
    return f"Report submitted: status {submitted['status']}, evidence verified {verified}."


def read_skill(conversation: Conversation, role: str) -> Generator[Action, str, Skill]:
    location = conversation.skill_location(SKILLS[role])
    text = yield ("read", {"path": location})
    return Skill(location, text)


ROLE_SCRIPTS = {"planner": planner, "evaluator": evaluator, "analyst": analyst}


def role_of(task: str) -> str:
    for role, skill in SKILLS.items():
        if skill in task:
            return role
    raise ScriptError("the message names no AgentEval skill")


def next_step(conversation: Conversation) -> Action | str:
    """Replay the role's script over the results so far: the next tool call, or the
    final answer."""
    found = EVAL_ID.search(conversation.task)
    if found is None:
        return "NO_REPLY"
    try:
        script = ROLE_SCRIPTS[role_of(conversation.task)](conversation, found.group(1))
        action = next(script)
        for result in conversation.results:
            action = script.send(result)
    except StopIteration as done:
        return str(done.value)
    except (ScriptError, KeyError, TypeError) as error:
        return f"I stopped: {error!r}"
    return action


class ScriptedAgent:
    """The chat responder: an OpenAI chat completion with one tool call or the final text."""

    def __init__(self) -> None:
        self.calls = 0
        self.answers: list[Action | str] = []  # every answer, for a failing test to show

    def __call__(self, body: dict[str, Any]) -> dict[str, Any]:
        self.calls += 1
        step = next_step(Conversation.from_request(body))
        self.answers.append(step)
        if isinstance(step, str):
            message: dict[str, Any] = {"role": "assistant", "content": step}
            finish = "stop"
        else:
            name, arguments = step
            message = {"role": "assistant", "content": None, "tool_calls": [{
                "id": f"call_{self.calls}", "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments,
                                                                   ensure_ascii=False)}}]}
            finish = "tool_calls"
        return {"id": f"chatcmpl-scripted-{self.calls}", "object": "chat.completion",
                "model": body.get("model", "scripted"),
                "choices": [{"index": 0, "finish_reason": finish, "message": message}],
                "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}}
