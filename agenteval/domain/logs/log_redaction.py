"""Personal data out of logged conversations before they are stored or judged.

`--redact phone` / `id_number` / `email` mask those by pattern in every message (zh
and en forms: Chinese mobile and landline numbers, international numbers, Chinese
resident ID numbers, US SSNs); any other name drops that metadata field.
"""

from __future__ import annotations

import re
from dataclasses import replace

from agenteval.domain.linear_masking import EMAIL_MASK, mask_emails
from agenteval.domain.logs.conversation_logs import ConversationLog, Dialog

PATTERNS: dict[str, re.Pattern[str]] = {
    # Resident ID (18 characters, the last a digit or X) and US SSN; before phones,
    # whose pattern would eat the ID's digits.
    "id_number": re.compile(r"(?<!\d)(?:\d{17}[\dXx]|\d{3}-\d{2}-\d{4})(?!\d)"),
    # Chinese mobile (1[3-9] + 9 digits), landline (0xx-xxxxxxxx), international
    # (+country …) and US-style (555-123-4567, 5551234567) numbers.
    "phone": re.compile(r"(?<![\dA-Za-z])(?:\+?\d{1,3}[\s-]?)?(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}"
                        r"|\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4})(?!\d)"),
}
MASKS = {"id_number": "[ID]", "phone": "[PHONE]", "email": EMAIL_MASK}
# What `--redact` knows by name (the others drop metadata fields).
KINDS = ("id_number", "email", "phone")
ORDER = KINDS


def redact_dialog(dialog: Dialog, names: list[str], counts: dict[str, int]) -> Dialog:
    """The dialog with the named kinds masked in every message and the named metadata
    fields dropped; `counts` (by name) adds what was masked or dropped."""
    kinds = [k for k in ORDER if k in names]

    def mask(text: str) -> str:
        for kind in kinds:
            if kind == "email":  # linear whatever the text (the regex was quadratic)
                text, found = mask_emails(text, MASKS[kind])
            else:  # bounded repetitions: linear already
                text, found = PATTERNS[kind].subn(MASKS[kind], text)
            counts[kind] = counts.get(kind, 0) + found
        return text

    metadata = dict(dialog.metadata)
    for name in (n for n in names if n not in KINDS):
        if metadata.pop(name, None) is not None:
            counts[name] = counts.get(name, 0) + 1
    if not kinds:
        return replace(dialog, metadata=metadata)
    return replace(dialog, metadata=metadata, turns=[
        replace(turn, user=mask(turn.user), reply=mask(turn.reply)) for turn in dialog.turns])


def redact(log: ConversationLog, names: list[str]) -> tuple[ConversationLog, dict[str, int]]:
    """The log with the named kinds masked and the named metadata fields dropped; how many
    of each were masked or dropped."""
    counts = dict.fromkeys(names, 0)
    dialogs = [redact_dialog(dialog, names, counts) for dialog in log.dialogs]
    return ConversationLog(dialogs, log.skipped), counts
