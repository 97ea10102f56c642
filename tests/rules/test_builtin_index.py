"""The built-in rules are found from their own declarations and imported only when named."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import agenteval.rules
from agenteval.rules.builtin_index import builtin_rule_modules
from agenteval.rules.registry import RULES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
# Modules of the rule groups that are not rules and must never be imported to find them.
TOOLS = {"agenteval.rules.qa.doc_examples", "agenteval.rules.qa.demo_scorecard"}


def test_the_index_names_exactly_what_importing_every_rule_module_registers():
    index = builtin_rule_modules()
    registered_by: dict[str, str] = {}
    for group in pkgutil.iter_modules(agenteval.rules.__path__):
        if not group.ispkg:
            continue
        package = importlib.import_module(f"agenteval.rules.{group.name}")
        for module in pkgutil.iter_modules(package.__path__):
            name = f"{package.__name__}.{module.name}"
            if name in TOOLS or module.ispkg:
                continue
            importlib.import_module(name)
    for info in RULES.entries():
        registered_by[info.info.name] = info.target.__module__
    assert index == registered_by
    assert not TOOLS & set(index.values())


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running `code`."""
    run = subprocess.run([sys.executable, "-c", code + "\nimport sys, json\n"
                          "print(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    return set(json.loads(run.stdout.splitlines()[-1]))


def test_importing_the_package_loads_no_rule_and_a_lookup_loads_only_its_own():
    modules = _modules_after("import agenteval.rules as r\nr.get_rule('keyword_match')")
    rules = {m for m in modules if m.startswith("agenteval.rules.")}
    assert "agenteval.rules.model_free.keyword_match" in rules
    assert not {m for m in rules if m.startswith(("agenteval.rules.qa.",
                                                  "agenteval.rules.judged.",
                                                  "agenteval.rules.redteam."))}


def test_a_demo_gate_imports_no_qa_judge_simulator_audit_or_http_client():
    code = ("import sys\nsys.argv = ['agenteval', 'run', "
            f"{str(EXAMPLES / 'scenarios' / 'booking.json')!r}, '--target', "
            f"{str(EXAMPLES / 'targets' / 'demo.json')!r}, '-q']\n"
            # main.main, not main(): the process entry ends the process once the gate is
            # done (cli/process_exit.py), before the modules could be listed.
            "from agenteval.cli import main\ntry:\n    main.main()\nexcept SystemExit:\n    pass")
    modules = _modules_after(code)
    assert "agenteval.gate.verdict" in modules  # the gate ran
    unused = {m for m in modules if m.startswith((
        "agenteval.rules.qa.", "agenteval.rules.judged.", "agenteval.engine.catalog.scorecards",
        "agenteval.domain.judging.simulator_audit", "aiohttp"))}
    assert unused == set()
