"""τ²-bench task files (`tasks.json`) → simulated cases, or seeds with `as_seeds`.

A task's `user_scenario.instructions` say who the user is and what they want;
`evaluation_criteria` say how τ² rewards the agent: `actions` (tool calls replayed
on τ²'s database, the end state compared), `communicate_info` (texts the agent must
tell the user) and `nl_assertions` (judged statements). The database end state is
not mappable: AgentEval talks to the target and sees its replies, not its database.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agenteval.importers import simulated
from agenteval.importers.mapping import ImportFailed, ImportResult, unique_id
from agenteval.importers.text_files import read_text

# τ² lets a conversation run to 100+ steps; a case here is bounded tighter.
MAX_TURNS = 20


def _tasks(path: Path) -> list[Any]:
    try:
        data = json.loads(read_text(path))
    except ValueError as exc:
        raise ImportFailed(f"{path}: cannot read it as JSON: {exc}") from None
    if not isinstance(data, list):
        raise ImportFailed(f"{path}: not a list of τ² tasks")
    return data


def _criteria(task: dict[str, Any], result: ImportResult, case: str) -> list[dict[str, Any]]:
    criteria = task.get("evaluation_criteria") or {}
    rules = []
    for info in criteria.get("communicate_info") or []:
        rules.append(simulated.outcome_rule(f"The agent tells the user: {info}"))
        result.mapped(case, "communicate_info", f"llm_score over the dialog: tells {info!r:.40}")
    for assertion in criteria.get("nl_assertions") or []:
        rules.append(simulated.outcome_rule(str(assertion)))
        result.mapped(case, "nl_assertions", "llm_score over the whole dialog")
    actions = criteria.get("actions") or []
    if actions:
        names = sorted({str(a.get("name")) for a in actions if isinstance(a, dict)})
        result.dropped(case, f"actions ({len(actions)})", "database end-state reward: τ² "
                       f"replays {', '.join(names)} on its own database; not mappable "
                       "(AgentEval sees the target's replies, not its database)")
    env_assertions = criteria.get("env_assertions") or []
    if env_assertions:
        names = sorted({str(a.get("func_name")) for a in env_assertions if isinstance(a, dict)})
        result.dropped(case, f"env_assertions ({len(env_assertions)})", "environment-state "
                       f"reward: τ² checks {', '.join(names)} on its simulated user's device "
                       "and its database after the conversation; not mappable (AgentEval "
                       "sees the target's replies, not that state)")
    for key in criteria:
        if key not in CRITERIA_KEYS and criteria[key]:
            result.dropped(case, f"evaluation_criteria.{key}", "a τ² reward criterion with "
                           "no AgentEval equivalent")
    if task.get("initial_state"):
        result.dropped(case, "initial_state", "τ²'s database set-up; not mappable")
    return rules


KNOWN_KEYS = ("id", "description", "user_scenario", "initial_state", "evaluation_criteria")
CRITERIA_KEYS = ("actions", "env_assertions", "communicate_info", "nl_assertions",
                 "reward_basis")


def _instructions(task: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The structured instructions (or none) and the goal: `reason_for_call`, or the
    whole instructions when a task gives them as one text."""
    raw = (task.get("user_scenario") or {}).get("instructions")
    if isinstance(raw, str):
        return {}, raw or None
    if isinstance(raw, dict) and isinstance(raw.get("reason_for_call"), str):
        return raw, raw["reason_for_call"]
    return {}, None


def _task(task: dict[str, Any], path: Path, index: int, as_seeds: bool, result: ImportResult,
          taken: set[str]) -> None:
    instructions, goal = _instructions(task)
    domain = str(instructions.get("domain") or path.parent.name)
    case = unique_id(f"tau2-{domain}-{task.get('id', index)}", taken)
    if goal is None:
        result.dropped(case, "user_scenario", "no instructions: nothing to simulate")
        return
    result.mapped(case, "instructions" if not instructions else "reason_for_call", "the goal")
    # τ²'s persona (a sentence, when given) and what the user knows or forgot.
    background = " ".join(str(part) for part in (
        (task.get("user_scenario") or {}).get("persona"),
        instructions.get("known_info"), instructions.get("unknown_info")) if part)
    persona = {"background": background, "personality": instructions.get("task_instructions")}
    if instructions:
        result.mapped(case, "known_info/unknown_info/task_instructions",
                      "persona.background and persona.personality")
    rules = _criteria(task, result, case)
    basis = (task.get("evaluation_criteria") or {}).get("reward_basis")
    if basis:
        result.dropped(case, "reward_basis", f"{'+'.join(map(str, basis))}: τ²'s own reward "
                       "formula; AgentEval's verdict comes from the rules above")
    for key in task:
        if key not in KNOWN_KEYS and task[key]:
            result.dropped(case, key, "τ² environment data (user tools, documents, "
                           "annotations); not mappable")
    simulated.add(result, as_seeds, case, persona, goal, domain, None, MAX_TURNS, rules,
                  ["tau2", domain])


def import_tau2(paths: list[Path], as_seeds: bool = False) -> ImportResult:
    result, taken = ImportResult("tau2"), set[str]()
    for path in paths:
        for index, task in enumerate(_tasks(path)):
            if isinstance(task, dict):
                _task(task, path, index, as_seeds, result, taken)
            else:
                result.dropped(f"{path.stem}-{index + 1}", "task", "not a task object")
    return result
