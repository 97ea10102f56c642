"""Helpers for the model-backed rule tests: a scripted model server and a provider pointing at it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, RuleSpec, Turn
from agenteval.engine.catalog.configured_models import ConfiguredModels
from agenteval.llm import InMemoryResponseCache, ModelEndpoint, ModelRegistry
from agenteval.rules import run_rule
from tests.support.fake_llm_server import FakeLLMServer

# Fast retries so the suite stays quick.
FAST = {"backoff_s": 0.01, "timeout_s": 2}
CASE = CaseSpec(key="case-001", messages=["hi"])


@dataclass
class Judging:
    server: FakeLLMServer
    models: ConfiguredModels
    cache: InMemoryResponseCache

    async def run(self, rule_type: str, params: dict[str, Any], dialog: Sequence[Turn]
                  ) -> RuleResult:
        return await run_rule(RuleSpec(rule_type, params), CASE, dialog, self.models)

    def chat_bodies(self) -> list[Any]:
        return [request.body for request in self.server.requests_to("chat")]

    def prompt(self, index: int = -1) -> str:
        """The user message of the `index`-th chat request."""
        return str(self.chat_bodies()[index]["messages"][1]["content"])


@asynccontextmanager
async def judging(roles: Sequence[str] = ("JUDGE",), **params: Any) -> AsyncIterator[Judging]:
    """A FakeLLMServer serving `roles` (model "<role>-model"), with an in-memory cache."""
    async with FakeLLMServer() as server:
        endpoints = [ModelEndpoint(role=role, model=f"{role.lower()}-model",  # type: ignore[arg-type]
                                   base_url=server.url, params={**FAST, **params})
                     for role in roles]
        cache = InMemoryResponseCache()
        models = ConfiguredModels(ModelRegistry(endpoints), cache)
        try:
            yield Judging(server, models, cache)
        finally:
            await models.aclose()


def answer(**fields: Any) -> str:
    """A judge answer: the JSON text of `fields`."""
    return json.dumps(fields, ensure_ascii=False)


def dialog_of(*pairs: tuple[str, str | None]) -> list[Turn]:
    return [Turn(index, sent, reply, 100) for index, (sent, reply) in enumerate(pairs)]


# The seed's example (section 6.3): a repair booking where the time is never given.
SEED_DIALOG = dialog_of(
    ("我家空调坏了，想预约维修", "好的，请问您怎么称呼？"),
    ("我叫张三", "张先生您好，请留下联系电话。"),
    ("电话是 13800138000", "好的，请问服务地址是？"),
    ("地址是朝阳区建国路 88 号", "已为您记录，师傅会尽快联系您。"),
)
