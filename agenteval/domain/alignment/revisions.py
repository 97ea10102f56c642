"""Judge revisions: the examples overlay per (rule type, language, judge model).

An active revision's examples are added to a rule's own at judge time (never past the
10-example cap); its label is recorded in every result it judged (`detail.judge.revision`)
and is part of the answer cache's key, so a new revision asks the judge again and Compare's
judge fingerprint sees a changed judge.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.fingerprints import content_hash

LANGUAGES = ("en", "zh")


@dataclass(frozen=True)
class ActiveRevision:
    rule_type: str
    language: str
    judge_model: str
    number: int
    examples: tuple[Mapping[str, Any], ...]

    @property
    def label(self) -> str:
        """'llm_score/en/r3:1a2b3c4d': the number, and a hash of what it adds."""
        digest = content_hash([dict(e) for e in self.examples])[:8]
        return f"{self.rule_type}/{self.language}/r{self.number}:{digest}"


class RevisionOverlay:
    """The active revisions a run judges with, read once when the run starts."""

    def __init__(self, revisions: Iterable[ActiveRevision] = ()) -> None:
        self._by_key = {(r.rule_type, r.language, r.judge_model): r for r in revisions}

    def lookup(self, rule_type: str, language: str, judge_model: str) -> ActiveRevision | None:
        return self._by_key.get((rule_type, language, judge_model))

    def __len__(self) -> int:
        return len(self._by_key)
