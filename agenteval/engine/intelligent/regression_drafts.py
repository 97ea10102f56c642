"""Loading what a regression draft is made of: the finding or session, its transcript, the
target scenario and whether a JUDGE is configured (the drafting itself is
domain/regression/regression_draft.py). Reads only: a draft is saved by the scenario mutations.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import cast

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.intelligent.evidence import MessageRecord, MessageRole
from agenteval.domain.judging.case_origin import parse_finding_id
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.domain.regression.regression_draft import (
    CaseDraft,
    chosen_evidence,
    draft_from_finding,
    draft_from_session,
)
from agenteval.engine.catalog.configured_models import judge_configured
from agenteval.engine.catalog.scenarios import get_scenario
from agenteval.engine.intelligent.evals import get_eval, get_session
from agenteval.errors import NotFound, ValidationFailed
from agenteval.store.evals.report_reads import transcript


@dataclass(frozen=True)
class RegressionDraft:
    """A drafted case and the scenario it is meant for (an existing one, or a new name)."""

    draft: CaseDraft
    scenario_id: uuid.UUID | None
    scenario_name: str


@dataclass(frozen=True)
class _Target:
    scenario_id: uuid.UUID | None
    scenario_name: str
    taken_keys: list[str]


def _check_choice(scenario_id: uuid.UUID | None, new_name: str | None) -> None:
    """Exactly one of an existing scenario or a new name; checked before anything is read."""
    if (scenario_id is None) == (new_name is None):
        raise ValidationFailed.one("scenarioId", "give exactly one of scenarioId and "
                                                 "newScenarioName")


async def _target(scenario_id: uuid.UUID | None, new_name: str | None) -> _Target:
    """The scenario the case goes into: an existing one, or the name of a new one."""
    if scenario_id is None:
        assert new_name is not None
        errors = FieldErrors()
        check_text(errors, "newScenarioName", new_name, max_length=MAX_NAME, required=True)
        errors.raise_if_any()
        return _Target(None, new_name.strip(), [])
    scenario = await get_scenario(scenario_id)
    return _Target(scenario.id, scenario.name, [str(case["id"]) for case in scenario.cases])


async def _transcript(session_id: uuid.UUID) -> list[MessageRecord]:
    return [MessageRecord(m.index, m.turn_index, cast(MessageRole, m.role), m.content, m.error)
            for m in await transcript(session_id)]


async def draft_case_from_finding(finding_id: str, scenario_id: uuid.UUID | None,
                                  new_name: str | None) -> RegressionDraft:
    """The draft for finding `finding_id` (`<eval id>:<index>`, Finding.id)."""
    _check_choice(scenario_id, new_name)
    parsed = parse_finding_id(finding_id)
    eval_uuid = _uuid(parsed[0]) if parsed else None
    if parsed is None or eval_uuid is None:
        raise ValidationFailed.one("findingId", "is not a finding id (Finding.id: "
                                                "<eval id>:<index>)")
    index = parsed[1]
    row = await get_eval(eval_uuid)
    findings = (row.report or {}).get("findings") or []
    if index >= len(findings):
        raise NotFound(f"finding {finding_id} does not exist: eval {row.id} has "
                       f"{len(findings)} finding(s)")
    target = await _target(scenario_id, new_name)
    finding = findings[index]
    evidence = chosen_evidence(finding)
    assert evidence is not None, "a stored report's findings have evidence"
    messages = await _transcript(uuid.UUID(str(evidence["sessionId"])))
    draft = draft_from_finding(str(row.id), index, finding, messages,
                               await judge_configured(), target.taken_keys)
    return RegressionDraft(draft, target.scenario_id, target.scenario_name)


async def draft_case_from_session(session_id: uuid.UUID, up_to_turn: int | None,
                                  scenario_id: uuid.UUID | None,
                                  new_name: str | None) -> RegressionDraft:
    """The draft for a session's user turns up to `up_to_turn` (default: its last turn)."""
    _check_choice(scenario_id, new_name)
    session = await get_session(session_id)
    messages = await _transcript(session.id)
    turns = len({m.turn_index for m in messages if m.role == "USER"})
    if turns == 0:
        raise ValidationFailed.one("sessionId", "the session has no turns yet")
    last = turns - 1 if up_to_turn is None else up_to_turn
    if not 0 <= last < turns:
        raise ValidationFailed.one("upToTurn", f"must be a 0-based turn of the session "
                                               f"(0..{turns - 1})")
    target = await _target(scenario_id, new_name)
    draft = draft_from_session(
        str(session.eval_id), {"id": str(session.id), "goal": session.goal,
                               "dimension": session.dimension, "verdict": session.verdict},
        messages, last, await judge_configured(), target.taken_keys)
    return RegressionDraft(draft, target.scenario_id, target.scenario_name)


def _uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None
