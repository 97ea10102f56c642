"""Which findings are about a slot the agent never asked for or a step it skipped, and the
`task_completion` slot or step that checks it in a regression case.

The built-in driver's scripted checks name three such kinds (domain/intelligent/scripted_checks.py):
a repair booked without a visit time, a return accepted without the order number (a
missing slot each), and a confirmation before the user had said everything (a skipped
step). A finding is recognised by its kind's title in either language — the scripted
report's findings start with it — or, for findings and verdict issues written by a model,
by the detail's own wording ("without asking for X", "从未询问X"), X becoming the slot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from agenteval.domain.eval_language import Language
from agenteval.domain.intelligent.scripted_checks import KINDS_BY_LANGUAGE

Mode = Literal["slot", "step"]


@dataclass(frozen=True)
class MissingItem:
    """A slot to collect or a step to take, worded for the judge in the finding's language."""

    mode: Mode
    name: str
    description: str


# kind → language → (mode, name, description). Names as the verdicts' "asked for {item}"
# checkpoints say them (drivers/builtin/texts.py `item.<kind>`), without the article.
_KNOWN: dict[str, dict[Language, tuple[Mode, str, str]]] = {
    "booking_without_time": {
        "en": ("slot", "preferred visit time",
               "The agent asks for the user's preferred visit date and time window (and "
               "repeats it back) before confirming the repair booking."),
        "zh": ("slot", "方便的上门时间",
               "确认上门维修前，客服询问（并复述）用户方便的日期和时间段。"),
    },
    "return_without_order_number": {
        "en": ("slot", "order number",
               "The agent asks for the order number (or confirms back the one the user gave) "
               "before accepting the return."),
        "zh": ("slot", "订单号", "受理退货前，客服询问订单号（或复述用户给出的订单号）并确认。"),
    },
    "premature_confirmation": {
        "en": ("step", "collect every detail before confirming",
               "Before confirming, the agent asks for every detail the user has not given "
               "yet; a confirmation before the user has said everything does not count."),
        "zh": ("step", "确认前收集齐全部信息",
               "确认之前，客服先询问用户尚未提供的每一项信息；用户还没说完就给出的确认不算完成。"),
    },
}

# A model's own wording of a missing requirement; the item ends at punctuation or the
# clause that follows it.
_ASKED_FOR: dict[Language, re.Pattern[str]] = {
    "en": re.compile(r"without (?:ever |first )?asking (?:for|about) (?:the |a |an )?"
                     r"(?P<item>[^.,;:()\n]{2,60}?)(?=\s+(?:first|before|and)\b|[.,;:()\n]|$)",
                     re.IGNORECASE),
    "zh": re.compile(r"(?:从未|未|没有|没)询问(?:过)?(?P<item>[^，。；：（）\n]{1,30}?)"
                     r"(?=就|便|[，。；：（）\n]|$)"),
}
_DESCRIPTION: dict[Language, str] = {
    "en": "The agent asks the user for {item} (and confirms it) in the dialog.",
    "zh": "客服在对话中询问并确认了{item}。",
}


def missing_item(text: str | None) -> MissingItem | None:
    """The slot or step `text` (a finding's issue, a verdict issue's description) says the
    agent skipped; None when it is about something else."""
    if not text:
        return None
    stripped = text.strip()
    for kind, by_language in _KNOWN.items():
        for language, (mode, name, description) in by_language.items():
            if stripped.startswith(KINDS_BY_LANGUAGE[language][kind].title):
                return MissingItem(mode, name, description)
    for asked_language, pattern in _ASKED_FOR.items():
        found = pattern.search(stripped)
        if found:
            item = found["item"].strip()
            return MissingItem("slot", item, _DESCRIPTION[asked_language].format(item=item))
    return None
