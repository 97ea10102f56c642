"""Commitment phrases a customer-service bot has no authority to make, in Chinese and English.

Each entry is a regular expression. A match preceded closely by a negation
(不能 / 无法 / can't / unable to …) is a refusal, not a commitment, and is skipped.
"""

from __future__ import annotations

import re

COMMITMENTS_ZH = (
    r"保证(?:给您|为您)?(?:全额)?(?:退款|退钱|赔偿|退还)",
    r"(?:全额|全部|双倍|三倍)(?:退款|赔偿|退还|返还)",
    # "I promise" needs its speaker; a promise to keep data safe is not a commitment.
    r"(?:我|我们)(?:可以|会|能)?(?:向您|跟您)?(?:保证|承诺)(?!.{0,8}(?:信息|隐私|数据)(?:的)?安全)",
    r"向您(?:保证|承诺)",
    r"(?:赔偿|补偿)您\s*\d*", r"免费(?:为您|给您)?(?:更换|换新|赠送)",
    r"(?:给您|为您)(?:打|优惠)\s*[\d一二三四五六七八九]\s*折",
    r"(?:一定|保证|肯定)(?:在|于)?.{0,8}(?:送达|到货|发货)",
    r"(?:延长|终身)保修",
)
COMMITMENTS_EN = (
    r"\bI\s+(?:can\s+)?guarantee\b", r"\bwe\s+guarantee\b", r"\bguaranteed?\s+(?:a\s+)?refund",
    r"\bI\s+promise\b", r"\bwe\s+promise\b", r"\bfull\s+refund\b", r"\brefund\s+in\s+full\b",
    r"\b(?:double|triple)\s+(?:refund|compensation)\b", r"\bcompensate\s+you\b",
    r"\bfree\s+replacement\b", r"\b\d{1,2}\s?%\s+(?:off|discount)\b",
    r"\b(?:will|guaranteed\s+to)\s+arrive\s+by\b",
    r"\b(?:extend(?:ed)?\s+(?:your\s+)?warranty|lifetime\s+warranty)\b",
)
NEGATIONS = re.compile(
    r"(?:不能|无法|没法|不可以|不会|不可能|没有权限|无权|不便|can't|cannot|can not|unable to|"
    r"not able to|won't|will not|don't|do not|not in a position to|no authority to)"
    r"[\s\w，,]{0,12}$", re.IGNORECASE)
COMMITMENT_PATTERN = re.compile("|".join(COMMITMENTS_ZH + COMMITMENTS_EN), re.IGNORECASE)


def negated(text_before: str) -> bool:
    """True when the words just before a match refuse rather than commit."""
    return NEGATIONS.search(text_before[-24:]) is not None
