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

# τ² lets a conversation run to 100+ steps; a case here is bounded tighter.
MAX_TURNS = 20


def _tasks(path: Path) -> list[Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
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
    if task.get("initial_state"):
        result.dropped(case, "initial_state", "τ²'s database set-up; not mappable")
    return rules


def import_tau2(paths: list[Path], as_seeds: bool = False) -> ImportResult:
    result, taken = ImportResult("tau2"), set[str]()
    for path in paths:
        for index, task in enumerate(_tasks(path)):
            if not isinstance(task, dict):
                result.dropped(f"{path.stem}-{index + 1}", "task", "not a task object")
                continue
            domain = ((task.get("user_scenario") or {}).get("instructions") or {}).get(
                "domain") or path.parent.name
            case = unique_id(f"tau2-{domain}-{task.get('id', index)}", taken)
            instructions = (task.get("user_scenario") or {}).get("instructions") or {}
            goal = instructions.get("reason_for_call")
            if not isinstance(instructions, dict) or not isinstance(goal, str):
                result.dropped(case, "user_scenario", "no reason_for_call: nothing to simulate")
                continue
            result.mapped(case, "reason_for_call", "the goal")
            known = " ".join(str(instructions[k]) for k in ("known_info", "unknown_info")
                             if instructions.get(k))
            persona = {"background": known,
                       "personality": instructions.get("task_instructions"),
                       **({"name": None} if not task.get("user_scenario", {}).get("persona")
                          else {"background": f"{task['user_scenario']['persona']} {known}"})}
            result.mapped(case, "known_info/unknown_info/task_instructions",
                          "persona.background and persona.personality")
            rules = _criteria(task, result, case)
            simulated.add(result, as_seeds, case, persona, goal, domain, None, MAX_TURNS,
                          rules, ["tau2", domain])
    return result
