"""The `openclaw` driver: wake a role's OpenClaw agent through the gateway's `/hooks/agent`.

Each wake-up is one `POST {openclaw_url}/hooks/agent` (STACK.md, "OpenClaw")
with the hooks token as a Bearer token and an `Idempotency-Key` derived from
eval id, role and plan revision, so a retried request, or the same wake-up
sent twice, starts one run only. `200 {"ok": true, "runId": …}` means the run
was admitted (not finished). Transient failures (connection errors, timeouts,
429 honouring Retry-After, 5xx) are retried with exponential backoff; other
answers (400, 401, 403 …) are final. The outcome is recorded as an
AGENT_WOKEN event `{role, driver, ok, runId | error}`. The token never appears
in a log line, an event or an error.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import aiohttp

from agenteval.config import Settings
from agenteval.drivers import RecordWake, Role
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.openclaw_schedules import SchedulePorts, SessionSchedules
from agenteval.net.retry import RetryPolicy, TransientFailure, parse_retry_after, retrying

logger = logging.getLogger("agenteval.notifier.openclaw")

DRIVER = "openclaw"
SKILLS: dict[str, str] = {
    "planner": "agenteval-intelligent-planner",
    "evaluator": "agenteval-intelligent-evaluator",
    "analyst": "agenteval-intelligent-analyst",
}
RUN_TIMEOUT_S = 900
# A gateway asking for a longer pause than this is treated as down for this wake-up.
MAX_RETRY_AFTER_S = 120.0


# 4 requests at most, 1 s, 2 s, 4 s apart (no jitter: one wake-up at a time); a Retry-After
# up to MAX_RETRY_AFTER_S is waited for (a longer one is final, see `_post_once`).
WAKE_RETRY = RetryPolicy(attempts=4, backoff_s=1.0, jitter=False,
                         max_retry_after_s=MAX_RETRY_AFTER_S)
REQUEST_TIMEOUT_S = 15.0


class _Transient(TransientFailure):
    """A failure worth retrying; `retry_after` overrides the backoff (Retry-After)."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class _Final(Exception):
    """A failure that retrying cannot fix (bad token, bad request, no run admitted)."""


def idempotency_key(eval_id: str, role: Role, revision: int) -> str:
    """One key per (eval, role, plan revision): a reject raises the revision, so re-planning
    is a new wake-up, while retries of the same wake-up reuse the key."""
    return f"agenteval-{eval_id}-{role}-r{revision}"


def wake_message(eval_id: str, role: Role, api_url: str) -> str:
    """What the woken agent reads: the skill to use, the eval id and the API URL."""
    skill = SKILLS[role]
    task = {
        "planner": f"AgentEval intelligent eval {eval_id} needs its plan.",
        "evaluator": f"AgentEval intelligent eval {eval_id} was approved: run its plan.",
        "analyst": f"AgentEval intelligent eval {eval_id} has finished its sessions: "
                   "write its report.",
    }[role]
    how = {
        "planner": "to read it with get-eval and submit a plan with submit-plan.",
        "evaluator": "to read it with get-eval and check its planned sessions with "
                     "schedule; AgentEval wakes you again for each session when it is due.",
        "analyst": "to read every session with transcript and submit the findings "
                   "with submit-report.",
    }[role]
    return f"{task} Use the {skill} skill (AGENTEVAL_API_URL={api_url}) with --eval-id {eval_id} {how}"


def agent_id(settings: Settings, role: Role) -> str:
    return {"planner": settings.openclaw_planner_agent,
            "evaluator": settings.openclaw_evaluator_agent,
            "analyst": settings.openclaw_analyst_agent}[role]


def missing_settings(settings: Settings) -> list[str]:
    """The environment variables the driver needs but that are not set."""
    missing = []
    if not settings.openclaw_url:
        missing.append("AGENTEVAL_OPENCLAW_URL")
    if not settings.openclaw_hooks_token:
        missing.append("AGENTEVAL_OPENCLAW_HOOKS_TOKEN")
    return missing


class OpenClawNotifier:
    """Posts wake-ups to the OpenClaw gateway and records each outcome with `record`."""

    def __init__(self, settings: Settings, record: RecordWake,
                 retry: RetryPolicy = WAKE_RETRY,
                 request_timeout_s: float = REQUEST_TIMEOUT_S,
                 connect: Callable[[], AgentEvalApi] | None = None,
                 schedules: SchedulePorts | None = None) -> None:
        """`connect` gives an AGENT-role API client: with it, the evaluator is also woken
        for each planned session at its time (see `openclaw_sessions`); `schedules`: the
        database's ports that make one process own each eval's schedule and another take
        it over when that one dies (see `openclaw_schedules`)."""
        self.settings = settings
        self.record = record
        self.retry = retry
        self.request_timeout_s = request_timeout_s
        self.sessions = None if connect is None else SessionSchedules(
            connect, settings.time_scale, self._wake_approved, self._wake_session, schedules)

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        if role == "evaluator" and self.sessions is not None:
            await self.sessions.after_approval(eval_id, revision)
            return
        await self._wake_once(eval_id, role, idempotency_key(eval_id, role, revision),
                              wake_message(eval_id, role, self.settings.api_url), {})

    async def _wake_approved(self, eval_id: str, revision: int) -> bool:
        return await self._wake_once(
            eval_id, "evaluator", idempotency_key(eval_id, "evaluator", revision),
            wake_message(eval_id, "evaluator", self.settings.api_url), {})

    async def _wake_session(self, eval_id: str, key: str, message: str,
                            extra: dict[str, Any]) -> None:
        await self._wake_once(eval_id, "evaluator", key, message, extra)

    async def _wake_once(self, eval_id: str, role: Role, key: str, message: str,
                         extra: dict[str, Any]) -> bool:
        """One wake-up (with retries), recorded as AGENT_WOKEN; whether it was admitted."""
        detail: dict[str, Any] = {"role": role, "driver": DRIVER, **extra}
        missing = missing_settings(self.settings)
        if missing:
            detail |= {"ok": False, "error": f"the openclaw driver is not configured: "
                                            f"set {' and '.join(missing)}"}
        else:
            try:
                run_id = await self._post_with_retries(eval_id, role, key, message)
                detail |= {"ok": True, "runId": run_id}
            except (_Transient, _Final) as exc:
                detail |= {"ok": False, "error": str(exc)}
        if detail["ok"]:
            logger.info("woke the %s of eval %s (OpenClaw run %s)", role, eval_id,
                        detail["runId"])
        else:
            logger.warning("could not wake the %s of eval %s: %s", role, eval_id,
                           detail["error"])
        await self.record(eval_id, detail)
        return bool(detail["ok"])

    async def _post_with_retries(self, eval_id: str, role: Role, key: str,
                                 message: str) -> Any:
        base_url = self.settings.openclaw_url or ""  # set: wake() checked missing_settings()
        url = f"{base_url.rstrip('/')}/hooks/agent"
        headers = {"Authorization": f"Bearer {self.settings.openclaw_hooks_token}",
                   "Idempotency-Key": key}
        body = {"message": message,
                "name": "AgentEval", "agentId": agent_id(self.settings, role),
                "sessionMode": "isolated", "timeoutSeconds": RUN_TIMEOUT_S,
                "deliver": self.settings.openclaw_deliver}
        timeout = aiohttp.ClientTimeout(total=self.request_timeout_s)

        def log_retry(failure: _Transient, attempt: int, delay_s: float) -> None:
            logger.info("waking the %s of eval %s: %s; retrying in %.2fs",
                        role, eval_id, failure, delay_s)

        async with aiohttp.ClientSession(timeout=timeout) as http:
            return await retrying(
                self.retry,
                lambda _attempt: _post_once(http, url, headers, body, self.request_timeout_s),
                failure=_Transient, give_up=_gave_up, on_retry=log_retry)


def _gave_up(failure: _Transient, attempts: int) -> _Transient:
    return _Transient(f"{failure} (gave up after {attempts} attempts)")


async def _post_once(http: aiohttp.ClientSession, url: str, headers: dict[str, str],
                     body: dict[str, Any], timeout_s: float) -> Any:
    """One request: the admitted run's id, or _Transient / _Final with a readable reason."""
    try:
        async with http.post(url, json=body, headers=headers) as response:
            text = await response.text()
            status = response.status
            retry_after = response.headers.get("Retry-After")
    except TimeoutError:
        raise _Transient(f"the OpenClaw gateway at {url} did not answer within "
                         f"{timeout_s:g}s") from None
    except aiohttp.ClientError as exc:
        raise _Transient(f"cannot reach the OpenClaw gateway at {url}: {exc}") from None
    reason = _reason(text)
    if status == 200:
        answer = _json(text)
        if isinstance(answer, dict) and answer.get("ok") is True:
            return answer.get("runId")
        raise _Final(f"the gateway did not admit the run: {reason}")
    message = f"HTTP {status} from the gateway: {reason}"
    if status == 429:
        wait_s = parse_retry_after(retry_after)
        if wait_s is not None and wait_s > MAX_RETRY_AFTER_S:
            raise _Final(f"{message} (Retry-After {wait_s:g}s is too long)")
        raise _Transient(message, wait_s)
    if status >= 500 or status == 408:
        raise _Transient(message)
    raise _Final(message)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _reason(text: str) -> str:
    """The gateway's own words, short: its JSON `error`/`message`, else the body text."""
    answer = _json(text)
    if isinstance(answer, dict):
        for key in ("error", "message"):
            value = answer.get(key)
            if isinstance(value, dict):
                value = value.get("message")
            if isinstance(value, str) and value:
                return value[:300]
    return (text.strip() or "(empty body)")[:300]


def create_openclaw_notifier(settings: Settings, record: RecordWake,
                             connect: Callable[[], AgentEvalApi] | None = None,
                             schedules: SchedulePorts | None = None) -> OpenClawNotifier:
    """The `openclaw` driver; says at start when a setting it needs is missing."""
    missing = missing_settings(settings)
    if missing:
        logger.warning("AGENTEVAL_DRIVER=openclaw but %s not set: every wake-up will be "
                       "recorded as failed", " and ".join(missing))
    return OpenClawNotifier(settings, record, connect=connect, schedules=schedules)
