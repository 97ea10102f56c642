"""The real test files the importer tests read, fetched into a cache outside the repo."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"


@pytest.fixture(scope="session")
def real_files() -> Path:
    """botium-core's and inspect-evals' files (tests/importers/fixtures_install.sh).

    Required in CI; elsewhere skipped only when the registries cannot be reached.
    """
    try:
        done = subprocess.run(["sh", str(HERE / "fixtures_install.sh")], capture_output=True,
                              text=True, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        detail = str(exc)
    else:
        if done.returncode == 0:
            return Path(done.stdout.strip().splitlines()[-1])
        detail = done.stderr.strip()[-500:]
    if os.environ.get("CI"):
        pytest.fail(f"the importer fixtures are required in CI: {detail}")
    pytest.skip(f"the importer fixtures cannot be fetched here: {detail}")


@pytest.fixture(scope="session")
def botium_fixtures(real_files: Path) -> Path:
    return real_files / "botium-core-1.15.13" / "package"


@pytest.fixture(scope="session")
def tau2_retail(real_files: Path) -> Path:
    return (real_files / "inspect-evals-0.28.0" / "inspect_evals" / "tau2" / "data"
            / "domains" / "retail" / "tasks.json")
