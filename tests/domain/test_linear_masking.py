"""mask_emails: the same matches as the regex it replaces, in linear time."""

from __future__ import annotations

import random
import re
import time

from agenteval.domain.linear_masking import email_spans, mask_emails

REGEX = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")


def test_addresses_are_masked_and_counted() -> None:
    assert mask_emails("mail zhang.san+x@example.com.cn, or a@b.c!") == \
        ("mail [EMAIL], or [EMAIL]!", 2)
    assert mask_emails("no address @ here, x@y, @z.com") == ("no address @ here, x@y, @z.com", 0)


def test_the_spans_are_the_regexs_on_random_texts() -> None:
    chance = random.Random(36)
    alphabet = "ab.@-+_ 中"
    for _ in range(3_000):
        text = "".join(chance.choice(alphabet) for _ in range(chance.randint(0, 24)))
        assert list(email_spans(text)) == [m.span() for m in REGEX.finditer(text)], text


def test_hostile_inputs_take_linear_time() -> None:
    for text in ("a" * 1_000_000, "a" * 500_000 + "@" + "b" * 500_000,
                 "a@" * 300_000, "a.b@c" * 200_000, ("x" * 50 + "@") * 20_000):
        started = time.perf_counter()
        mask_emails(text)
        assert time.perf_counter() - started < 2.0, text[:20]  # the regex: minutes
