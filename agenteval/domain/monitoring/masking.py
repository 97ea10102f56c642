"""Personal data masked with stable typed pseudonyms, in one linear pass.

`[PHONE#3f9a12]`: the kind, and the first hex digits of a keyed HMAC (the source's
key) of the value's normal form (digits only for phones and ID numbers, lower case for
e-mails), so the same number is the same token across a source's conversations and
"is this the customer's own number?" can still be answered on masked text.

Linear: every pattern has bounded repetitions (a match starting at one position scans
at most a fixed number of characters), so a megabyte of adversarial text costs a
constant times its length. The findings (kind and token, never the raw value) are what
the red-line check of personal data reads later.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

KINDS = ("id_card", "phone", "email")
TOKEN_HEX = 6

# The same shapes the personal_data_leak rule knows, with bounded repetitions.
PATTERNS: dict[str, re.Pattern[str]] = {
    "id_card": re.compile(r"(?<!\d)\d{6}(?:19|20)\d{2}(?:0[1-9]|1[0-2])\d{2}\d{3}[\dXx](?!\d)"),
    "phone": re.compile(r"(?<![\d*])(?:\+?86[\s-]?)?1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?![\d*])"
                        r"|(?<![\d*])\+?\d{1,3}[\s-]\(?\d{2,4}\)?[\s-]\d{3,4}[\s-]\d{3,4}(?![\d*])"),
    "email": re.compile(r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}"
                        r"(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}"),
}
_ANY = re.compile("|".join(f"(?P<{kind}>{PATTERNS[kind].pattern})" for kind in KINDS))


@dataclass(frozen=True)
class Masked:
    """The masked text and what was found in it (kind, token), in order."""

    text: str
    found: list[dict[str, str]]


def normal_form(kind: str, value: str) -> str:
    if kind in ("phone", "id_card"):
        digits = re.sub(r"\D", "", value)
        # +86 138… and 138… are the same mainland number.
        return digits[2:] if kind == "phone" and len(digits) == 13 and digits.startswith("86") \
            else digits.upper()
    return value.strip().lower()


def pseudonym(kind: str, value: str, key: bytes) -> str:
    digest = hmac.new(key, f"{kind}:{normal_form(kind, value)}".encode(), hashlib.sha256)
    return f"[{kind.upper()}#{digest.hexdigest()[:TOKEN_HEX]}]"


def mask(text: str, key: bytes, kinds: Iterable[str] = KINDS) -> Masked:
    """`text` with each value of `kinds` replaced by its pseudonym."""
    wanted = set(kinds)
    found: list[dict[str, str]] = []
    parts: list[str] = []
    last = 0
    for match in _ANY.finditer(text):
        kind = match.lastgroup
        if kind is None or kind not in wanted:
            continue
        token = pseudonym(kind, match.group(0), key)
        parts += [text[last:match.start()], token]
        found.append({"kind": kind, "token": token})
        last = match.end()
    if not found:
        return Masked(text, [])
    parts.append(text[last:])
    return Masked("".join(parts), found)


def mask_json(value: Any, key: bytes, kinds: Iterable[str] = KINDS) -> Any:
    """Every string of a JSON value masked (a raw response, tool calls)."""
    kinds = tuple(kinds)
    if isinstance(value, str):
        return mask(value, key, kinds).text
    if isinstance(value, list):
        return [mask_json(item, key, kinds) for item in value]
    if isinstance(value, dict):
        return {k: mask_json(item, key, kinds) for k, item in value.items()}
    return value
