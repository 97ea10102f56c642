"""The demo's files ship inside the package and are the same as the examples users read."""

from __future__ import annotations

from pathlib import Path

from agenteval.demo_setup import DEMO_DATA, DEMO_SCENARIOS, DEMO_SEEDS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_packaged_demo_data_equals_the_examples() -> None:
    packaged = {p.relative_to(DEMO_DATA): p.read_bytes()
                for p in DEMO_DATA.rglob("*") if p.is_file()}
    examples = {p.relative_to(EXAMPLES): p.read_bytes()
                for folder in ("seeds", "scenarios", "scorecards") for p in (EXAMPLES / folder).rglob("*")
                if p.is_file()}
    assert packaged == examples


def test_the_demo_reads_the_packaged_files() -> None:
    assert DEMO_SEEDS.is_file() and DEMO_SEEDS.is_relative_to(DEMO_DATA)
    assert sorted(p.name for p in DEMO_SCENARIOS.iterdir()) == sorted(
        p.name for p in (EXAMPLES / "scenarios").iterdir())
