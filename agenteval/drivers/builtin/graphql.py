"""A small async GraphQL client for the agent operations (what OpenClaw's skills call too).

    api = AgentEvalApi.over_http("http://127.0.0.1:8000/graphql", api_key)
    eval_ = await api.get_eval(eval_id)

Errors with an `extensions.code` raise `ApiError(code, message, details)`.
UNAVAILABLE ("try again shortly") is retried first: the same request (same
idempotency key) after each of `retry_delays` seconds, then it is raised.
`send_message` is the exception: a TARGET_ERROR is an outcome the evaluator
notes, so it returns a `TargetFailure` carrying the error's details.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.drivers.builtin import documents as doc
from agenteval.drivers.builtin.transport import HttpTransport, Transport
from agenteval.errors import AgentEvalError

# Waits before each retry of an UNAVAILABLE answer (an actor being rebuilt).
UNAVAILABLE_RETRY_DELAYS_S = (1.0, 2.0, 4.0)


class ApiError(AgentEvalError):
    """A GraphQL error from the service, with its contract code and details."""

    def __init__(self, code: str, message: str, details: Any = None) -> None:
        super().__init__(message, details)
        self.code = code

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@dataclass(frozen=True)
class TargetFailure:
    """sendMessage answered TARGET_ERROR: both messages are stored, the reply empty."""

    message: str
    details: dict[str, Any]

    @property
    def turn_index(self) -> int | None:
        return self.details.get("turnIndex")

    @property
    def kind(self) -> str | None:
        return self.details.get("kind")


class AgentEvalApi:
    """The agent side of the GraphQL API; every method is one operation."""

    def __init__(self, transport: Transport, api_key: str,
                 retry_delays: Sequence[float] = UNAVAILABLE_RETRY_DELAYS_S) -> None:
        self.transport = transport
        self.api_key = api_key
        self.retry_delays = tuple(retry_delays)

    @classmethod
    def over_http(cls, url: str, api_key: str) -> AgentEvalApi:
        return cls(HttpTransport(url), api_key)

    async def execute(self, document: str, variables: dict[str, Any] | None = None) -> Any:
        """The operation's `data`, or ApiError for the first error (UNAVAILABLE retried)."""
        for delay in self.retry_delays:
            try:
                return await self._execute_once(document, variables)
            except ApiError as error:
                if error.code != "UNAVAILABLE":
                    raise
            await asyncio.sleep(delay)
        return await self._execute_once(document, variables)

    async def _execute_once(self, document: str, variables: dict[str, Any] | None) -> Any:
        status, body = await self.transport.post_json(
            {"query": document, "variables": variables or {}}, {"X-API-Key": self.api_key})
        errors = body.get("errors") if isinstance(body, dict) else None
        if errors:
            first = errors[0]
            extensions = first.get("extensions") or {}
            raise ApiError(extensions.get("code") or "INTERNAL",
                           first.get("message", "unknown error"), extensions.get("details"))
        if not isinstance(body, dict) or body.get("data") is None:
            raise ApiError("INTERNAL", f"HTTP {status} without data: {str(body)[:200]}")
        return body["data"]

    async def get_eval(self, eval_id: str) -> dict[str, Any]:
        data = await self.execute(doc.GET_EVAL, {"id": eval_id})
        if data["intelligentEval"] is None:
            raise ApiError("NOT_FOUND", f"no intelligent eval {eval_id}")
        return data["intelligentEval"]

    async def list_evals(self, status: str | None = None) -> list[dict[str, Any]]:
        """Every eval (with the given status), all pages."""
        found: list[dict[str, Any]] = []
        after: str | None = None
        while True:
            data = await self.execute(doc.LIST_EVALS, {"status": status, "after": after})
            page = data["intelligentEvals"]
            found += [edge["node"] for edge in page["edges"]]
            if not page["pageInfo"]["hasNextPage"]:
                return found
            after = page["pageInfo"]["endCursor"]

    async def submit_plan(self, eval_id: str, plan: dict[str, Any]) -> dict[str, Any]:
        data = await self.execute(doc.SUBMIT_PLAN, {"evalId": eval_id, "plan": plan})
        return data["submitPlan"]

    async def create_session(self, eval_id: str, session: dict[str, Any]) -> dict[str, Any]:
        """`session` is a CreateSessionInput (persona, goal, dimension, indexes, key)."""
        data = await self.execute(doc.CREATE_SESSION, {"evalId": eval_id, "input": session})
        return data["createSession"]

    async def send_message(self, session_id: str, content: str,
                           idempotency_key: str | None = None
                           ) -> dict[str, Any] | TargetFailure:
        """The exchange {userMessage, reply, session}, or TargetFailure on TARGET_ERROR."""
        try:
            data = await self.execute(doc.SEND_MESSAGE, {
                "sessionId": session_id, "content": content, "idempotencyKey": idempotency_key})
        except ApiError as error:
            if error.code == "TARGET_ERROR":
                details = error.details if isinstance(error.details, dict) else {}
                return TargetFailure(error.message, details)
            raise
        return data["sendMessage"]

    async def close_session(self, session_id: str, verdict: dict[str, Any]) -> dict[str, Any]:
        data = await self.execute(doc.CLOSE_SESSION,
                                  {"sessionId": session_id, "verdict": verdict})
        return data["closeSession"]

    async def submit_report(self, eval_id: str, report: dict[str, Any]) -> dict[str, Any]:
        data = await self.execute(doc.SUBMIT_REPORT, {"evalId": eval_id, "report": report})
        return data["submitReport"]

    async def heartbeat(self, eval_id: str, note: str | None = None) -> dict[str, Any]:
        data = await self.execute(doc.HEARTBEAT, {"evalId": eval_id, "note": note})
        return data["heartbeat"]

    async def transcript(self, session_id: str) -> dict[str, Any]:
        """One session with its verdict and messages."""
        data = await self.execute(doc.SESSION_TRANSCRIPT, {"id": session_id})
        if data["session"] is None:
            raise ApiError("NOT_FOUND", f"no session {session_id}")
        return data["session"]

    async def sessions(self, eval_id: str) -> list[dict[str, Any]]:
        """Every session of an eval with verdict and messages, all pages."""
        found: list[dict[str, Any]] = []
        after: str | None = None
        while True:
            data = await self.execute(doc.EVAL_SESSIONS, {"id": eval_id, "after": after})
            if data["intelligentEval"] is None:
                raise ApiError("NOT_FOUND", f"no intelligent eval {eval_id}")
            page = data["intelligentEval"]["sessions"]
            found += [edge["node"] for edge in page["edges"]]
            if not page["pageInfo"]["hasNextPage"]:
                return found
            after = page["pageInfo"]["endCursor"]

    async def aclose(self) -> None:
        await self.transport.aclose()
