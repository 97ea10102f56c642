"""A sampling plan: what share of which items goes to human review, and which always does.

The spec is JSON (GraphQL `JSON` input), checked field by field here so a bad
plan is VALIDATION_FAILED with a path per mistake and nothing stored:

    {"share": 0.1,                  # random share of the remaining items (0..1)
     "seed": 7,                     # the random draw is repeatable
     "stratifyBy": "tag" | "metadata.<field>" | null,  # the share is drawn per stratum
     "perDay": 20,                  # at most this many random picks per calendar day (UTC)
     "vetoed": true,                # every item with a veto / red-line hit
     "judgeSplit": true,            # every item whose judge samples disagreed
     "lowConfidenceBelow": 0.6,     # every item whose judge confidence is below this
     "rulesDisagree": true,         # every item where two results of one rule type disagree
     "kinds": ["CASE", "SESSION", "FINDING", "CONVERSATION"],  # CONVERSATION: monitors'
     "secondReviewShare": 0.2}      # share of the queue's items reviewed twice, blind
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from agenteval.domain.field_errors import FieldErrors

KINDS = ("CASE", "SESSION", "FINDING", "CONVERSATION")
_KNOWN = {"share", "seed", "stratifyBy", "perDay", "vetoed", "judgeSplit",
          "lowConfidenceBelow", "rulesDisagree", "kinds", "secondReviewShare"}


@dataclass(frozen=True)
class PlanSpec:
    share: float = 0.0
    seed: int = 0
    stratify_by: str | None = None
    per_day: int | None = None
    vetoed: bool = False
    judge_split: bool = False
    low_confidence_below: float | None = None
    rules_disagree: bool = False
    kinds: tuple[str, ...] = KINDS
    second_review_share: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {"share": self.share, "seed": self.seed, "stratifyBy": self.stratify_by,
                "perDay": self.per_day, "vetoed": self.vetoed, "judgeSplit": self.judge_split,
                "lowConfidenceBelow": self.low_confidence_below,
                "rulesDisagree": self.rules_disagree, "kinds": list(self.kinds),
                "secondReviewShare": self.second_review_share}


def _share(errors: FieldErrors, path: str, raw: Any) -> float:
    if raw is None:
        return 0.0
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not 0 <= raw <= 1:
        errors.add(path, "must be a number from 0 to 1")
        return 0.0
    return float(raw)


def _flag(errors: FieldErrors, path: str, raw: Any) -> bool:
    if raw is None:
        return False
    if not isinstance(raw, bool):
        errors.add(path, "must be true or false")
        return False
    return raw


def _whole(errors: FieldErrors, path: str, raw: Any, minimum: int) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < minimum:
        errors.add(path, f"must be a whole number of at least {minimum}")
        return None
    return raw


def _stratum(errors: FieldErrors, path: str, raw: Any) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or not (raw == "tag" or (
            raw.startswith("metadata.") and 0 < len(raw) - 9 <= 100)):
        errors.add(path, 'must be "tag" or "metadata.<field>"')
        return None
    return raw


def _kinds(errors: FieldErrors, path: str, raw: Any) -> tuple[str, ...]:
    if raw is None:
        return KINDS
    if not isinstance(raw, list) or not raw or any(k not in KINDS for k in raw):
        errors.add(path, f"must be a non-empty list of {', '.join(KINDS)}")
        return KINDS
    return tuple(dict.fromkeys(raw))


def parse_plan(raw: Mapping[str, Any], errors: FieldErrors, path: str = "spec") -> PlanSpec:
    """The plan, or mistakes added to `errors` (the returned spec is then meaningless)."""
    if not isinstance(raw, Mapping):
        errors.add(path, "must be an object")
        return PlanSpec()
    for name in sorted(set(raw) - _KNOWN):
        errors.add(f"{path}.{name}", f"unknown field; known: {', '.join(sorted(_KNOWN))}")
    low = raw.get("lowConfidenceBelow")
    spec = PlanSpec(
        share=_share(errors, f"{path}.share", raw.get("share")),
        seed=_whole(errors, f"{path}.seed", raw.get("seed"), 0) or 0,
        stratify_by=_stratum(errors, f"{path}.stratifyBy", raw.get("stratifyBy")),
        per_day=_whole(errors, f"{path}.perDay", raw.get("perDay"), 1),
        vetoed=_flag(errors, f"{path}.vetoed", raw.get("vetoed")),
        judge_split=_flag(errors, f"{path}.judgeSplit", raw.get("judgeSplit")),
        low_confidence_below=None if low is None else _share(
            errors, f"{path}.lowConfidenceBelow", low),
        rules_disagree=_flag(errors, f"{path}.rulesDisagree", raw.get("rulesDisagree")),
        kinds=_kinds(errors, f"{path}.kinds", raw.get("kinds")),
        second_review_share=_share(errors, f"{path}.secondReviewShare",
                                   raw.get("secondReviewShare")))
    if not errors and spec.share == 0 and not (spec.vetoed or spec.judge_split or
                                               spec.rules_disagree or
                                               spec.low_confidence_below is not None):
        errors.add(path, "selects nothing: give a share or at least one rule "
                         "(vetoed, judgeSplit, lowConfidenceBelow, rulesDisagree)")
    return spec
