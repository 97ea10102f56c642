"""Simulated cases: a persona talks to the target towards a goal (issue 25 item 3).

```yaml
- id: repair-by-simulator
  type: simulated
  persona: {name: 老王, background: retired teacher, patience: low}  # the seeds' shape
  goal: book an air-conditioner repair
  opening: 我家空调坏了            # optional: the first message, as written
  max_turns: 8
  stop_when: {simulator: true, phrase: 预约成功}  # either or both
  follow_ups: [我叫王伟, 电话 13800138000]        # optional
  simulator: model                 # model | script; default: script with follow_ups
```

`simulator: script` says the opening and then each follow-up, no model involved;
`simulator: model` lets the SIMULATOR model write the user's turns (follow-ups are
then facts it may give, as for the built-in driver). A case that needs a model is
refused when no SIMULATOR is configured, as JUDGE rules are without a JUDGE.
The dialog is not known in advance, so per-turn checks do not apply; the case's
rules and expectation judge the dialog (expectation: its last reply).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from agenteval.domain import limits
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.personas import check_persona
from agenteval.yaml_loader import not_a_boolean

Simulator = Literal["model", "script"]
SIMULATORS = ("model", "script")
STOP_WHEN_FIELDS = ("simulator", "phrase")
DEFAULT_MAX_TURNS = 10
MAX_TURNS_LIMIT = 50
SIMULATOR_MISSING = ("needs a SIMULATOR model: configure one with setModelConfig(role: "
                     "SIMULATOR), or give follow_ups and simulator: script")
NO_TURN_CHECKS = ("per-turn checks do not apply to a simulated case (its turns are not "
                  "known in advance): judge the dialog with the case's eval_rules, or its "
                  "last reply with expectation")


@dataclass(frozen=True)
class StopWhen:
    """When the dialog ends before max_turns: the simulator says so, or a phrase appears
    in a reply (any of `phrases`)."""

    simulator: bool = False
    phrases: tuple[str, ...] = ()


@dataclass(frozen=True)
class SimulatedSpec:
    """What a simulated case plays: who, towards what, how it starts and ends."""

    persona: dict[str, Any]
    goal: str
    simulator: Simulator
    max_turns: int = DEFAULT_MAX_TURNS
    opening: str | None = None
    stop_when: StopWhen = StopWhen()
    follow_ups: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SimulatedFieldNames:
    """How one form (document or GraphQL input) spells the simulated fields."""

    max_turns: str = "max_turns"
    stop_when: str = "stop_when"
    follow_ups: str = "follow_ups"

    def all(self) -> list[str]:
        return ["persona", "goal", "opening", self.max_turns, self.stop_when,
                self.follow_ups, "simulator"]


DOCUMENT_SIMULATED = SimulatedFieldNames()
INPUT_SIMULATED = SimulatedFieldNames("maxTurns", "stopWhen", "followUps")


def validate_simulated(raw: dict[str, Any], path: str, names: SimulatedFieldNames,
                       simulator_configured: bool, errors: FieldErrors) -> SimulatedSpec | None:
    """The SimulatedSpec of a case of type simulated; None when a field is wrong."""
    before = len(errors)
    persona = raw.get("persona")
    if persona is None:
        persona = {}
    else:
        check_persona(errors, persona, f"{path}.persona")
    goal = raw.get("goal")
    if goal is None:
        errors.add(f"{path}.goal", "is required: what the simulated user wants")
    elif not isinstance(goal, str) or not goal.strip():
        errors.add(f"{path}.goal", "must be a non-empty string")
    else:
        limits.check_text(errors, f"{path}.goal", goal)
    opening = raw.get("opening")
    if opening is not None:
        if not isinstance(opening, str) or not opening.strip():
            errors.add(f"{path}.opening", "must be a non-empty string")
        else:
            limits.check_message(errors, f"{path}.opening", opening)
    follow_ups = _follow_ups(raw.get(names.follow_ups), f"{path}.{names.follow_ups}", errors)
    max_turns = _max_turns(raw.get(names.max_turns), f"{path}.{names.max_turns}", errors)
    stop_when = _stop_when(raw.get(names.stop_when), f"{path}.{names.stop_when}", errors)
    simulator = _simulator(raw.get("simulator"), follow_ups, f"{path}.simulator", errors)
    if raw.get(names.stop_when) is None and simulator == "model":
        stop_when = StopWhen(simulator=True)  # a model user ends when it says it is done
    if simulator == "model" and not simulator_configured:
        errors.add(f"{path}.simulator", f"this simulated case {SIMULATOR_MISSING}")
    if simulator == "script":
        if not follow_ups and not opening:
            errors.add(f"{path}.{names.follow_ups}", "a scripted simulated case needs its "
                       "user's turns: give follow_ups (and optionally an opening)")
        if stop_when.simulator:
            errors.add(f"{path}.{names.stop_when}.simulator", "only a model simulator says "
                       "when it is done (simulator: model); a script ends with its last "
                       "follow-up")
    if len(errors) > before:
        return None
    assert isinstance(goal, str) and simulator is not None  # reported above otherwise
    return SimulatedSpec(persona=dict(persona), goal=goal, simulator=simulator,
                         max_turns=max_turns, opening=opening, stop_when=stop_when,
                         follow_ups=follow_ups)


def _follow_ups(value: Any, path: str, errors: FieldErrors) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        errors.add(path, "must be a list of messages")
        return []
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            errors.add(f"{path}[{index}]", "must be a non-empty string")
        else:
            limits.check_message(errors, f"{path}[{index}]", item)
    return [item for item in value if isinstance(item, str)]


def _max_turns(value: Any, path: str, errors: FieldErrors) -> int:
    if value is None:
        return DEFAULT_MAX_TURNS
    if isinstance(value, bool) or not isinstance(value, int) or not (
            1 <= value <= MAX_TURNS_LIMIT):
        errors.add(path, f"must be a whole number from 1 to {MAX_TURNS_LIMIT}")
        return DEFAULT_MAX_TURNS
    return value


def _stop_when(value: Any, path: str, errors: FieldErrors) -> StopWhen:
    if value is None:
        return StopWhen()
    if not isinstance(value, dict):
        errors.add(path, "must be an object {simulator: true, phrase: \"...\"}")
        return StopWhen()
    for unknown in (k for k in value if k not in STOP_WHEN_FIELDS):
        errors.add(f"{path}.{unknown}", "is not a stop_when field (known: "
                   + ", ".join(STOP_WHEN_FIELDS) + ")")
    simulator = value.get("simulator", False)
    if not isinstance(simulator, bool):
        errors.add(f"{path}.simulator", not_a_boolean(simulator))
        simulator = False
    phrase = value.get("phrase")
    phrases: list[str] = []
    if phrase is not None:
        listed = phrase if isinstance(phrase, list) else [phrase]
        if not listed or not all(isinstance(p, str) and p.strip() for p in listed):
            errors.add(f"{path}.phrase", "must be a non-empty string or a list of them")
        else:
            phrases = listed
    return StopWhen(simulator=simulator, phrases=tuple(phrases))


def _simulator(value: Any, follow_ups: list[str], path: str,
               errors: FieldErrors) -> Simulator | None:
    if value is None:
        return "script" if follow_ups else "model"
    if value not in SIMULATORS:
        errors.add(path, "must be one of: " + ", ".join(SIMULATORS))
        return None
    return value  # type: ignore[no-any-return]  # one of SIMULATORS


def simulated_document(spec: SimulatedSpec) -> dict[str, Any]:
    """The simulated fields in the document format (they parse back to an equal spec)."""
    document: dict[str, Any] = {"persona": spec.persona, "goal": spec.goal}
    if spec.opening is not None:
        document["opening"] = spec.opening
    document["max_turns"] = spec.max_turns
    stop_when: dict[str, Any] = {}
    if spec.stop_when.simulator:
        stop_when["simulator"] = True
    if spec.stop_when.phrases:
        phrases = spec.stop_when.phrases
        stop_when["phrase"] = phrases[0] if len(phrases) == 1 else list(phrases)
    document["stop_when"] = stop_when
    if spec.follow_ups:
        document["follow_ups"] = list(spec.follow_ups)
    document["simulator"] = spec.simulator
    return document


def simulated_from_document(document: dict[str, Any]) -> SimulatedSpec:
    """A stored (already validated) simulated case's fields as its spec."""
    stop_when = document.get("stop_when") or {}
    phrase = stop_when.get("phrase")
    phrases = () if phrase is None else tuple(phrase if isinstance(phrase, list) else [phrase])
    return SimulatedSpec(persona=dict(document.get("persona") or {}), goal=document["goal"],
                         simulator=document["simulator"], max_turns=document["max_turns"],
                         opening=document.get("opening"),
                         stop_when=StopWhen(bool(stop_when.get("simulator")), phrases),
                         follow_ups=list(document.get("follow_ups") or []))
