"""The gate's inputs: scenario files and folders, and a `--models` file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

SCENARIO_SUFFIXES = (".json", ".yaml", ".yml")


class BadInput(Exception):
    """Input the gate cannot use (exit code 2)."""


def scenario_files(paths: Sequence[str]) -> list[Path]:
    """Each path, a folder expanded to its scenario files (sorted); no duplicates, in order."""
    if not paths:
        raise BadInput("give at least one scenario file or folder")
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            inside = sorted(p for p in path.iterdir()
                            if p.is_file() and p.suffix.lower() in SCENARIO_SUFFIXES)
            if not inside:
                raise BadInput(f"the folder {raw!r} has no scenario files "
                               f"({', '.join(SCENARIO_SUFFIXES)})")
            found += inside
        elif path.is_file():
            found.append(path)
        else:
            raise BadInput(f"cannot read the scenario file {raw!r}: no such file or folder")
    unique = list(dict.fromkeys(p.resolve() for p in found))
    return [next(p for p in found if p.resolve() == u) for u in unique]


def read_text(path: str | Path, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read the {what} {str(path)!r}: {exc}") from None
