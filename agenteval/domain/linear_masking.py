"""E-mail addresses found and masked in time linear in the text, whatever the text.

The obvious pattern, `[\\w.+-]+@[\\w-]+\\.[\\w.-]+`, is quadratic in Python's backtracking
`re`: from every start inside a long run of word characters it scans to the run's end
before failing, so a 1 MB message without an `@` froze the server for minutes (and `re`
holds the GIL: no thread frees the event loop). Here the scan is anchored on each `@`
instead: the local part is matched *backwards* from the `@` (on the reversed text), the
domain forwards; neither run can cross another `@`, so every character is looked at a
bounded number of times. The spans are exactly the ones the regex above finds (leftmost
matches, no overlaps).

Pure; monitoring's ingestion reuses `mask_emails` on the turns it takes in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

EMAIL_MASK = "[EMAIL]"
# The local part's characters (matched on the reversed text) and the domain that must follow.
LOCAL_PART = re.compile(r"[\w.+-]+")
DOMAIN = re.compile(r"[\w-]+\.[\w.-]+")


def email_spans(text: str, local_part: re.Pattern[str] = LOCAL_PART,
                domain: re.Pattern[str] = DOMAIN) -> Iterator[tuple[int, int]]:
    """(start, end) of every e-mail address in `text`, left to right, without overlaps.

    `local_part` is a character-class run (no `@` in it) matched backwards from each `@`;
    `domain` is matched (anchored) just after it and must not match `@` either.
    """
    at = text.find("@")
    if at < 0:
        return
    backwards = text[::-1]
    size, done = len(text), 0
    while at >= 0:
        after = domain.match(text, at + 1)
        if after is not None:
            # text[at - 1] is backwards[size - at]: the local part ends just before the `@`.
            before = local_part.match(backwards, size - at)
            start = max(at - (before.end() - before.start()) if before else at, done)
            if start < at:
                yield start, after.end()
                done = after.end()
                at = text.find("@", done)
                continue
        at = text.find("@", at + 1)


def mask_emails(text: str, mask: str = EMAIL_MASK) -> tuple[str, int]:
    """`text` with every e-mail address replaced by `mask`, and how many there were."""
    pieces: list[str] = []
    done = count = 0
    for start, end in email_spans(text):
        pieces += [text[done:start], mask]
        done, count = end, count + 1
    if not count:
        return text, 0
    pieces.append(text[done:])
    return "".join(pieces), count
