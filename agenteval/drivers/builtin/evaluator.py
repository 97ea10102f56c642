"""The evaluator role: run every planned session of an EXECUTING eval, then return.

Each planned session waits for its time (startedAt + slot offset · 3600 ·
time_scale), is created with its idempotency key, talks turn by turn
(heartbeat between turns) within the plan's budget, and is closed with a
verdict computed from the stored transcript. Sessions run in parallel (at
most `MAX_PARALLEL_SESSIONS` at once). A terminal eval (heartbeat or
createSession refused with INVALID_TRANSITION) stops everything quietly.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.drivers.builtin.detectors import Turn, turns_from_messages
from agenteval.drivers.builtin.graphql import AgentEvalApi, ApiError, TargetFailure
from agenteval.drivers.builtin.schedule import PlannedSession, matching_seed_goal, planned_sessions
from agenteval.drivers.builtin.texts import language_of, say
from agenteval.drivers.builtin.transport import TransportError
from agenteval.drivers.builtin.user_audit import session_deviations
from agenteval.drivers.builtin.users import ModelUser, ScriptedUser, VirtualUser
from agenteval.drivers.builtin.verdict import Expectations, scripted_verdict

logger = logging.getLogger("agenteval.driver")

MAX_PARALLEL_SESSIONS = 4
MAX_CONSECUTIVE_TARGET_ERRORS = 2
# A planned session whose calls answered UNAVAILABLE after the client's own retries (the
# database restarting, an owner being taken over) is played again — it is idempotent:
# its idempotency key, each turn's — after these waits, before it is given up.
SESSION_RETRY_DELAYS_S = (2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 60.0, 60.0)

# (persona, goal, expectations) → the virtual user; (session, turns, expectations) → verdict.
UserFactory = Callable[[dict[str, Any], str, Expectations], VirtualUser]
VerdictMaker = Callable[[dict[str, Any], list[Turn], Expectations], Awaitable[dict[str, Any]]]


class EvalStopped(Exception):
    """The eval left EXECUTING: the evaluator stops."""


def scripted_user(persona: dict[str, Any], goal: str, expect: Expectations) -> VirtualUser:
    return ScriptedUser(expect.messages or (goal,))


async def scripted_verdict_maker(session: dict[str, Any], turns: list[Turn],
                                 expect: Expectations) -> dict[str, Any]:
    return scripted_verdict(turns, expect)


@dataclass
class EvaluatorOutcome:
    sessions_closed: list[str] = field(default_factory=list)
    sessions_skipped: list[str] = field(default_factory=list)
    turns_sent: int = 0
    errors: list[str] = field(default_factory=list)
    stopped: bool = False


class Evaluator:
    def __init__(self, api: AgentEvalApi, eval_id: str, time_scale: float,
                 make_user: UserFactory = scripted_user,
                 make_verdict: VerdictMaker = scripted_verdict_maker,
                 session_retry_delays: tuple[float, ...] = SESSION_RETRY_DELAYS_S) -> None:
        self.api = api
        self.session_retry_delays = session_retry_delays
        self.eval_id = eval_id
        self.time_scale = time_scale
        self.make_user = make_user
        self.make_verdict = make_verdict
        self.outcome = EvaluatorOutcome()
        self._turns_left = 0
        self._speakers: dict[str, VirtualUser] = {}
        self._language: Language = "en"  # the eval's, for the heartbeat notes

    async def run(self) -> EvaluatorOutcome:
        eval_ = await self.api.get_eval(self.eval_id)
        if eval_["status"] != "EXECUTING" or not eval_.get("plan"):
            self.outcome.stopped = True
            return self.outcome
        plan = eval_["plan"]
        self._language = language_of(eval_)
        self._turns_left = plan["budget"]["totalMaxTurns"] - eval_["progress"]["turnsUsed"]
        started = _parse_time(eval_.get("startedAt")) or datetime.now(UTC)
        limit = asyncio.Semaphore(MAX_PARALLEL_SESSIONS)

        async def one(planned: PlannedSession) -> None:
            delay = (started.timestamp() + planned.delay_s(self.time_scale)
                     - datetime.now(UTC).timestamp())
            if delay > 0:
                await asyncio.sleep(delay)
            async with limit:
                try:
                    await self._run_session_until_available(eval_, planned)
                except (ApiError, TransportError) as error:  # the others go on
                    logger.warning("eval %s: planned session %s failed: %s", self.eval_id,
                                   planned.key, error)
                    self.outcome.errors.append(f"{planned.key}: {error}")

        tasks = [asyncio.create_task(one(planned)) for planned in planned_sessions(plan)]
        try:
            await asyncio.gather(*tasks)
        except EvalStopped:
            self.outcome.stopped = True
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        return self.outcome

    async def _run_session_until_available(self, eval_: dict[str, Any],
                                           planned: PlannedSession) -> None:
        """The planned session, played again while the service answers UNAVAILABLE (or
        cannot be reached), instead of dropping it."""
        for delay in self.session_retry_delays:
            try:
                await self._run_session(eval_, planned)
                return
            except ApiError as error:
                if error.code != "UNAVAILABLE":
                    raise
                problem: Exception = error
            except TransportError as error:
                problem = error
            logger.warning("eval %s: planned session %s: %s; played again in %g s",
                           self.eval_id, planned.key, problem, delay)
            await asyncio.sleep(delay)
        await self._run_session(eval_, planned)

    async def _run_session(self, eval_: dict[str, Any], planned: PlannedSession) -> None:
        plan = eval_["plan"]
        user = plan["virtualUsers"][planned.virtual_user_index]
        try:
            session = await self.api.create_session(self.eval_id, {
                "persona": user["persona"], "goal": user["goal"],
                "dimension": user.get("dimension"),
                "virtualUserIndex": planned.virtual_user_index,
                "timeSlotIndex": planned.time_slot_index, "idempotencyKey": planned.key})
        except ApiError as error:
            if error.code == "INVALID_TRANSITION":
                raise EvalStopped(error.message) from error
            raise
        seed_goal = matching_seed_goal(eval_.get("seeds"), user["goal"], user.get("dimension"))
        expect = Expectations.from_goal(seed_goal, user["goal"], user.get("dimension"),
                                        self._language)
        if session["status"] in ("COMPLETED", "FAILED") or (
                session["status"] == "EXPIRED" and session.get("verdict")):
            self.outcome.sessions_skipped.append(session["id"])
            return
        if session["status"] == "RUNNING":
            await self._converse(session, user, expect, plan["budget"]["maxTurnsPerSession"])
        transcript = await self.api.transcript(session["id"])
        turns = turns_from_messages(transcript["messages"])
        verdict = await self.make_verdict(transcript, turns, expect)
        speaker = self._speakers.pop(session["id"], None)
        trail = getattr(speaker, "trail", None)  # the built-in users keep one
        if trail is not None:
            simulator = trail.as_json()
            if isinstance(speaker, ModelUser):  # its turns audited (issue 40)
                script = (seed_goal or {}).get("script") or {}
                deviations = session_deviations(
                    user["persona"], user["goal"], speaker.script_hints,
                    script.get("success_signals") or [], turns,
                    ended_by_user=speaker.stop_reason is not None
                    and not speaker.stop_reason.startswith("simulator model failed"))
                if deviations:
                    simulator["deviations"] = deviations
            verdict = {**verdict, "provenance": {**(verdict.get("provenance") or {}),
                                                 "simulator": simulator}}
        try:
            await self.api.close_session(session["id"], verdict)
        except ApiError as error:
            if error.code != "INVALID_TRANSITION":
                raise
            await self._heartbeat(say("note.not_closed", self._language, session=session["id"]))
            self.outcome.sessions_skipped.append(session["id"])
            return
        self.outcome.sessions_closed.append(session["id"])

    async def _converse(self, session: dict[str, Any], user: dict[str, Any],
                        expect: Expectations, max_turns: int) -> None:
        speaker = self.make_user(user["persona"], user["goal"], expect)
        self._speakers[session["id"]] = speaker  # its trail goes with the verdict
        history: list[Turn] = []
        if session["turnCount"]:
            transcript = await self.api.transcript(session["id"])
            history = turns_from_messages(transcript["messages"])
        failures = 0
        while len(history) < max_turns and self._turns_left > 0:
            text = await speaker.next_message(history)
            if text is None:
                return
            self._turns_left -= 1
            index = len(history)
            try:
                answer = await self.api.send_message(session["id"], text, f"turn-{index}")
            except ApiError as error:
                if error.code != "INVALID_TRANSITION":
                    raise
                # The session expired or failed; a terminal eval stops in the heartbeat.
                await self._heartbeat(say("note.no_messages", self._language,
                                          session=session["id"]))
                return
            self.outcome.turns_sent += 1
            if isinstance(answer, TargetFailure):
                failures += 1
                history.append(Turn(index, text, "", answer.kind or answer.message))
            else:
                failures = 0
                history.append(Turn(index, text, answer["reply"]["content"],
                                    answer["reply"].get("error")))
            await self._heartbeat(say("note.turn_done", self._language, session=session["id"],
                                      turn=index))
            if failures >= MAX_CONSECUTIVE_TARGET_ERRORS:
                return

    async def _heartbeat(self, note: str) -> None:
        try:
            await self.api.heartbeat(self.eval_id, note)
        except ApiError as error:
            if error.code == "INVALID_TRANSITION":
                raise EvalStopped(error.message) from error
            raise


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
