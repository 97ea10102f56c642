"""Intelligent evals as the API reads and creates them: lookups, input checks, read models.

State changes go through the actors (`IntelligentEngine.ask_eval/ask_session`);
this module only creates the DRAFT row and prepares validated inputs.
"""

from __future__ import annotations

import uuid
from typing import Any, cast

from agenteval.domain.eval_language import SEEDS_KEY
from agenteval.domain.intelligent.eval_records import EvalRecord
from agenteval.domain.intelligent.evidence import (
    MessageRecord,
    MessageRole,
    unverified_evidence,
    verify_evidence,
)
from agenteval.domain.intelligent.report_validation import SessionInfo, validate_report
from agenteval.domain.intelligent.seeds_validation import check_language, validate_seeds
from agenteval.domain.limits import MAX_NAME, MAX_TEXT, check_text
from agenteval.engine.catalog.targets import can_talk, get_target
from agenteval.engine.intelligent import commands as cmd
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.errors import FieldError, NotFound, ValidationFailed
from agenteval.store.evals import report_reads
from agenteval.store.evals.drafts import create_draft
from agenteval.store.evals.eval_reads import EvalSession, IntelligentEval, find_eval, find_session

MAX_TIME_WINDOW_HOURS = 24 * 366


async def get_eval(eval_id: uuid.UUID) -> IntelligentEval:
    row = await find_eval(eval_id)
    if row is None:
        raise NotFound(f"intelligent eval {eval_id} does not exist")
    return row


async def get_session(session_id: uuid.UUID) -> EvalSession:
    row = await find_session(session_id)
    if row is None:
        raise NotFound(f"session {session_id} does not exist")
    return row


async def create_eval(engine: IntelligentEngine, fields: dict[str, Any],
                      target_id: uuid.UUID) -> EvalRecord:
    """Validate, store as DRAFT, then let the eval's actor move it to PLANNING."""
    errors: list[dict[str, str]] = []
    check_text(errors, "input.name", fields["name"], max_length=MAX_NAME, required=True)
    for key in ("goal", "intent", "roleDescription"):
        check_text(errors, f"input.{key}", fields[key], max_length=MAX_TEXT, required=True)
    hours = fields["timeWindowHours"]
    if not 1 <= hours <= MAX_TIME_WINDOW_HOURS:
        errors.append(FieldError("input.timeWindowHours",
                                 f"must be between 1 and {MAX_TIME_WINDOW_HOURS}"))
    seeds = None
    try:
        seeds = validate_seeds(fields["seeds"], "input.seeds")
    except ValidationFailed as exc:
        errors += exc.errors
    language = fields.get("language")
    check_language(errors, language, "input.language")
    if errors:
        raise ValidationFailed(errors)
    if language is not None and seeds is not None:
        seeds[SEEDS_KEY] = language  # stated on the input: it wins over the seeds' own
    target = await get_target(target_id)
    if not can_talk(target):
        raise ValidationFailed([FieldError(
            "input.targetId", f"target '{target.name}' cannot talk: its channel "
            f"'{target.channel_type}' only judges logged conversations; pick a target that "
            "answers messages")])
    row = await create_draft(
        target, name=fields["name"].strip(), goal=fields["goal"],
        seeds=seeds, intent=fields["intent"], role_description=fields["roleDescription"],
        time_window_hours=hours)
    planning: EvalRecord = await engine.ask_eval(row.id, cmd.StartPlanning())
    return planning


async def prepare_report(row: IntelligentEval, report: dict[str, Any],
                         evidence_policy: str = "flag") -> dict[str, Any]:
    """The validated report with every evidence checked against the transcripts.

    With the `flag` policy unverifiable evidence is kept with `verified: false`;
    with `reject` it is refused (VALIDATION_FAILED naming each item).
    """
    cited = {evidence.get("sessionId") for finding in report.get("findings") or []
             for evidence in finding.get("evidence") or []}
    ids = [value for value in (_uuid(c) for c in cited) if value is not None]
    sessions = await report_reads.sessions_by_ids(ids)
    infos = {str(s.id): SessionInfo(id=str(s.id), eval_id=str(s.eval_id),
                                    turn_count=s.turn_count) for s in sessions}
    validated = validate_report(report, infos, str(row.id), "report")
    own = [s.id for s in sessions if s.eval_id == row.id]
    transcripts: dict[str, list[MessageRecord]] = {str(i): [] for i in own}
    for message in await report_reads.transcripts(own):
        role = cast(MessageRole, message.role)  # stored messages are only USER or ASSISTANT
        transcripts[str(message.session_id)].append(MessageRecord(
            message.index, message.turn_index, role, message.content, message.error))
    checked = verify_evidence(validated, transcripts)
    if evidence_policy == "reject":
        problems = unverified_evidence(checked)
        if problems:
            raise ValidationFailed(problems)
    return checked


def _uuid(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None
