"""`make bench` runs every benchmark script in bench/ and builds its table from their figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import run_all  # noqa: E402 - bench/ is not a package


def test_every_script_in_bench_is_run() -> None:
    scripts = {path.name for path in BENCH.iterdir() if path.suffix in (".py", ".mjs")}
    listed = {script for script, _, _ in run_all.SCRIPTS}
    assert scripts - run_all.HELPERS - run_all.BY_HAND == listed


def test_figures_recorded_by_a_script_reach_the_table(tmp_path: Path) -> None:
    figures = tmp_path / "figures.jsonl"
    code = ("import figures; figures.record('fixed cost', 0.5, 's', 0.6); "
            "figures.record('throughput', 250, 'msg/s', 300, better='higher')")
    subprocess.run([sys.executable, "-c", code], cwd=BENCH, check=True,
                   env={"BENCH_RESULTS": str(figures), "PATH": ""})
    rows = [json.loads(line) for line in figures.read_text().splitlines()]

    table = run_all.table(rows)

    assert [r["met"] for r in rows] == [True, False]
    assert "fixed cost" in table and "≤ 0.6 s" in table and "≥ 300 msg/s" in table
    assert table.splitlines()[2].rstrip().endswith("yes")
    assert table.splitlines()[3].rstrip().endswith("NO")
