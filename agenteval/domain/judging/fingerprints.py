"""What a result was judged against, as short content hashes: the case's definition and the
judge (model, prompt version, judge revision). Compare uses them to tell a bot that changed
from a test or a judge that did: a case whose definition or judge differs between two runs is
not evidence about the bot.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

HASH_LENGTH = 16  # hex characters: 64 bits, plenty to tell versions of one case apart


def content_hash(value: Any) -> str:
    """A stable hash of a JSON value: keys sorted, no whitespace, text as UTF-8."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_LENGTH]


def case_hash(case: Mapping[str, Any]) -> str:
    """The hash of a case's definition as a run's snapshot keeps it."""
    return content_hash(case)


def judge_identity(detail: Any) -> tuple[str, str, str] | None:
    """(model, prompt version, revision) of a judged rule result's detail; None when no
    model judged it (model-free rules, and judged rules that never ran)."""
    judge = detail.get("judge") if isinstance(detail, Mapping) else None
    if not isinstance(judge, Mapping) or not judge.get("model"):
        return None
    return (str(judge.get("model")), str(judge.get("prompt_version") or ""),
            str(judge.get("revision") or ""))


def judge_hash(results: Iterable[Mapping[str, Any]]) -> str | None:
    """The hash of the judges behind a case's results (rule type + judge identity); None
    when no result was judged by a model, so nothing can be said about a change."""
    judged = sorted({(str(result.get("rule_type") or result.get("ruleType")), *identity)
                     for result in results
                     if (identity := judge_identity(result.get("detail"))) is not None})
    return content_hash(judged) if judged else None
