"""Mutations of intelligent evaluation: the user's side (OPERATOR) and the agent's (AGENT).

Each checks the role, validates its input and asks the eval's or the session's
actor to make the change.
"""

from __future__ import annotations

from typing import Any, cast

import strawberry
from strawberry import UNSET

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.inputs.intelligent import (
    CreateIntelligentEvalInput,
    CreateSessionInput,
    PlanInput,
    ReportInput,
    VerdictInput,
    as_json,
)
from agenteval.api.permissions import IsAgent, IsOperator
from agenteval.api.types.intelligent.intelligent_eval import IntelligentEval
from agenteval.api.types.intelligent.intelligent_session import Message, MessageExchange, Session
from agenteval.api.unset import value
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.intelligent.plan_validation import validate_plan
from agenteval.domain.limits import MAX_NAME, MAX_TEXT, check_message, check_text
from agenteval.domain.personas import check_persona
from agenteval.engine.intelligent import commands as cmd
from agenteval.engine.intelligent import evals
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.errors import ValidationFailed


def _engine(info: ResolverInfo) -> IntelligentEngine:
    return info.context.services.intelligent


async def _ask_eval(info: ResolverInfo, eval_id: strawberry.ID,
                    command: cmd.EvalCommand) -> IntelligentEval:
    """Hand `command` to the eval's actor (which answers NOT_FOUND for an unknown eval);
    the eval it answers."""
    return IntelligentEval.from_record(
        await _engine(info).ask_eval(parse_id(eval_id, "evalId"), command))


async def _actor(info: ResolverInfo) -> cmd.Requester:
    """The calling key, as event details name it."""
    key = await info.context.require_key()
    return {"name": key.name, "keyId": str(key.id)}


def _check_idempotency_key(errors: list[dict[str, str]], path: str, key: str | None) -> None:
    """The same rule for createSession and sendMessage: absent, or a non-blank key.

    A blank key is refused rather than treated as absent: it is a client's bug (an
    unset variable), and storing it made a second sendMessage call the target again
    and then fail on the UNIQUE index."""
    if key is not None and not key.strip():
        errors.append({"path": path, "message": "must not be blank: omit it or send a "
                                                "non-empty key"})
        return
    check_text(errors, path, key, max_length=MAX_NAME)  # a key: the stored column's 200


def _raise_if(errors: list[dict[str, str]]) -> None:
    if errors:
        raise ValidationFailed(errors)


@strawberry.type
class IntelligentMutations:
    # ------------------------------------------------------------ user side
    @strawberry.mutation(permission_classes=[IsOperator])
    async def create_intelligent_eval(self, info: ResolverInfo,
                                      input: CreateIntelligentEvalInput) -> IntelligentEval:
        row = await evals.create_eval(_engine(info), as_json(input),
                                      parse_id(input.target_id, "input.targetId"))
        return IntelligentEval.from_record(row)

    @strawberry.mutation(permission_classes=[IsOperator])
    async def approve_plan(self, info: ResolverInfo, eval_id: strawberry.ID) -> IntelligentEval:
        return await _ask_eval(info, eval_id, cmd.ApprovePlan(await _actor(info)))

    @strawberry.mutation(permission_classes=[IsOperator])
    async def reject_plan(self, info: ResolverInfo, eval_id: strawberry.ID,
                          feedback: str) -> IntelligentEval:
        errors: list[dict[str, str]] = []
        check_text(errors, "feedback", feedback, required=True)
        _raise_if(errors)
        return await _ask_eval(info, eval_id, cmd.RejectPlan(feedback, await _actor(info)))

    @strawberry.mutation(permission_classes=[IsOperator])
    async def cancel_intelligent_eval(self, info: ResolverInfo, eval_id: strawberry.ID,
                                      reason: str | None = UNSET) -> IntelligentEval:
        reason = value(reason)
        errors: list[dict[str, str]] = []
        check_text(errors, "reason", reason)
        _raise_if(errors)
        return await _ask_eval(info, eval_id, cmd.CancelEval(reason, await _actor(info)))

    # ------------------------------------------------------------ agent side
    @strawberry.mutation(permission_classes=[IsAgent])
    async def submit_plan(self, info: ResolverInfo, eval_id: strawberry.ID,
                          plan: PlanInput) -> IntelligentEval:
        row = await evals.get_eval(parse_id(eval_id, "evalId"))
        validated = validate_plan(as_json(plan), row.time_window_hours, "plan")
        return IntelligentEval.from_record(
            await _engine(info).ask_eval(row.id, cmd.SubmitPlan(validated)))

    @strawberry.mutation(permission_classes=[IsAgent])
    async def create_session(self, info: ResolverInfo, eval_id: strawberry.ID,
                             input: CreateSessionInput) -> Session:
        errors = FieldErrors()
        check_persona(errors, input.persona, "input.persona")
        field_errors: list[dict[str, str]] = list(errors)
        check_text(field_errors, "input.goal", input.goal, required=True)
        check_text(field_errors, "input.dimension", value(input.dimension), max_length=MAX_NAME)
        _check_idempotency_key(field_errors, "input.idempotencyKey", value(input.idempotency_key))
        _raise_if(field_errors)
        row = await evals.get_eval(parse_id(eval_id, "evalId"))
        session = await _engine(info).ask_eval(row.id, cmd.CreateSession(
            # check_persona has made sure the JSON is an object.
            persona=cast(dict[str, Any], input.persona), goal=input.goal, dimension=value(input.dimension),
            virtual_user_index=value(input.virtual_user_index),
            time_slot_index=value(input.time_slot_index),
            idempotency_key=value(input.idempotency_key)))
        return Session.from_record(session)

    @strawberry.mutation(permission_classes=[IsAgent])
    async def send_message(self, info: ResolverInfo, session_id: strawberry.ID, content: str,
                           idempotency_key: str | None = UNSET) -> MessageExchange:
        idempotency_key = value(idempotency_key)
        errors: list[dict[str, str]] = []
        check_message(errors, "content", content)
        _check_idempotency_key(errors, "idempotencyKey", idempotency_key)
        _raise_if(errors)
        # The session's actor answers NOT_FOUND itself: one query less per message.
        exchange = await _engine(info).ask_session(
            parse_id(session_id, "sessionId"), cmd.SendMessage(content, idempotency_key))
        return MessageExchange(user_message=Message.from_row(exchange.user),
                               reply=Message.from_row(exchange.reply),
                               session_record=exchange.session)

    @strawberry.mutation(permission_classes=[IsAgent])
    async def close_session(self, info: ResolverInfo, session_id: strawberry.ID,
                            verdict: VerdictInput) -> Session:
        # The session's actor answers NOT_FOUND itself.
        closed = await _engine(info).ask_session(parse_id(session_id, "sessionId"),
                                                 cmd.CloseSession(as_json(verdict)))
        return Session.from_record(closed)

    @strawberry.mutation(permission_classes=[IsAgent])
    async def submit_report(self, info: ResolverInfo, eval_id: strawberry.ID,
                            report: ReportInput) -> IntelligentEval:
        row = await evals.get_eval(parse_id(eval_id, "evalId"))
        prepared = await evals.prepare_report(row, as_json(report),
                                              info.context.services.settings.evidence_policy)
        return IntelligentEval.from_record(
            await _engine(info).ask_eval(row.id, cmd.SubmitReport(prepared)))

    @strawberry.mutation(permission_classes=[IsAgent])
    async def heartbeat(self, info: ResolverInfo, eval_id: strawberry.ID,
                        note: str | None = UNSET) -> IntelligentEval:
        note = value(note)
        errors: list[dict[str, str]] = []
        check_text(errors, "note", note, max_length=MAX_TEXT)
        _raise_if(errors)
        return await _ask_eval(info, eval_id, cmd.Heartbeat(note))
