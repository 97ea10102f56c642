"""`qa_entity`: the bot's reply contains (or must not contain) a well-formed entity.

`must: contain` — each checked utterance has an order number / phone / ID / amount (or
the `pattern` given): a booking confirmation must carry its reference. `when` narrows the
checked utterances to those satisfying a text condition (the confirmations); none
checked → not applicable. `must: not_contain` — no checked utterance has one; with
`unless_user_gave` a value the user gave earlier in the conversation may be repeated
(phones and IDs compared by their digits: "139 1102 7364" echoes "13911027364"), and
`allowed` values (the store's own hotline) never count. Masked values (139****7364) are
not phone numbers. Each entity found (or each utterance lacking one) is one occurrence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules import user_patterns
from agenteval.rules.qa.dialog import QaDialog, RoleScope
from agenteval.rules.qa.entities import ENTITIES, LOCALES, entity_pattern
from agenteval.rules.qa.extractors import digits
from agenteval.rules.qa.literal_prefilter import Prefiltered
from agenteval.rules.qa.operator import (
    IF_NOT_APPLICABLE,
    Position,
    RuleShell,
    helped,
    position_properties,
    range_problem,
    select,
)
from agenteval.rules.qa.text_condition import (
    TextCondition,
    condition_schema,
    regex_problems,
    role_property,
)
from agenteval.rules.registry import register_rule

NAME = "qa_entity"
DIGIT_ENTITIES = ("phone", "id_card", "order_number")
_DIGITS = re.compile(r"\d\d\d")

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "entity": helped("Entity", "what to look for (or give pattern)", "实体",
                         "要查找的实体：订单号、电话、身份证号、金额、邮箱（或给出 pattern）",
                         enum=list(ENTITIES)),
        "pattern": helped("Pattern", "a regex for this business's format (case-insensitive)",
                          "格式正则", "本业务的格式正则（不区分大小写）", type="string", minLength=1),
        "locale": helped("Locale", "zh, en or any: whose formats count", "地区",
                         "zh、en 或 any：按哪种格式识别", enum=list(LOCALES), default="any"),
        "must": helped("Must", "contain: each checked utterance has one; not_contain: none has",
                       "要求", "contain：每句都要包含；not_contain：都不能包含",
                       enum=["contain", "not_contain"], default="contain"),
        "when": helped("Only utterances that…", "check only utterances satisfying this "
                       "condition (e.g. booking confirmations)", "仅检查满足条件的发言",
                       "只检查满足此条件的发言（例如预约成功的确认句）", **condition_schema()),
        "unless_user_gave": helped("Unless the user gave it", "not_contain: values the user "
                                   "gave earlier may be repeated", "客户自己提供的除外",
                                   "not_contain：客户此前提供过的值可以复述", type="boolean",
                                   default=True),
        "allowed": helped("Allowed values", "values that never count (the store's hotline)",
                          "允许的值", "永不计入的值（如官方客服热线）", type="array",
                          items={"type": "string", "minLength": 1}),
        "role": role_property(),
        **position_properties(),
        "if_not_applicable": IF_NOT_APPLICABLE,
    },
}


def check(params: dict[str, Any]) -> list[tuple[str, str]]:
    problems = range_problem(params)
    if "entity" not in params and "pattern" not in params:
        problems.append(("", "give entity or pattern"))
    problem = user_patterns.pattern_problem(params["pattern"]) if "pattern" in params else None
    if problem is not None:
        problems.append(("pattern", problem))
    if "when" in params:
        problems += regex_problems(params["when"], "when.")
    return problems


@register_rule(name=NAME, description=(
    "QA: the bot's replies contain (or must not contain) a well-formed order number, phone, "
    "ID number, amount or custom pattern, per locale. 质检：实体检查（订单号/电话/身份证/金额）。"),
    scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check)
@dataclass(frozen=True)
class QaEntity(RuleShell):
    NAME = NAME
    entity: str | None = None
    pattern: str | None = None
    locale: str = "any"
    must: Literal["contain", "not_contain"] = "contain"
    when: dict[str, Any] | None = None
    unless_user_gave: bool = True
    allowed: list[str] | None = None
    role: RoleScope = "bot"
    position: Position = "all"
    count: int = 1
    range: list[int] | None = None
    if_not_applicable: str = "fail"

    @cached_property
    def compiled(self) -> Prefiltered:
        if self.pattern is not None:
            return Prefiltered(self.pattern, re.IGNORECASE, linear=True)  # the author's: RE2
        built = entity_pattern(self.entity or "order_number", self.locale)
        return Prefiltered(built.pattern, built.flags & re.IGNORECASE)

    @cached_property
    def needs_digits(self) -> bool:
        """Built-in numeric entities: a reply without three digits in a row is skipped."""
        return self.pattern is None and self.entity != "email"

    @cached_property
    def condition(self) -> TextCondition | None:
        return TextCondition.of(self.when) if self.when else None

    @cached_property
    def allowed_forms(self) -> set[str]:
        return {digits(a) or a.casefold() for a in self.allowed or []}

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult:
        chosen = select(dialog.of(self.role), self.position, self.count, self.range)
        condition = self.condition
        if condition is not None:
            chosen = [u for u in chosen if condition.find(u) is not None]
        if not chosen:
            return CheckResult("not_applicable", detail={"reason": "no utterance to check"})
        evidence = []
        shown = []  # must contain: where it was, the evidence of a pass (an item earning points)
        for utterance in chosen:
            if self.needs_digits and not _DIGITS.search(utterance.norm):
                found = []
            else:
                found = [m.group(0) for m in self.compiled.finditer(utterance.norm)]
            if self.must == "contain":
                if not found:
                    evidence.append(utterance.evidence(None, missing=self.entity or "pattern"))
                else:
                    shown.append(utterance.evidence(found[0], entity=self.entity or "pattern"))
                continue
            earlier = [u.norm for u in dialog.user if u.position < utterance.position]
            for value in found:
                if not self.counts(value, earlier):
                    continue
                evidence.append(utterance.evidence(value, entity=self.entity or "pattern"))
        return CheckResult("fail" if evidence else "pass", tuple(evidence or shown),
                           {"checked": len(chosen), "must": self.must})

    def counts(self, value: str, earlier_user: list[str]) -> bool:
        """A found value counts against `not_contain` unless allowed or the user's own."""
        form = digits(value) if self.entity in DIGIT_ENTITIES else ""
        if (form or value.casefold()) in self.allowed_forms:
            return False
        if not self.unless_user_gave:
            return True
        if form:
            return not any(form in digits(text) for text in earlier_user)
        return not any(value in text for text in earlier_user)
