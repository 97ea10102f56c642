"""How a bench script hands its figures to `make bench` (bench/run_all.py).

Each script prints its own human-readable lines and also calls `record` once per
figure; when BENCH_RESULTS names a file (run_all.py sets it), the figures are
appended to it as JSON lines, so the table is built from what the scripts measured.
"""

from __future__ import annotations

import json
import os


def record(name: str, value: float, unit: str, target: float | None = None,
           better: str = "lower", command: str = "") -> None:
    """One measured figure; `target` with `better` ("lower"/"higher") decides met or not."""
    met = None if target is None else (value <= target if better == "lower" else value >= target)
    line = {"name": name, "value": round(value, 4), "unit": unit, "target": target,
            "better": better, "met": met, "command": command}
    path = os.environ.get("BENCH_RESULTS")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
