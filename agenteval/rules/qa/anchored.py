"""`qa_anchored`: "within N bot turns after (or before) the turn where X holds, the bot says Y".

The anchor X is a text condition with its own role (the user saying 退款, the bot
disclosing an order's status) or, in a scorecard, another item's hit (`anchor.item`: the
first evidence turn of that item's hit; a hit without turns — an `intent_classification`
item hit when the intent is the one expected — anchors at the dialog's start, so "the
customer wants a refund" can open a window as an intent). The window is the `window` bot utterances
strictly after the anchor (`direction: after`) or strictly before it (`before`; without
`window`, all of them). `then` is the condition the window's bot turns are checked with;
`expect: present` passes when one of them satisfies it, `absent` when none does.

"X never happened" is its own outcome, **not applicable** — as is an empty window after
the anchor (it was the last thing said). An empty window *before* the anchor is judged: the
bot disclosed before it asked anything, so a required Y did not happen before X. With `occurrence: each`, every anchor is checked and the
check fails when one window fails (each failing window is one occurrence).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules.qa.dialog import QaDialog, Utterance
from agenteval.rules.qa.operator import IF_NOT_APPLICABLE, RuleShell, helped
from agenteval.rules.qa.text_condition import TextCondition, condition_schema, regex_problems
from agenteval.rules.registry import register_rule

NAME = "qa_anchored"

ANCHOR_SCHEMA = condition_schema(item=helped(
    "Another item", "in a scorecard: anchor at the first evidence turn of this item's hit "
    "(then phrases are not needed)", "引用其他检查项", "评分卡中：以该检查项命中的第一个证据轮为锚点",
    type="string", minLength=1))
ANCHOR_SCHEMA["required"] = []

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "anchor": helped("Anchor (X)", "where the window starts: a text condition with its role, "
                         "or `item` (another scorecard item's hit)",
                         "锚点（X）", "窗口的起点：带角色的文本条件，或 item（评分卡中另一检查项的命中）",
                         **ANCHOR_SCHEMA),
        "occurrence": helped("Which anchors", "first: the first anchor only; each: every one",
                             "锚点次数", "first：只看第一次出现；each：每次出现都检查",
                             enum=["first", "each"], default="first"),
        "direction": helped("Direction", "after or before the anchor", "方向",
                            "锚点之后（after）或之前（before）", enum=["after", "before"],
                            default="after"),
        "window": helped("Window (bot turns)", "how many bot turns after/before the anchor "
                         "(default: all of them)", "窗口（机器人轮数）", "锚点前/后多少个机器人轮（默认全部）",
                         type="integer", minimum=1),
        "then": helped("Then (Y)", "the condition the window's bot turns are checked with",
                       "则（Y）", "窗口内机器人发言要检查的条件", **condition_schema()),
        "expect": helped("Expect", "present: one window turn satisfies `then`; absent: none does",
                         "要求", "present：窗口内有一句满足；absent：窗口内都不能满足",
                         enum=["present", "absent"], default="present"),
        "if_not_applicable": IF_NOT_APPLICABLE,
    },
    "required": ["anchor", "then"],
}


def check(params: dict[str, Any]) -> list[tuple[str, str]]:
    anchor = params["anchor"]
    problems = regex_problems(anchor, "anchor.") + regex_problems(params["then"], "then.")
    if "item" not in anchor and not anchor.get("phrases"):
        problems.append(("anchor", "give phrases, or item (another scorecard item)"))
    return problems


@register_rule(name=NAME, description=(
    "QA: within N bot turns after (or before) the turn where an anchor holds, the bot says "
    "(or never says) something; no anchor → not applicable. 质检：锚点后（前）N 轮内机器人是否说了某话术；"
    "锚点未出现则不适用。"),
    scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check)
@dataclass(frozen=True)
class QaAnchored(RuleShell):
    NAME = NAME
    anchor: dict[str, Any]
    then: dict[str, Any]
    occurrence: Literal["first", "each"] = "first"
    direction: Literal["after", "before"] = "after"
    window: int | None = None
    expect: Literal["present", "absent"] = "present"
    if_not_applicable: str = "fail"

    @cached_property
    def anchor_condition(self) -> TextCondition | None:
        return TextCondition.of(self.anchor) if self.anchor.get("phrases") else None

    @cached_property
    def then_condition(self) -> TextCondition:
        return TextCondition.of(self.then)

    def anchors(self, dialog: QaDialog,
                context: Mapping[str, CheckResult]) -> list[Utterance] | None:
        """The anchor utterances; None when the anchor is an item that was not judged."""
        item = self.anchor.get("item")
        if item is not None:
            other = context.get(item)
            if other is None or other.outcome in ("error", "not_judged"):
                return None
            if other.outcome != "fail":  # `fail` = the item was hit (see scorecard_runner)
                return []
            turns = [e["turn_index"] for e in other.evidence if "turn_index" in e]
            if not turns:  # a hit with no turn (intent_classification): the dialog's start
                return list(dialog.utterances[:1])
            return [u for u in dialog.utterances if u.turn_index in turns
                    and u.role == "bot"][:1] or [u for u in dialog.utterances
                                                 if u.turn_index in turns][:1]
        condition = self.anchor_condition
        assert condition is not None  # check_params requires phrases without item
        found = [u for u in dialog.of(self.anchor.get("role", "user"))
                 if condition.find(u) is not None]
        return found if self.occurrence == "each" else found[:1]

    def window_of(self, dialog: QaDialog, anchor: Utterance) -> Sequence[Utterance]:
        scope = self.then.get("role", "bot")
        pool = dialog.of(scope)
        if self.direction == "after":
            after = [u for u in pool if u.position > anchor.position]
            return after[:self.window] if self.window else after
        before = [u for u in pool if u.position < anchor.position]
        return before[-self.window:] if self.window else before

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult:
        anchors = self.anchors(dialog, context)
        if anchors is None:
            return CheckResult("not_judged", detail={"reason": "the anchor item was not judged"})
        if not anchors:
            return CheckResult("not_applicable", detail={"reason": "the anchor never happened"})
        failures: list[dict[str, Any]] = []
        passes: list[dict[str, Any]] = []
        checked = 0
        for anchor in anchors:
            window = self.window_of(dialog, anchor)
            checked += 1
            if not window and self.direction == "after":
                checked -= 1  # nothing said after the anchor: this anchor cannot be judged
                continue
            said = [(u, f) for u in window if (f := self.then_condition.find(u)) is not None]
            anchor_evidence = anchor.evidence(None, anchor=True)
            if self.expect == "present":
                if said:
                    passes += [anchor_evidence, said[0][0].evidence(said[0][1])]
                else:
                    failures += [anchor_evidence]
            elif said:
                failures += [anchor_evidence, *(u.evidence(f) for u, f in said)]
        if not checked:
            return CheckResult("not_applicable",
                               detail={"reason": "nothing was said in the window"})
        if failures:
            return CheckResult("fail", tuple(failures), {"anchors": len(anchors)})
        return CheckResult("pass", tuple(passes), {"anchors": len(anchors)})
