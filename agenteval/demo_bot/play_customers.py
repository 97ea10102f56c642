"""Play customers against Mia over HTTP and forward each exchange to a server's monitoring.

This is what a team's own integration does in production: the bot answers, and its
middleware forwards the user turn and the reply to `POST /api/ingest` as they happen (so a
red line is caught while the conversation is still going); the last reply carries
`"end": true`, which closes the conversation for judging without waiting for the quiet
period. Personal data is masked by the receiving source's policy, before anything is stored.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from agenteval.demo_bot.customers import Customer


class ForwardRefused(RuntimeError):
    """The monitoring server did not acknowledge an exchange (its status and answer)."""


@dataclass
class PlayReport:
    conversations: int = 0
    turns_forwarded: int = 0
    flaws: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Endpoints:
    bot_url: str  # Mia's base URL (`agenteval demo-bot`), e.g. http://127.0.0.1:9100
    server_url: str  # AgentEval's base URL, e.g. http://127.0.0.1:8000
    key: str  # an INGEST (or OPERATOR/ADMIN) key
    source: str = "mia"


async def _forward(http: aiohttp.ClientSession, to: Endpoints,
                   turns: list[dict[str, Any]]) -> None:
    body = "\n".join(json.dumps(t, ensure_ascii=False) for t in turns).encode()
    async with http.post(f"{to.server_url.rstrip('/')}/api/ingest", data=body, headers={
            "X-API-Key": to.key, "Content-Type": "application/x-ndjson"}) as answer:
        if answer.status >= 300:
            raise ForwardRefused(f"{answer.status}: {await answer.text()}")


async def play_one(http: aiohttp.ClientSession, to: Endpoints, customer: Customer) -> int:
    """One conversation, exchange by exchange; the number of turns forwarded."""
    session_id: str | None = None
    forwarded = 0
    for index, message in enumerate(customer.messages):
        ask: dict[str, Any] = {"message": message}
        if session_id:
            ask["session_id"] = session_id
        async with http.post(f"{to.bot_url.rstrip('/')}/chat", json=ask) as answer:
            answer.raise_for_status()
            said = await answer.json()
        session_id = said["session_id"]
        last = index == len(customer.messages) - 1
        common = {"source": to.source, "conversationId": customer.conversation_id}
        turns = [{**common, "role": "user", "content": message, "messageId": f"u{index}"},
                 {**common, "role": "assistant", "content": said["reply"],
                  "messageId": f"a{index}", **({"end": True} if last else {})}]
        await _forward(http, to, turns)
        forwarded += len(turns)
    return forwarded


async def play(to: Endpoints, crowd: Sequence[Customer], concurrency: int = 8) -> PlayReport:
    """Play every customer, `concurrency` conversations at a time."""
    report = PlayReport()
    gate = asyncio.Semaphore(concurrency)

    async def one(http: aiohttp.ClientSession, customer: Customer) -> None:
        async with gate:
            forwarded = await play_one(http, to, customer)
        # Not `report.turns_forwarded += await …`: that reads the total before the await.
        report.turns_forwarded += forwarded
        report.conversations += 1
        if customer.flaw:
            report.flaws[customer.flaw] = report.flaws.get(customer.flaw, 0) + 1

    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        await asyncio.gather(*(one(http, customer) for customer in crowd))
    return report
