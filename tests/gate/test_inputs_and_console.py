"""Scenario paths (files and folders) and printing into a closed pipe."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from agenteval.gate.console import Console
from agenteval.gate.inputs import BadInput, scenario_files


def test_folders_expand_to_their_scenario_files_in_order(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for name in ("b.yaml", "a.json", "c.yml", "notes.txt"):
        (folder / name).write_text("x")
    single = tmp_path / "z.json"
    single.write_text("x")
    files = scenario_files([str(single), str(folder), str(folder / "a.json")])
    assert [f.name for f in files] == ["z.json", "a.json", "b.yaml", "c.yml"]


def test_missing_paths_and_empty_folders_are_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no such file"):
        scenario_files([str(tmp_path / "nope.json")])
    with pytest.raises(BadInput, match="has no scenario files"):
        scenario_files([str(tmp_path)])
    with pytest.raises(BadInput, match="at least one"):
        scenario_files([])


class ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_stops_printing_without_raising() -> None:
    console = Console(ClosedPipe())
    console.print("first")
    console.print("second")
    assert console.closed and not console.isatty()
