"""A local OpenAI-compatible judge that is wrong on pattern P unless its prompt shows an
example of P, and the reviewed items its tests align it on.

P: the agent hands the user off ("transfer you to a human"); reviewers fail it (the
criteria want the agent to solve the problem itself) but the judge passes it, unless an
example mentioning the hand-off is in the prompt. Q: the agent stalls ("please wait"); the
judge passes it whatever the examples say (it cannot learn Q). Other replies it judges
right: "your refund is done" passes, "I don't know" fails.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.llm import InMemoryResponseCache, ModelEndpoint, ModelRegistry
from tests.support.fake_llm_server import FakeLLMServer

P = "transfer you to a human"
Q = "please wait"
MODEL = "pattern-judge"
CRITERIA = "The agent solves the user's problem itself."
REPLIES = {"P": f"Sorry, I will {P} now.", "Q": f"Hmm, {Q} while I look.",
           "good": "Your refund is done.", "bad": "I don't know."}


def pattern_answer(body: Any) -> str:
    prompt = str(body["messages"][-1]["content"])
    head, _, dialog = prompt.partition("\nDialog:\n")
    if P in dialog:
        score = 1 if P in head else 9
    elif Q in dialog:
        score = 9
    else:
        score = 9 if "refund is done" in dialog else 2
    return json.dumps({"score": score, "rationale": "pattern judge"})


@asynccontextmanager
async def pattern_judge() -> AsyncIterator[tuple[FakeLLMServer, ModelRegistry,
                                                 InMemoryResponseCache]]:
    async with FakeLLMServer(chat=pattern_answer) as server:
        endpoint = ModelEndpoint(role="JUDGE", model=MODEL, base_url=server.url,
                                 params={"backoff_s": 0.01, "timeout_s": 5})
        registry = ModelRegistry([endpoint])
        try:
            yield server, registry, InMemoryResponseCache()
        finally:
            await registry.aclose()


def reviewed(kind: str, index: int, *, machine: bool, human: bool,
             note: str | None = None) -> ReviewedJudgement:
    """One reviewed llm_score judgement of a reply of `kind` (P, Q, good, bad)."""
    return ReviewedJudgement(
        item_id=f"{kind}-{index:03d}", rule_type="llm_score", language="en", judge_model=MODEL,
        rule_params={"criteria": CRITERIA, "min_score": 7},
        transcript=[{"role": "user", "content": f"Order {index} never arrived, help?"},
                    {"role": "assistant", "content": REPLIES[kind]}],
        judged_turn=0, machine_passed=machine, human_passed=human,
        reviewed_at=datetime(2026, 12, 1, tzinfo=UTC) + timedelta(minutes=index), note=note)


def mixed(count: int, wrong_kind: str | None, *, humans_correct_it: bool = True
          ) -> list[ReviewedJudgement]:
    """`count` items of each of good, bad and `wrong_kind` (judge passes, reviewer fails)."""
    items = [reviewed("good", i, machine=True, human=True) for i in range(count)]
    items += [reviewed("bad", i, machine=False, human=False) for i in range(count)]
    if wrong_kind is not None:
        items += [reviewed(wrong_kind, i, machine=True, human=not humans_correct_it,
                           note="hands the user off instead of helping")
                  for i in range(count)]
    return items


def source_of(items: list[ReviewedJudgement]):  # type: ignore[no-untyped-def]
    async def source(rule_type: str, language: str) -> list[ReviewedJudgement]:
        return [i for i in items if i.rule_type == rule_type and i.language == language]
    return source
