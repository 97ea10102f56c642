"""The in-memory runs' store, and the RunActor's tests on it, load neither Tortoise nor the
models: the RunActor and the RunEngine reach the database only through their ports
(a target, a run's cases, a campaign's runs queued), which the composition root wires."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[3]
ORM = ("tortoise", "agenteval.store.models")
# The tests that run the RunActor on tests/support/memory_runs.py.
ON_MEMORY_RUNS = sorted(path for path in Path(__file__).parent.glob("test_*.py")
                        if "memory_runs" in path.read_text() and path != Path(__file__))


def test_no_import_leads_from_the_memory_store_to_the_orm() -> None:
    """Every import counts, those inside functions included (grimp reads them all)."""
    graph = grimp.build_graph("agenteval", "actors", "tests", include_external_packages=True)
    for orm in ORM:
        assert graph.find_shortest_chain("tests.support.memory_runs", orm) is None, orm


def test_the_memory_store_and_its_tests_import_without_the_orm() -> None:
    assert len(ON_MEMORY_RUNS) >= 4
    code = ("import importlib.util, sys\n"
            "import tests.support.memory_runs\n"
            f"for path in {[str(path) for path in ON_MEMORY_RUNS]!r}:\n"
            "    spec = importlib.util.spec_from_file_location('under_test', path)\n"
            "    spec.loader.exec_module(importlib.util.module_from_spec(spec))\n"
            f"print(sorted(name for name in {ORM!r} if name in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]", out.stderr
