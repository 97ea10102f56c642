"""The scripted planner: seeds → a deterministic plan, revised by the user's feedback (pure).

One virtual user per (persona, goal) pairing: personas are paired with goals
round-robin, so there are max(#personas, #goals) virtual users, each playing
one session; feedback adds or removes pairings. Sessions are spread over the
time window in up to four slots of at most two hours. Each feedback of a rejected revision is
applied in order, so a re-plan is reproducible from the eval alone. What the plan says
for people (its criteria, a default persona or goal) is in the eval's language.
"""

from __future__ import annotations

import math
import re
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.drivers.builtin.texts import language_of, say

DEFAULT_PERSONAS: dict[Language, dict[str, str]] = {
    "en": {"name": "visitor", "background": "an ordinary customer", "personality": "polite",
           "patience": "medium"},
    "zh": {"name": "访客", "background": "一位普通顾客", "personality": "礼貌",
           "patience": "medium"},
}
DEFAULT_TURNS = 6  # for a goal without a script
TURN_SLACK = 2  # extra turns per session for follow-up questions
MAX_SLOTS = 4
MAX_SESSIONS = 200
_MORE = ("more session", "more conversation", "more coverage", "more test", "更多", "增加",
         "多一些", "多测", "不够")
_FEWER = ("fewer", "less session", "too many", "减少", "少一些", "太多")
_COUNT = re.compile(r"(\d+)\s*(?:sessions?|conversations?|个会话|次会话|场会话|个对话|场对话|次对话)",
                    re.IGNORECASE)


def revised_plan(eval_: dict[str, Any], feedbacks: list[str]) -> dict[str, Any]:
    """The plan for an eval ({goal, seeds, timeWindowHours}) as a PlanInput: the seeds' pairings,
    with every feedback applied in order (more/fewer/N sessions, a focus)."""
    language = language_of(eval_)
    personas, goals = _seed_parts(eval_, language)
    pairings = [_pairing(k, len(personas), len(goals))
                for k in range(max(len(personas), len(goals)))]
    for feedback in feedbacks:
        pairings = _apply_feedback(feedback, pairings, personas, goals)
    users = [{"persona": _persona(personas[p]), "goal": goals[g]["goal"],
              "dimension": _dimension(goals[g])} for p, g in pairings]
    dimensions = list(dict.fromkeys(user["dimension"] for user in users))
    turns = [_script_turns(goals[g]) for _, g in pairings]
    criteria = say("plan.criteria", language)
    if feedbacks:
        quoted = say("plan.feedback_separator", language).join(
            f"«{text.strip()}»" for text in feedbacks)
        criteria += say("plan.revised", language, quoted=quoted)
    return {
        "dimensions": dimensions,
        "virtualUsers": users,
        "timeDistribution": time_distribution(
            [user["goal"] for user in users], int(eval_.get("timeWindowHours") or 24)),
        "estimatedSessions": len(users),
        "budget": {"maxTurnsPerSession": max(turns) + TURN_SLACK,
                   "totalMaxTurns": sum(turns) + TURN_SLACK * len(turns)},
        "completionCriteria": criteria,
    }


def _seed_parts(eval_: dict[str, Any], language: Language
                ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    seeds = eval_.get("seeds") or {}
    personas = [p for p in seeds.get("personas") or [] if isinstance(p, dict)]
    goals = [g for g in seeds.get("goals") or [] if isinstance(g, dict) and g.get("goal")]
    return (personas or [DEFAULT_PERSONAS[language]],
            goals or [{"goal": eval_.get("goal") or say("plan.default_goal", language),
                       "dimension": say("dimension.general", language)}])


def _pairing(k: int, personas: int, goals: int) -> tuple[int, int]:
    """The k-th (persona, goal) pairing: round-robin, the persona shifted on each new round."""
    return (k + k // max(personas, goals)) % personas, k % goals


def _apply_feedback(feedback: str, pairings: list[tuple[int, int]],
                    personas: list[dict[str, Any]], goals: list[dict[str, Any]]
                    ) -> list[tuple[int, int]]:
    text = feedback.lower()
    wanted = _COUNT.search(text)
    focused = [g for g, goal in enumerate(goals) if _dimension(goal).lower() in text]
    if wanted:
        return _extended(max(1, min(int(wanted.group(1)), MAX_SESSIONS)), personas, goals)
    if any(word in text for word in _FEWER):
        firsts: dict[str, tuple[int, int]] = {}
        for p, g in pairings:
            firsts.setdefault(_dimension(goals[g]), (p, g))
        return list(firsts.values())
    if focused:
        extra = [_next_persona_for(g, pairings, len(personas)) for g in focused]
        return pairings + extra
    if any(word in text for word in _MORE):
        return _extended(min(len(pairings) * 2, MAX_SESSIONS), personas, goals)
    return pairings


def _extended(count: int, personas: list[dict[str, Any]], goals: list[dict[str, Any]]
              ) -> list[tuple[int, int]]:
    return [_pairing(k, len(personas), len(goals)) for k in range(count)]


def _next_persona_for(goal: int, pairings: list[tuple[int, int]], personas: int
                      ) -> tuple[int, int]:
    used = [p for p, g in pairings if g == goal]
    return ((used[-1] + 1) % personas if used else 0), goal


def time_distribution(session_goals: list[str], window_hours: int) -> list[dict[str, Any]]:
    """The sessions (one per goal given, in run order) spread over up to four slots of ≤ 2 h."""
    sessions, window = len(session_goals), max(1, window_hours)
    slot_count = max(1, min(sessions, MAX_SLOTS, window))
    width = max(1, min(2, window // slot_count))
    slots, given = [], 0
    for index in range(slot_count):
        start = math.floor(index * window / slot_count)
        count = sessions // slot_count + (index < sessions % slot_count)
        goals = list(dict.fromkeys(session_goals[given:given + count]))
        given += count
        slots.append({"timeSlot": f"{start}-{min(start + width, window)}h", "sessions": count,
                      "scenario": "; ".join(goals)[:300] or None})
    return slots


def _persona(persona: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in persona.items() if value is not None}


def _dimension(goal: dict[str, Any]) -> str:
    return str(goal.get("dimension") or goal.get("goal") or "general")[:200]


def _script_turns(goal: dict[str, Any]) -> int:
    script = goal.get("script") or {}
    if not script.get("opening"):
        return DEFAULT_TURNS
    return 1 + len(script.get("follow_ups") or [])
