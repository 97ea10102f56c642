"""The domain is pure: importing every module of `agenteval.domain` loads no adapter.

Checked in a fresh interpreter, because this test process has long since
imported everything.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import agenteval.domain

FORBIDDEN = ("aiohttp", "tortoise", "strawberry", "agenteval.rules", "agenteval.llm",
             "agenteval.net", "agenteval.channels", "agenteval.store", "agenteval.engine",
             "agenteval.api")

PROBE = """
import importlib, json, sys
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""


def domain_modules() -> list[str]:
    return ["agenteval.domain"] + [
        module.name for module in pkgutil.walk_packages(agenteval.domain.__path__,
                                                        "agenteval.domain.")]


def loaded_after_importing(modules: list[str]) -> set[str]:
    completed = subprocess.run([sys.executable, "-c", PROBE, json.dumps(modules)],
                               capture_output=True, text=True, check=True, timeout=60)
    return set(json.loads(completed.stdout))


def forbidden_among(loaded: set[str]) -> list[str]:
    return sorted(name for name in loaded
                  if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN))


def test_importing_the_whole_domain_loads_no_adapter_and_no_upper_layer() -> None:
    modules = domain_modules()
    assert "agenteval.domain.static.scenario_case_validation" in modules  # the probe sees them all
    assert forbidden_among(loaded_after_importing(modules)) == []


def test_the_probe_notices_a_forbidden_import() -> None:
    """The check above can fail: importing the rules is seen as loading them."""
    loaded = loaded_after_importing(["agenteval.rules"])
    assert "agenteval.rules" in forbidden_among(loaded)
