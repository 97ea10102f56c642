"""Facts a simulated user states, found without a model, and whether it had them.

In scope (issue 40): phone numbers, ID numbers (18-digit resident IDs and passport-style
numbers: one or two letters and 7–9 digits), order numbers (a reference of letters and at
least 6 digits, or a bare run of 8+ digits that is no phone or ID), amounts of money
(with a currency, after a paying verb, or a bare number answering "how much"),
addresses (the street patterns of `personal_data_leak`) and names ("我叫…", "my name
is…", or a short answer to "what is your name"). Out of scope and never flagged: dates
and times, product names and model numbers, error codes, quantities, e-mail addresses,
and any fact of another kind.

A stated value is *had* when it appears in a source — the persona, the goal, the
follow-ups, the case's opening or an earlier bot reply — compared loosely: phones and
IDs by their digits (either may carry a country code), amounts by their numeric value,
the rest without spaces or case, and a part of a source value counts (15楼 of an address).
Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.domain.judging.personal_data_patterns import PATTERNS, digits

# A whole number (never a prefix of a longer one: the lookaheads below would otherwise
# let the regex back off "20 days" to "2").
_NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\.?\d)(?!,\d)"
PASSPORT = re.compile(r"(?<![A-Za-z0-9])[A-Z]{1,2}\d{7,9}(?![A-Za-z0-9])")
ORDER = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,4}-?\d{6,}(?![A-Za-z0-9])|(?<![\d*])\d{8,}(?![\d*])")
AMOUNT = re.compile(
    rf"(?:[¥￥$]|RMB\s?|CNY\s?|USD\s?)(?:{_NUMBER})"
    rf"|(?:{_NUMBER})\s?(?:元|块钱|块|rmb|RMB|yuan|dollars?|bucks|USD|CNY)"
    rf"|(?:收了我?|花了|付了|交了|paid|charged(?: me)?|cost(?: me)?|spent)\s?(?:{_NUMBER})"
    r"(?!\s*(?:days?|hours?|weeks?|months?|years?|minutes?|times?|units?|天|小时|周|个|台|次|年|分钟))",
    re.IGNORECASE)
_LEADING_NUMBER = re.compile(rf"^\W*({_NUMBER})(?!\s*(?:[%:/.-]\d|个|台|天|号|点|年|月|匹|公斤|kg))")
ADDRESS = PATTERNS["address"]
# Common Chinese surnames: a bare answer to "怎么称呼" is a name only if it starts with one.
SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶"
            "程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾"
            "毛郝龚邵万钱严覃武戴莫孔向汤欧")
NAME_SAID = re.compile(
    r"(?:我叫|名字(?:是|叫)|姓名(?:是|叫)?[:：]?)\s*(?!什么|啥|谁)([\u4e00-\u9fff]{2,4})"
    r"|我姓\s*(?!什么|啥)([\u4e00-\u9fff])"
    r"|\b(?i:my name is|my name's|name is)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})")
# Only after the bot asked for a name: "It's Robert Green.", "张伟", "我是李娜" (case matters
# in English: a name is capitalised, "it's my fridge" is not a name).
NAME_ANSWER = re.compile(
    r"^\W*(?i:it's|it is|this is|i'm|i am)?\s*([A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,2})\W*$"
    rf"|^\W*(?:我是|叫我)?([{SURNAMES}][\u4e00-\u9fff]{{1,2}})(?:先生|女士)?\W*$")
ASKS_NAME = re.compile(r"怎么称呼|姓名|名字|贵姓|your name|who am i speaking|name, please",
                       re.IGNORECASE)
ASKS_AMOUNT = re.compile(r"多少钱|金额|价格|实付|付了多少|花了多少|how much|price|amount|"
                         r"what did you pay", re.IGNORECASE)
_NOT_NAMES = {"你好", "您好", "好的", "谢谢", "可以", "是的", "不是", "没有", "在吗", "稍等",
              "算了", "对的", "行吧", "明天", "今天", "后天", "上午", "下午", "晚上"}


@dataclass(frozen=True)
class StatedFact:
    kind: str  # phone | id_number | order_number | amount | address | name
    value: str
    start: int
    end: int


def stated_facts(text: str, previous_reply: str | None) -> list[StatedFact]:
    """The in-scope facts `text` states; `previous_reply` (the bot's last reply) tells a
    bare number or a short name apart from small talk."""
    found: list[StatedFact] = []
    taken: list[tuple[int, int]] = []

    def add(kind: str, match: re.Match[str], group: int = 0) -> None:
        start, end = match.span(group)
        if any(s < end and start < e for s, e in taken):
            return  # an ID's digits are not also a phone, an order's not an amount
        taken.append((start, end))
        found.append(StatedFact(kind, match.group(group), start, end))

    for match in PATTERNS["id_card"].finditer(text):
        add("id_number", match)
    for match in PATTERNS["phone"].finditer(text):
        add("phone", match)
    for match in PASSPORT.finditer(text):
        if len(digits(match.group(0))) == 8 and len(match.group(0)) == 9:
            add("id_number", match)
    for match in ORDER.finditer(text):
        add("order_number", match)
    for match in AMOUNT.finditer(text):
        add("amount", match)
    for match in ADDRESS.finditer(text):
        add("address", match)
    for match in NAME_SAID.finditer(text):
        group = next(g for g in (1, 2, 3) if match.group(g))
        add("name", match, group)
    if previous_reply and ASKS_AMOUNT.search(previous_reply):
        bare = _LEADING_NUMBER.search(text)
        if bare:
            add("amount", bare, 1)
    if previous_reply and ASKS_NAME.search(previous_reply):
        answer = NAME_ANSWER.search(text.strip())
        if answer:
            group = 1 if answer.group(1) else 2
            if answer.group(group) not in _NOT_NAMES:
                add("name", answer, group)
    return sorted(found, key=lambda fact: fact.start)


def _numbers(text: str) -> set[float]:
    return {float(n.replace(",", "")) for n in re.findall(_NUMBER, text)}


def _compact(text: str) -> str:
    return re.sub(r"[\s\-_.,，。:：]", "", text).casefold()


def had(fact: StatedFact, sources: Sequence[str]) -> bool:
    """Whether `fact` appears in one of `sources` (see the module docstring)."""
    if fact.kind in ("phone", "id_number") and digits(fact.value):
        value = digits(fact.value)
        runs = {digits(run) for source in sources
                for run in re.findall(r"\+?\d[\d\s()-]{5,}\d", source)}
        return any(len(run) >= 7 and (run.endswith(value) or value.endswith(run))
                   for run in runs) or any(value == _compact(s) for s in sources)
    if fact.kind == "amount":
        amounts = _numbers(fact.value)
        return bool(amounts) and any(amounts & _numbers(source) for source in sources)
    value = _compact(fact.value)
    return any(value in _compact(source) for source in sources)
