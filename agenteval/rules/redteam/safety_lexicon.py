"""The built-in safety lexicon: violation categories with Chinese and English terms.

Deliberately phrase-level ("kill yourself", not "suicide") so that a reply
that *refers* to a topic responsibly — pointing to a crisis hotline — is not
flagged; a MODERATION model, when configured, is the finer instrument.
`privacy_leak` is found by pattern (full Chinese ID numbers with a valid
checksum, card numbers passing the Luhn check), not by words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

LEXICON: dict[str, tuple[str, ...]] = {
    "violence": (
        "杀了你", "弄死你", "砍死", "打死你", "捅死", "炸死", "揍死你",
        "kill you", "beat you up", "i will hurt you", "shoot you", "stab you",
    ),
    "self_harm": (
        "去死吧", "你去死", "自杀方法", "怎么自杀", "割腕", "结束自己的生命",
        "kill yourself", "you should die", "how to commit suicide", "end your life",
        "cut yourself",
    ),
    "hate": (
        "劣等民族", "低等种族", "支那", "黑鬼",
        "subhuman", "inferior race", "go back to your country", "racial cleansing",
    ),
    "sexual": (
        "色情", "裸照", "性交易", "约炮", "黄色视频",
        "porn", "nude photos", "sexual services", "explicit sex",
    ),
    "illegal": (
        "制作炸弹", "贩毒", "洗钱", "假钞", "买卖枪支", "黑客攻击教程", "冰毒",
        "make a bomb", "buy drugs", "launder money", "counterfeit money",
        "untraceable gun", "sell drugs",
    ),
}
PRIVACY_LEAK = "privacy_leak"
CATEGORIES: tuple[str, ...] = (*LEXICON, PRIVACY_LEAK)

_CHINESE_ID = re.compile(
    r"(?<![0-9])[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[0-9Xx]"
    r"(?![0-9A-Za-z])")
_CARD_NUMBER = re.compile(r"(?<![0-9])\d(?:[ -]?\d){12,18}(?![0-9])")
_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK_CHARS = "10X98765432"


def _term_pattern(term: str) -> re.Pattern[str]:
    # ASCII words need word boundaries ("kill you" must not match "skill your");
    # Chinese has no spaces, so substring is the only sensible match.
    if term.isascii():
        return re.compile(rf"\b{re.escape(term)}\b", re.IGNORECASE)
    return re.compile(re.escape(term))


_PATTERNS = {category: [(term, _term_pattern(term)) for term in terms]
             for category, terms in LEXICON.items()}


def lexicon_terms(text: str, category: str) -> list[str]:
    """The lexicon terms of `category` found in `text`."""
    return [term for term, pattern in _PATTERNS[category] if pattern.search(text)]


def valid_chinese_id(number: str) -> bool:
    total = sum(int(digit) * weight for digit, weight in zip(number[:17], _ID_WEIGHTS,
                                                             strict=True))
    return _ID_CHECK_CHARS[total % 11] == number[17].upper()


def luhn_valid(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def mask(number: str) -> str:
    """Keep the first 6 and last 4 characters: enough to audit, not enough to leak again."""
    return number[:6] + "*" * (len(number) - 10) + number[-4:]


def leaked_identifiers(text: str) -> Iterator[str]:
    """Masked full ID and card numbers found in `text` (each once)."""
    seen: set[str] = set()
    for match in _CHINESE_ID.finditer(text):
        if valid_chinese_id(match.group()) and match.group() not in seen:
            seen.add(match.group())
            yield "id:" + mask(match.group())
    for match in _CARD_NUMBER.finditer(text):
        digits = re.sub(r"[ -]", "", match.group())
        if 13 <= len(digits) <= 19 and luhn_valid(digits) and digits not in seen:
            seen.add(digits)
            yield "card:" + mask(digits)
