"""What a customer gives and what an agent asks for, in Chinese and English (model-free).

For each slot — `phone`, `order_number`, `name`, `address`, `date` — a value extractor
(what the user gave: personal_data_leak's phone and address patterns, an order-number
pattern, "我叫王伟" / "my name is …", dates) and an ask detector (the bot asking for it:
"请问您的联系电话是？", "could I have your order number?"). Patterns run on the
normalised text (NFKC, case-folded) except English names, whose capital letter matters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agenteval.domain.judging.personal_data_patterns import PATTERNS as PERSONAL_DATA
from agenteval.rules.qa.dialog import Utterance
from agenteval.rules.qa.literal_prefilter import Prefiltered

SLOTS = ("phone", "order_number", "name", "address", "date")
DEFAULT_ORDER_PATTERN = r"(?<![a-z0-9])(?:[a-z]{1,4}\d{8,16}|\d{12,20})(?![a-z0-9])"

# Personal-data patterns search the case-folded text, so they ignore case ("12 baker street").
VALUES: dict[str, Prefiltered] = {
    "phone": Prefiltered(PERSONAL_DATA["phone"].pattern),
    "address": Prefiltered(PERSONAL_DATA["address"].pattern, re.IGNORECASE),
    "date": Prefiltered(
        r"\d{1,2}\s*月\s*\d{1,2}\s*[日号]|(?:明天|后天|大后天|今天)|(?:下?周|星期|礼拜)[一二三四五六日天]"
        r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\btomorrow\b|\btoday\b"
        r"|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|\b\d{4}-\d{2}-\d{2}\b"
        r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"),
}
NAME_ZH = Prefiltered(r"(?:我叫|我姓|免贵姓|本人姓|我的名字是|名字叫|姓名[是:：]?)\s*([\u4e00-\u9fff]{1,4})")
# On the original text: an English name starts with a capital letter.
NAME_EN = Prefiltered(r"\b(?:[Mm]y name is|[Tt]his is|I'm|I am|[Nn]ame's)\s+([A-Z][a-z]+)"
                      r"(?:\s+[A-Z][a-z]+)?")
_DIGITS = re.compile(r"\d\d\d")

ASKS: dict[str, Prefiltered] = {
    "phone": Prefiltered(r"电话|手机号|手机|联系方式|号码"
                        r"|\b(?:phone|mobile|contact|callback)\s*(?:number)?\b|\byour number\b"),
    "order_number": Prefiltered(r"订单号|订单编号|单号|订单信息|\border\s*(?:number|id|no)\b"),
    "name": Prefiltered(r"怎么称呼|贵姓|姓名|名字|称呼您|叫什么|\byour (?:full )?name\b"
                       r"|\bwho am i speaking\b|\bname (?:on|for) the\b"),
    "address": Prefiltered(r"地址|住址|住在哪|在哪里上门|\baddress\b|\bwhere do you live\b"),
    "date": Prefiltered(r"日期|哪天|哪一天|什么时候|几号|\bwhich day\b|\bwhat date\b|\bwhen would\b"),
}
# A question (or a polite request) makes a mention of the slot an ask.
REQUEST = re.compile(r"[?？]|(?<![申邀])请|麻烦|提供|告知|告诉|留一?下|留个|留一个|说一下|报一下|是多少|多少"
                     r"|\b(?:please|could you|can you|may i|would you|what is|what's|provide)\b")
# "another / a backup number" asks for a different value, not the same one again.
ANOTHER = re.compile(r"另一个|另外一个|备用|其他|其它|别的|新的|第二个"
                     r"|\b(?:another|different|alternative|other|backup|second|new)\b")
# Asking the user to check a value they gave is not asking for it again.
CHECK = re.compile(r"核对|核实一下|是否正确|对不对|有没有写错|\b(?:double-check|check (?:the|that|your)|correct)\b")
# Sentences end at 。！; and line breaks; a "?" or "？" stays with its question.
_SENTENCE_END = re.compile(r"(?<=[。！!；;?？])|\n|(?<=[a-z0-9])\.\s")
CORRECTION = re.compile(r"错|不对|改|换|更正|更改|变更|不是这个|重新"
                        r"|\b(?:wrong|change|update|correct|incorrect|actually|instead|not right|typo)\b")
SLOT_NOUNS: dict[str, re.Pattern[str]] = {
    "phone": re.compile(r"电话|号码|手机|\b(?:phone|number|mobile)\b"),
    "order_number": re.compile(r"订单|单号|\border\b"),
    "name": re.compile(r"名字|姓名|称呼|姓|\bname\b"),
    "address": re.compile(r"地址|住址|\baddress\b"),
    "date": re.compile(r"日期|时间|哪天|\b(?:date|day|time)\b"),
}


def given_values(slot: str, utterance: Utterance,
                 patterns: Mapping[str, Any]) -> list[str]:
    """The values of `slot` this (user) utterance gives."""
    if slot == "name":
        return ([m.group(1) for m in NAME_ZH.finditer(utterance.norm)]
                + [m.group(0).split()[-1].casefold() for m in NAME_EN.finditer(utterance.text)])
    if slot in ("phone", "order_number") and not _DIGITS.search(utterance.norm):
        return []  # both need digits: most messages are skipped by one quick scan
    own = patterns.get(slot)
    if own is not None:
        return [m.group(0) for m in own.finditer(utterance.norm)]
    return [m.group(0) for m in VALUES[slot].finditer(utterance.norm)]


def asks_for(slot: str, utterance: Utterance) -> str | None:
    """The words with which this (bot) utterance asks for `slot` — the slot and a request
    in one sentence, not a request to check the value ("核对一下订单号") — or None."""
    if ASKS[slot].search(utterance.norm) is None:  # the common case: one search
        return None
    for sentence in _SENTENCE_END.split(utterance.norm):
        hit = ASKS[slot].search(sentence)
        if hit is not None and REQUEST.search(sentence) and not CHECK.search(sentence):
            return str(hit.group(0))
    return None


def digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def echoes(slot: str, value: str, utterance: Utterance) -> bool:
    """The bot repeats the value back (a confirmation, not a re-ask)."""
    if slot in ("phone", "order_number"):
        wanted = digits(value)
        return len(wanted) >= 4 and (wanted in digits(utterance.norm) or
                                     wanted[-4:] in digits(utterance.norm) and slot == "phone")
    return value.replace(" ", "") in utterance.compact


def corrects(slot: str, utterance: Utterance) -> bool:
    """The user says their `slot` value was wrong or should change."""
    return bool(CORRECTION.search(utterance.norm) and SLOT_NOUNS[slot].search(utterance.norm))
