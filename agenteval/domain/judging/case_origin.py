"""Where a case came from: the intelligent eval's finding or session it was drafted from.

Stored in the scenario document as `origin: {eval_id, session_id, finding_id,
finding_index}` (snake_case; GraphQL spells the same keys camelCase). A case
without an origin has no `origin` key at all, so it exports exactly as before.
The origin travels with the case into a run's snapshot, which is how a later
run can say "finding #3 of eval X: fixed / still failing".
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from agenteval.domain.field_errors import FieldErrors

MAX_ID_LENGTH = 200
# Document spelling → GraphQL spelling; either is accepted when validating.
ORIGIN_FIELDS = {"eval_id": "evalId", "session_id": "sessionId", "finding_id": "findingId",
                 "finding_index": "findingIndex"}


@dataclass(frozen=True)
class CaseOrigin:
    """The eval (always), session and finding a case was drafted from."""

    eval_id: str
    session_id: str | None = None
    finding_id: str | None = None
    finding_index: int | None = None  # 0-based position in the eval's report

    def as_document(self) -> dict[str, Any]:
        """The stored form: only the keys that are set."""
        values = {"eval_id": self.eval_id, "session_id": self.session_id,
                  "finding_id": self.finding_id, "finding_index": self.finding_index}
        return {key: value for key, value in values.items() if value is not None}


def finding_id(eval_id: str, finding_index: int) -> str:
    """The id of a finding: findings have no row of their own, only a place in a report."""
    return f"{eval_id}:{finding_index}"


def parse_finding_id(value: str) -> tuple[str, int] | None:
    """(eval id, 0-based finding index) of a `finding_id`, or None when it is not one."""
    eval_part, _, index_part = value.rpartition(":")
    if not eval_part or not index_part.isdigit():
        return None
    return eval_part, int(index_part)


def origin_from_document(document: dict[str, Any] | None) -> CaseOrigin | None:
    """A stored (already validated) origin back as a CaseOrigin."""
    if document is None:
        return None
    return CaseOrigin(eval_id=document["eval_id"], session_id=document.get("session_id"),
                      finding_id=document.get("finding_id"),
                      finding_index=document.get("finding_index"))


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True


def validate_origin(value: Any, path: str, errors: FieldErrors) -> CaseOrigin | None:
    """A CaseOrigin from either spelling; problems are added to `errors`."""
    if value is None:
        return None
    if not isinstance(value, dict):
        errors.add(path, "must be an object {eval_id, session_id, finding_id, finding_index}")
        return None
    canonical: dict[str, Any] = {}
    spellings = {**{name: name for name in ORIGIN_FIELDS},
                 **{camel: name for name, camel in ORIGIN_FIELDS.items()}}
    for key, item in value.items():
        name = spellings.get(key)
        if name is None:
            errors.add(f"{path}.{key}", "is not an origin field (known: "
                       + ", ".join(ORIGIN_FIELDS) + ")")
        else:
            canonical[name] = item
    before = len(errors)
    if canonical.get("eval_id") is None:
        errors.add(f"{path}.eval_id", "is required")
    for name in ("eval_id", "session_id", "finding_id"):
        item = canonical.get(name)
        if item is not None and (not isinstance(item, str) or not item.strip()
                                 or len(item) > MAX_ID_LENGTH):
            errors.add(f"{path}.{name}",
                       f"must be a non-empty string of at most {MAX_ID_LENGTH} characters")
    if len(errors) == before:  # ids the API made: an eval's and a session's are UUIDs
        for name in ("eval_id", "session_id"):
            item = canonical.get(name)
            if item is not None and not _is_uuid(item):
                errors.add(f"{path}.{name}", "must be an id (a UUID) as the API gives it")
        finding = canonical.get("finding_id")
        parsed = parse_finding_id(finding) if finding is not None else None
        if finding is not None and (parsed is None or parsed[0] != canonical["eval_id"]):
            errors.add(f"{path}.finding_id", "must be <eval_id>:<finding index> of this eval")
    index = canonical.get("finding_index")
    if index is not None and (isinstance(index, bool) or not isinstance(index, int)
                              or index < 0):
        errors.add(f"{path}.finding_index", "must be a whole number ≥ 0")
    if len(errors) > before:
        return None
    return CaseOrigin(eval_id=canonical["eval_id"], session_id=canonical.get("session_id"),
                      finding_id=canonical.get("finding_id"),
                      finding_index=canonical.get("finding_index"))
