"""The result of an import: the cases (or seeds) and the mapping table of every item."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

Outcome = Literal["mapped", "dropped", "flagged"]

SOURCES = ("promptfoo", "botium", "deepeval", "tau2")


class ImportFailed(Exception):
    """A file that cannot be read as the named source at all (exit code 2)."""


@dataclass(frozen=True)
class MappingRow:
    """One item of a source file and what became of it."""

    case: str
    item: str
    outcome: Outcome
    detail: str


@dataclass
class ImportResult:
    """The cases or seeds built from one source's files, and how every item mapped.

    A case with nothing checkable is flagged and left out of `cases`: a case without
    a criterion would pass whatever the bot says, and an import must not add passes.
    """

    source: str
    cases: list[dict[str, Any]] = field(default_factory=list)
    personas: list[dict[str, Any]] = field(default_factory=list)
    goals: list[dict[str, Any]] = field(default_factory=list)
    rows: list[MappingRow] = field(default_factory=list)

    def mapped(self, case: str, item: str, detail: str) -> None:
        self.rows.append(MappingRow(case, item, "mapped", detail))

    def dropped(self, case: str, item: str, reason: str) -> None:
        self.rows.append(MappingRow(case, item, "dropped", reason))

    def flagged(self, case: str, reason: str) -> None:
        self.rows.append(MappingRow(case, "(case)", "flagged", reason))

    def counts(self) -> dict[str, int]:
        """Items mapped and dropped, cases flagged, and cases (or seed goals) produced."""
        tally = Counter(row.outcome for row in self.rows)
        return {"cases": len(self.cases), "seed_goals": len(self.goals),
                "mapped": tally["mapped"], "dropped": tally["dropped"],
                "flagged": tally["flagged"]}

    def seeds(self) -> dict[str, Any]:
        return {"personas": self.personas, "goals": self.goals}


def unique_id(wanted: str, taken: set[str]) -> str:
    """`wanted`, or `wanted-2`, `wanted-3`… when a case already has that id."""
    base = (wanted.strip() or "case")[:190]
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}-{number}", number + 1
    taken.add(candidate)
    return candidate


def render_table(result: ImportResult) -> str:
    """The mapping table: one line per item, then the counts.

    Columns are aligned up to 40 characters; a longer case id or item is printed in
    full (never cut: cut ids can make several cases look like one)."""
    width_case = min(40, max([4, *(len(r.case) for r in result.rows)]))
    width_item = min(40, max([4, *(len(r.item) for r in result.rows)]))
    lines = [f"{'case':<{width_case}}  {'item':<{width_item}}  outcome  detail"]
    for row in result.rows:
        lines.append(f"{row.case:<{width_case}}  {row.item:<{width_item}}"
                     f"  {row.outcome:<7}  {row.detail}")
    counts = result.counts()
    lines.append(f"{result.source}: {counts['cases']} cases, {counts['seed_goals']} seed goals; "
                 f"items mapped {counts['mapped']}, dropped {counts['dropped']}; "
                 f"cases flagged (nothing checkable, not imported) {counts['flagged']}")
    return "\n".join(lines)
