"""`agenteval openclaw install` and `agenteval openclaw doctor`: set up and check OpenClaw.

`install` writes into an OpenClaw state folder (default ~/.openclaw): the three skill
folders under `skills/`, and in `openclaw.json` the three agents (one per role, each
with its skill), the hooks (enabled, a token, the agents allowed) and the skills'
required AGENTEVAL_API_URL / AGENTEVAL_API_KEY, merged into what is there: existing
keys are kept, lists are extended. `doctor` checks a running gateway end to end.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from agenteval.drivers.openclaw import SKILLS

AGENTS = {"planner": "agenteval-planner", "evaluator": "agenteval-evaluator",
          "analyst": "agenteval-analyst"}
DEFAULT_STATE_DIR = Path("~/.openclaw")
DEFAULT_GATEWAY_PORT = 18789
SOURCE_SKILLS = Path(__file__).resolve().parents[2] / "skills"


class SetupError(Exception):
    """Install cannot go on (an unreadable config, missing skills)."""


@dataclass(frozen=True)
class Installed:
    config_path: Path
    hooks_token: str
    gateway_url: str
    api_url: str


def config_path(state_dir: Path) -> Path:
    return state_dir.expanduser() / "openclaw.json"


def read_config(path: Path) -> dict[str, Any]:
    """The existing config ({} when there is none); refuses what it cannot rewrite safely."""
    if not path.exists():
        return {}
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise SetupError(f"{path} is not plain JSON ({error}); OpenClaw accepts JSON5 but "
                         "this command only rewrites JSON: convert it or merge by hand") from None
    if not isinstance(config, dict):
        raise SetupError(f"{path} does not hold a JSON object")
    return config


def _section(parent: dict[str, Any], key: str) -> dict[str, Any]:
    value = parent.setdefault(key, {})
    if not isinstance(value, dict):
        raise SetupError(f"openclaw.json: {key!r} is not an object")
    return value


def merge_config(config: dict[str, Any], state_dir: Path, api_url: str, api_key: str,
                 hooks_token: str | None = None) -> dict[str, Any]:
    """`config` with AgentEval's agents, hooks and skill settings added; nothing removed."""
    hooks = _section(config, "hooks")
    hooks["enabled"] = True
    hooks.setdefault("token", hooks_token or secrets.token_urlsafe(32))
    if "allowedAgentIds" in hooks:  # absent means every agent is allowed already
        hooks["allowedAgentIds"] = _extended(hooks["allowedAgentIds"], AGENTS.values())

    agents = _section(config, "agents")
    entries = _section(agents, "entries")
    existing = [agent for agent in entries if agent not in AGENTS.values()]
    for role, agent_id in AGENTS.items():
        entry = entries.setdefault(agent_id, {})
        entry.setdefault("workspace", str(state_dir / f"workspace-{agent_id}"))
        entry["skills"] = _extended(entry.get("skills", []), [SKILLS[role]])
    if "ownership" not in agents and not any(
            isinstance(entries[agent], dict) and entries[agent].get("default")
            for agent in entries):
        # OpenClaw refuses a multi-agent roster without an owner: keep the user's own
        # agent as the default one, or declare the roster explicit when there is none.
        if existing:
            entries[existing[0]]["default"] = True
        else:
            agents["ownership"] = "explicit"

    skill_entries = _section(_section(config, "skills"), "entries")
    for skill in SKILLS.values():
        env = _section(_section(skill_entries, skill), "env")
        env.update(AGENTEVAL_API_URL=api_url, AGENTEVAL_API_KEY=api_key)
    return config


def _extended(values: Any, more: Any) -> list[Any]:
    merged = list(values) if isinstance(values, list) else []
    return merged + [value for value in more if value not in merged]


def copy_skills(state_dir: Path, source: Path = SOURCE_SKILLS) -> list[Path]:
    """Copy the three skill folders into `<state_dir>/skills` (replacing older copies)."""
    copied = []
    for skill in SKILLS.values():
        origin = source / skill
        if not (origin / "SKILL.md").is_file():
            raise SetupError(f"no skill at {origin}: run this from an AgentEval checkout")
        target = state_dir / "skills" / skill
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(origin, target, ignore=shutil.ignore_patterns("__pycache__"))
        copied.append(target)
    return copied


def gateway_url(config: dict[str, Any]) -> str:
    port = (config.get("gateway") or {}).get("port") or DEFAULT_GATEWAY_PORT
    return f"http://127.0.0.1:{port}"


def install(state_dir: Path, api_url: str, api_key: str) -> Installed:
    """Copy the skills and merge AgentEval's settings into `<state_dir>/openclaw.json`."""
    state_dir = state_dir.expanduser()
    path = config_path(state_dir)
    config = merge_config(read_config(path), state_dir, api_url, api_key)
    copy_skills(state_dir)
    state_dir.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".json.agenteval-tmp")
    temporary.write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n",
                         encoding="utf-8")
    temporary.replace(path)  # OpenClaw watches the file: never let it read half of it
    return Installed(path, config["hooks"]["token"], gateway_url(config), api_url)


def server_settings(installed: Installed) -> dict[str, str]:
    """What to set on the AgentEval server so it wakes these agents."""
    return {"AGENTEVAL_DRIVER": "openclaw",
            "AGENTEVAL_OPENCLAW_URL": installed.gateway_url,
            "AGENTEVAL_OPENCLAW_HOOKS_TOKEN": installed.hooks_token,
            "AGENTEVAL_PUBLIC_URL": installed.api_url}


# ------------------------------------------------------------------ doctor


@dataclass
class Report:
    """Doctor's findings: what works and what is wrong, each in one sentence."""

    ok: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def doctor(state_dir: Path, openclaw_bin: str = "openclaw") -> Report:
    """Check the skills (as the gateway's CLI sees them), the hooks and the API URL."""
    report = Report()
    state_dir = state_dir.expanduser()
    config = read_config(config_path(state_dir))
    if not config:
        report.problems.append(f"no {config_path(state_dir)}: run `agenteval openclaw install`")
        return report
    _check_skills(report, state_dir, openclaw_bin)
    _check_hooks(report, config)
    _check_api(report, config)
    return report


def _check_skills(report: Report, state_dir: Path, openclaw_bin: str) -> None:
    env = dict(os.environ, OPENCLAW_STATE_DIR=str(state_dir),
               OPENCLAW_CONFIG_PATH=str(config_path(state_dir)))
    # One `skills list` per agent, run side by side: each CLI start takes seconds.
    with ThreadPoolExecutor(len(AGENTS)) as pool:
        listings = dict(zip(AGENTS, pool.map(
            lambda agent: _list_skills(openclaw_bin, agent, env), AGENTS.values()),
            strict=True))
    for role, agent in AGENTS.items():
        skill, listed = SKILLS[role], listings[role]
        if isinstance(listed, Exception):
            report.problems.append(f"cannot run `{openclaw_bin} skills list`: {listed}")
            continue
        found = _skill_entry(listed.stdout, skill)
        if found is None:
            detail = (listed.stdout + listed.stderr).strip().splitlines()
            report.problems.append(f"agent {agent}: skill {skill} not found "
                                   f"({detail[0][:200] if detail else 'no output'})")
        elif found.get("eligible") and found.get("modelVisible", True):
            report.ok.append(f"agent {agent}: skill {skill} is eligible")
        else:
            missing = {k: v for k, v in (found.get("missing") or {}).items() if v}
            report.problems.append(f"agent {agent}: skill {skill} is hidden "
                                   f"(missing: {missing or 'not allowed for this agent'})")


def _list_skills(openclaw_bin: str, agent: str, env: dict[str, str]
                 ) -> subprocess.CompletedProcess[str] | Exception:
    try:
        return subprocess.run([openclaw_bin, "skills", "list", "--agent", agent, "--json"],
                              capture_output=True, text=True, env=env, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        return error


def _skill_entry(output: str, skill: str) -> dict[str, Any] | None:
    start = output.find("{")
    try:
        listed = json.loads(output[start:]) if start >= 0 else {}
    except ValueError:
        return None
    return next((entry for entry in listed.get("skills", []) if entry.get("name") == skill),
                None)


def _check_hooks(report: Report, config: dict[str, Any]) -> None:
    hooks = config.get("hooks") or {}
    url = f"{gateway_url(config)}{hooks.get('path', '/hooks')}/agent"
    if not hooks.get("enabled") or not hooks.get("token"):
        report.problems.append("hooks are not enabled with a token in openclaw.json")
        return
    try:
        # An empty body starts no run: the gateway answers 400 once the token is accepted.
        answer = httpx.post(url, json={}, timeout=10,
                            headers={"Authorization": f"Bearer {hooks['token']}"})
    except httpx.HTTPError as error:
        report.problems.append(f"the gateway's hooks at {url} are unreachable ({error}): "
                               "is `openclaw gateway` running?")
        return
    if answer.status_code in (401, 403):
        report.problems.append(f"the gateway at {url} refused the hooks token "
                               f"(HTTP {answer.status_code}): restart the gateway after install")
    elif answer.status_code == 404:
        report.problems.append(f"no hooks endpoint at {url} (HTTP 404): hooks are off in the "
                               "running gateway; restart it")
    else:
        report.ok.append(f"the gateway's hooks at {url} accept the token")


def _check_api(report: Report, config: dict[str, Any]) -> None:
    entry = (((config.get("skills") or {}).get("entries") or {})
             .get(SKILLS["planner"]) or {}).get("env") or {}
    url, key = entry.get("AGENTEVAL_API_URL"), entry.get("AGENTEVAL_API_KEY")
    if not url or not key:
        report.problems.append("the skills have no AGENTEVAL_API_URL / AGENTEVAL_API_KEY")
        return
    try:
        answer = httpx.post(url, json={"query": "{ me { role } }"}, timeout=10,
                            headers={"X-API-Key": key}).json()
    except (httpx.HTTPError, ValueError) as error:
        report.problems.append(f"AgentEval's API at {url} does not answer GraphQL ({error})")
        return
    role = ((answer.get("data") or {}).get("me") or {}).get("role")
    if role == "AGENT":
        report.ok.append(f"AgentEval's API at {url} accepts the skills' AGENT key")
    else:
        errors = answer.get("errors") or [{}]
        report.problems.append(f"AgentEval's API at {url} refused the skills' key: "
                               f"{role or errors[0].get('message', 'no answer')}")
