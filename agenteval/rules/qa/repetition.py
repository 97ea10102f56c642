"""`qa_repetition`: the bot asks again for what the user already gave, or says the same thing twice.

The deterministic counterpart of `knowledge_retention`, with the two turns as evidence.

- `check: reasked_info`: a bot utterance asks for a slot (phone, order number, name,
  address, date; see `extractors.py`) after an earlier user utterance gave a value of it.
  Not a re-ask: the bot repeating the value back to confirm it, asking for a different one
  ("备用电话", "another number"), or asking right after the user said that value was wrong
  or should change. Evidence per re-ask: the user's turn that gave it, the bot's that asked.
- `check: same_reply`: two bot utterances equal once normalised (NFKC, case-folded,
  whitespace and punctuation removed) and at least `min_chars` long, so "好的" and "OK"
  may repeat. Evidence: the first and the repeated reply.

Never "not applicable": nothing repeated is a pass.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules import user_patterns
from agenteval.rules.qa.dialog import QaDialog, Utterance
from agenteval.rules.qa.extractors import (
    ANOTHER,
    DEFAULT_ORDER_PATTERN,
    SLOTS,
    asks_for,
    corrects,
    echoes,
    given_values,
)
from agenteval.rules.qa.operator import IF_NOT_APPLICABLE, RuleShell, helped
from agenteval.rules.registry import register_rule

NAME = "qa_repetition"
_PUNCTUATION = re.compile(r"[\W_]+")

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "check": helped("What repeats", "reasked_info: the bot asks for information the user "
                        "already gave; same_reply: the bot sends the same reply twice",
                        "重复类型", "reasked_info：重复询问客户已提供的信息；same_reply：重复回复同一句话",
                        enum=["reasked_info", "same_reply"], default="reasked_info"),
        "slots": helped("Information", "which information counts", "信息类型",
                        "检查哪些信息：电话、订单号、姓名、地址、日期",
                        type="array", items={"enum": list(SLOTS)}, minItems=1, uniqueItems=True),
        "order_pattern": helped("Order-number pattern", "a regex for this business's order "
                                "numbers (searched case-insensitively)", "订单号格式",
                                "本业务订单号的正则（不区分大小写）", type="string", minLength=1),
        "min_chars": helped("Shortest repeated reply", "same_reply: shorter replies may repeat",
                            "最短重复长度", "same_reply：更短的回复（如“好的”）可以重复",
                            type="integer", minimum=1, default=6),
        "if_not_applicable": IF_NOT_APPLICABLE,
    },
}


def check_pattern(params: dict[str, Any]) -> list[tuple[str, str]]:
    pattern = params.get("order_pattern")
    problem = user_patterns.pattern_problem(pattern) if pattern else None
    return [("order_pattern", problem)] if problem is not None else []


@register_rule(name=NAME, description=(
    "QA: the bot asks again for information the user already gave (phone, order number, "
    "name, address, date; zh/en) or sends the same reply twice; the two turns are the "
    "evidence. 质检：重复询问客户已提供的信息，或重复同一回复。"),
    scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check_pattern)
@dataclass(frozen=True)
class QaRepetition(RuleShell):
    NAME = NAME
    check: Literal["reasked_info", "same_reply"] = "reasked_info"
    slots: list[str] | None = None
    order_pattern: str | None = None
    min_chars: int = 6
    if_not_applicable: str = "fail"

    @cached_property
    def patterns(self) -> dict[str, Any]:
        # The author's pattern runs on RE2 (linear time); the built-in one is ours, on `re`.
        if self.order_pattern:
            return {"order_number": user_patterns.compile_pattern(self.order_pattern, True)}
        return {"order_number": re.compile(DEFAULT_ORDER_PATTERN, re.IGNORECASE)}

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult:
        found = self.same_replies(dialog) if self.check == "same_reply" else self.reasks(dialog)
        return CheckResult("fail" if found else "pass", tuple(e for pair in found for e in pair),
                           {"repeats": len(found)})

    def same_replies(self, dialog: QaDialog) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        seen: dict[str, Utterance] = {}
        pairs = []
        for utterance in dialog.bot:
            key = _PUNCTUATION.sub("", utterance.norm)
            if len(key) < self.min_chars:
                continue
            first = seen.get(key)
            if first is None:
                seen[key] = utterance
            else:
                pairs.append((first.evidence(), utterance.evidence(None, repeated=True)))
        return pairs

    def reasks(self, dialog: QaDialog) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        pairs = []
        given: dict[str, tuple[Utterance, str]] = {}  # slot → the latest user turn giving it
        previous_user: Utterance | None = None
        for utterance in dialog.utterances:
            if utterance.role == "user":
                for slot in self.slots or SLOTS:
                    values = given_values(slot, utterance, self.patterns)
                    if values:
                        given[slot] = (utterance, values[-1])
                previous_user = utterance
                continue
            if not utterance.norm:
                continue
            for slot, (source, value) in list(given.items()):
                asked = asks_for(slot, utterance)
                if asked is None or echoes(slot, value, utterance) \
                        or ANOTHER.search(utterance.norm) \
                        or (previous_user is not None and corrects(slot, previous_user)):
                    continue
                pairs.append((source.evidence(value, slot=slot, given=True),
                              utterance.evidence(asked, slot=slot, asked=True)))
                del given[slot]  # one re-ask per value given; a new value re-arms it
        return pairs
