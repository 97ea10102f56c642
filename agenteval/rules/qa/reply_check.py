"""`qa_reply`: per-turn response time, and "no reply / empty reply" as QA items.

- `check: empty`: a bot utterance that is empty or whitespace only (U+3000 included), a
  bot turn with no reply at all (a target error), or a user message followed directly by
  another user message (the bot did not answer; in a logged message list). The dialog's
  last user message with nothing after it is not counted: logs are often cut there. A
  reply of punctuation or "稍等" is not empty.
- `check: latency`: every bot reply arrived within `max_ms`; each slower one is an
  occurrence. Not applicable when no reply has a measured latency (logs rarely have one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules.qa.dialog import QaDialog
from agenteval.rules.qa.operator import IF_NOT_APPLICABLE, RuleShell, helped
from agenteval.rules.registry import register_rule

NAME = "qa_reply"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "check": helped("What to check", "empty: no reply or an empty one; latency: each reply "
                        "within max_ms", "检查内容", "empty：未回复或空回复；latency：每轮响应时间不超过 max_ms",
                        enum=["empty", "latency"], default="empty"),
        "max_ms": helped("Slowest reply (ms)", "latency: the slowest acceptable reply",
                         "最长响应时间（毫秒）", "latency：可接受的最慢回复", type="number",
                         exclusiveMinimum=0),
        "if_not_applicable": IF_NOT_APPLICABLE,
    },
}


def check(params: dict[str, Any]) -> list[tuple[str, str]]:
    if params.get("check") == "latency" and "max_ms" not in params:
        return [("max_ms", "check latency needs max_ms")]
    return []


@register_rule(name=NAME, description=(
    "QA: no bot turn is missing or empty (check: empty), or every bot reply arrived within "
    "max_ms (check: latency); each offending turn is one occurrence. 质检：未回复/空回复、每轮响应时长。"),
    scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check)
@dataclass(frozen=True)
class QaReply(RuleShell):
    NAME = NAME
    check: Literal["empty", "latency"] = "empty"
    max_ms: float | None = None
    if_not_applicable: str = "fail"

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult:
        if self.check == "latency":
            return self.slow(dialog)
        evidence = [u.evidence(None, empty=True) for u in dialog.bot if u.empty]
        turns = dialog.utterances
        evidence += [u.evidence(None, unanswered=True) for u, after in zip(turns, turns[1:],
                                                                          strict=False)
                     if u.role == "user" and after.role == "user"]
        return CheckResult("fail" if evidence else "pass", tuple(evidence),
                           {"bot_turns": len(dialog.bot)})

    def slow(self, dialog: QaDialog) -> CheckResult:
        timed = [u for u in dialog.bot if u.latency_ms is not None]
        if not timed:
            return CheckResult("not_applicable", detail={"reason": "no reply has a latency"})
        limit = self.max_ms or 0.0
        evidence = [u.evidence(None, latency_ms=u.latency_ms) for u in timed
                    if (u.latency_ms or 0.0) > limit]
        return CheckResult("fail" if evidence else "pass", tuple(evidence),
                           {"max_ms": limit, "timed": len(timed)})
