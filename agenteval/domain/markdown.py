"""Markdown pieces every report writes the same way: tables, rates, durations, timestamps
(the run report, the comparison, the review sections, the eval report). Pure."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(markdown_cell(h) for h in headers) + " |",
             "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(markdown_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def markdown_cell(text: str) -> str:
    """Text that cannot break a table row: pipes escaped, newlines flattened."""
    return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def format_rate(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def format_ms(value: int | None) -> str:
    return "—" if value is None else f"{value} ms"


def format_time(value: datetime | str | None) -> str:
    """Every timestamp of every report in one form: ISO-8601 UTC to the second, `…T…Z`.

    Naive datetimes are UTC (as the store keeps them); an ISO string is parsed
    and written the same way; anything else is shown as it is.
    """
    if isinstance(value, str) and value:
        text = value
        try:
            value = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return text
    if isinstance(value, datetime):
        moment = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
        return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return "—"
