"""`qa_phrase`: who said a phrase, and where — required scripts and forbidden phrases.

`expect: present` (a required script: greeting in the first bot turn, closing in the
last) passes when one of the selected utterances satisfies the condition; `absent`
(a forbidden phrase) passes when none does. Not applicable when the role said nothing
at that position (a dialog without a bot turn has no first bot turn to greet in).
Evidence: the utterances that said it (absent) or the ones that lacked it (present).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules.qa.dialog import QaDialog, RoleScope
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
    MatchMethod,
    TextCondition,
    condition_properties,
    regex_problems,
    role_property,
)
from agenteval.rules.registry import register_rule

NAME = "qa_phrase"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "role": role_property(),
        **position_properties(),
        **condition_properties(),
        "expect": helped("Expect", "present: a required script (one selected utterance says "
                         "it); absent: a forbidden phrase (none says it)",
                         "要求", "present：必说话术（所选发言中有一句说到）；absent：禁用语（都不能说）",
                         enum=["present", "absent"], default="present"),
        "if_not_applicable": IF_NOT_APPLICABLE,
    },
    "required": ["phrases"],
}


def check(params: dict[str, Any]) -> list[tuple[str, str]]:
    return regex_problems(params) + range_problem(params)


@register_rule(name=NAME, description=(
    "QA: the role (bot/user/both) says — or never says — a phrase at a position (first/last N "
    "utterances, a range, the whole dialog), matched exactly, by keywords, regex or offline "
    "similarity. 质检：指定角色在指定位置说了（或没说）某话术。"),
    scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check)
@dataclass(frozen=True)
class QaPhrase(RuleShell):
    NAME = NAME
    phrases: list[str]
    role: RoleScope = "bot"
    position: Position = "all"
    count: int = 1
    range: list[int] | None = None
    match: MatchMethod = "keywords"
    mode: Literal["any", "all"] = "any"
    whole_words: bool = True
    ignore_spacing: bool = False
    unless: list[str] | None = None
    threshold: float | None = None
    expect: Literal["present", "absent"] = "present"
    if_not_applicable: str = "fail"

    @cached_property
    def condition(self) -> TextCondition:
        return TextCondition(self.phrases, self.match, self.mode, self.whole_words,
                             self.ignore_spacing, self.unless or (), self.threshold)

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult:
        chosen = select(dialog.of(self.role), self.position, self.count, self.range)
        if not chosen:
            return CheckResult("not_applicable",
                               detail={"reason": f"no {self.role} utterance at that position"})
        condition = self.condition
        said = [(u, found) for u in chosen if (found := condition.find(u)) is not None]
        if self.expect == "absent":
            return CheckResult("fail" if said else "pass",
                               tuple(u.evidence(found) for u, found in said),
                               {"checked": len(chosen)})
        if said:
            utterance, found = said[0]
            return CheckResult("pass", (utterance.evidence(found),), {"checked": len(chosen)})
        return CheckResult("fail", tuple(u.evidence() for u in chosen[:1]),
                           {"checked": len(chosen), "missing": list(self.phrases[:5])})
