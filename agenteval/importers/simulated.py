"""Simulated cases and seeds, the two forms a goal-and-persona test takes here.

The simulated case is written in issue 25 item 3's shape: `type: simulated` with
`persona` (the seeds' persona shape: name, background, personality, patience),
`goal`, `opening` (optional), `max_turns` and `stop_when`; its `eval_rules` judge the
whole dialog. `stop_when: {simulator: true}` means: when the simulated user says the
goal is reached or given up.
"""

from __future__ import annotations

from typing import Any

from agenteval.importers.mapping import ImportResult

# The scenario validation's limit (domain/static/simulated_cases.MAX_TURNS_LIMIT).
MAX_TURNS_LIMIT = 50


def outcome_rule(criteria: str) -> dict[str, Any]:
    """A judged criterion over the whole dialog (a JUDGE rule reads what params.scope says)."""
    return {"type": "llm_score", "params": {"criteria": criteria, "scope": "full_dialog"}}


def simulated_case(case_id: str, persona: dict[str, Any], goal: str, opening: str | None,
                   max_turns: int, rules: list[dict[str, Any]],
                   tags: list[str]) -> dict[str, Any]:
    case: dict[str, Any] = {"id": case_id, "type": "simulated"}
    if any(persona.values()):
        case["persona"] = {k: v for k, v in persona.items() if v}
    case |= {"goal": goal, "max_turns": max_turns, "stop_when": {"simulator": True}}
    if opening:
        case["opening"] = opening
    case["eval_rules"] = rules
    case["tags"] = tags
    return case


def add(result: ImportResult, as_seeds: bool, case_id: str, persona: dict[str, Any],
        goal: str, dimension: str, opening: str | None, max_turns: int,
        rules: list[dict[str, Any]], tags: list[str]) -> None:
    """Add the test as a simulated case or as seeds (a persona and a goal)."""
    if as_seeds:
        result.personas.append({k: v for k, v in {"name": persona.get("name") or case_id,
                                                    **persona}.items() if v})
        seed_goal: dict[str, Any] = {"goal": goal, "dimension": dimension}
        if opening:
            seed_goal["script"] = {"opening": opening}
        result.goals.append(seed_goal)
        if rules:
            result.dropped(case_id, "criteria", f"{len(rules)} success criteria: seeds carry "
                           "none (the intelligent eval's analyst judges the sessions)")
        return
    if not rules:
        result.flagged(case_id, "no checkable criterion (no expected outcome or assertion)")
        return
    result.cases.append(simulated_case(case_id, persona, goal, opening, max_turns, rules,
                                       tags))
