"""Which cases changed between two runs, apart from the bot: their definition (the case as the
run's snapshot holds it) or their judge. Such cases are left out of regressions, improvements
and the significance test, and said at the top of every comparison.

A side whose definitions are unknown (a baseline file written before hashes were recorded)
changes nothing here but is said too: "unknown", never "unchanged".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.fingerprints import judge_hash


@dataclass(frozen=True)
class ChangedCase:
    case_key: str
    definition_changed: bool
    judge_changed: bool

    @property
    def what(self) -> str:
        return " and ".join(name for name, changed in (("definition", self.definition_changed),
                                                        ("judge", self.judge_changed)) if changed)


def judges_by_case(outcomes: Iterable[Mapping[str, Any]], results_key: str = "results",
                   key: str = "case_key") -> dict[str, str]:
    """Case key → the hash of the judges of all its attempts (cases no model judged left out)."""
    results: dict[str, list[Mapping[str, Any]]] = {}
    for outcome in outcomes:
        results.setdefault(str(outcome[key]), []).extend(outcome.get(results_key) or [])
    return {case: hashed for case, rows in results.items()
            if (hashed := judge_hash(rows)) is not None}


def changed_cases(shared: Iterable[str], base_definitions: Mapping[str, str] | None,
                  head_definitions: Mapping[str, str] | None, base_judges: Mapping[str, str],
                  head_judges: Mapping[str, str]) -> list[ChangedCase]:
    """The shared cases whose definition or judge differs, in key order. A definition is
    compared only where both sides know it; a judge only where a model judged both."""
    changed = []
    for key in sorted(set(shared)):
        definition = (base_definitions is not None and head_definitions is not None
                      and key in base_definitions and key in head_definitions
                      and base_definitions[key] != head_definitions[key])
        judge = (key in base_judges and key in head_judges
                 and base_judges[key] != head_judges[key])
        if definition or judge:
            changed.append(ChangedCase(key, definition, judge))
    return changed


def changes_warning(changed: list[ChangedCase], total: int) -> str | None:
    """The line said at the top of a comparison, or None when nothing changed."""
    if not changed:
        return None
    definitions = sum(1 for c in changed if c.definition_changed)
    judges = sum(1 for c in changed if c.judge_changed)
    parts = [f"{definitions} in definition" if definitions else "",
             f"{judges} in judge" if judges else ""]
    return (f"{len(changed)} of {total} cases changed between these runs "
            f"({', '.join(p for p in parts if p)}): they are left out of the regressions, "
            "the improvements and the significance test")


def unknown_definitions_warning(side: str, count: int) -> str:
    return (f"the {side} records no case definitions (written before they were recorded): "
            f"whether its {count} shared cases changed is unknown")
