"""Entity patterns per locale: order numbers, phones, ID numbers, amounts, service references.

Searched in the normalised text (NFKC, case-folded: full-width digits are digits). A
scorecard gives its own `pattern` when its business formats differ (e.g. HomeCare's
order numbers HC + 10 digits, its service references RP/RT/RF/IN/CP + 5 digits).
"""

from __future__ import annotations

import re

from agenteval.domain.judging.personal_data_patterns import EMAIL_ADDRESS
from agenteval.domain.judging.personal_data_patterns import PATTERNS as PERSONAL_DATA
from agenteval.rules.qa.extractors import DEFAULT_ORDER_PATTERN

ENTITIES = ("order_number", "phone", "id_card", "amount", "email")
LOCALES = ("zh", "en", "any")

_AMOUNT = {
    "zh": r"(?:[¥￥]\s?\d[\d,]*(?:\.\d{1,2})?|\d[\d,]*(?:\.\d{1,2})?\s?(?:元|块|rmb|人民币))",
    "en": r"(?:[$€£]\s?\d[\d,]*(?:\.\d{2})?|\d[\d,]*(?:\.\d{2})?\s?(?:usd|dollars?|eur|gbp))",
}
_PHONE_EN = r"(?<![\d*])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}(?![\d*])"


def entity_pattern(entity: str, locale: str = "any") -> re.Pattern[str]:
    """The compiled pattern of `entity` for `locale` (`any`: zh and en together)."""
    if entity == "amount":
        parts = list(_AMOUNT.values()) if locale == "any" else [_AMOUNT[locale]]
        return re.compile("|".join(parts))
    if entity == "phone":
        zh = PERSONAL_DATA["phone"].pattern
        return re.compile(zh if locale == "zh" else f"{zh}|{_PHONE_EN}")
    if entity == "order_number":
        return re.compile(DEFAULT_ORDER_PATTERN)
    if entity == "email":  # PATTERNS["email"] is the domain part only (see its comment)
        return EMAIL_ADDRESS
    return PERSONAL_DATA[entity]
