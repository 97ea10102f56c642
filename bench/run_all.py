"""`make bench`: every benchmark script in turn, one table of figures, bench/results.json.

Each script prints its own lines and records its figures (bench/figures.py) into
a file this runner names in BENCH_RESULTS; the table shows every figure with its
target and whether it is met. PostgreSQL runs use a scratch database created on
127.0.0.1:5432 (BENCH_POSTGRES_ADMIN_URL, default postgres://root@127.0.0.1:5432/test)
and dropped afterwards; they are left out when PostgreSQL is not reachable.
Scripts that only check behaviour and measure nothing against a target
(channel_overhead.py, malformed_requests.py) run too, their output shown.

Run: make bench   (or .venv/bin/python bench/run_all.py [--quick] [--only NAME])
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
POSTGRES_ADMIN_URL = os.environ.get("BENCH_POSTGRES_ADMIN_URL",
                                    "postgres://root@127.0.0.1:5432/test")
# (script, arguments, needs PostgreSQL); "{pg}" is replaced by a scratch database URL.
SCRIPTS: list[tuple[str, list[str], bool]] = [
    ("gate_vs_bare.py", [], False),
    ("message_throughput.py", ["--sessions", "1", "--messages", "300"], False),
    ("message_throughput.py", [], False),
    ("message_throughput.py", ["--database-url", "{pg}"], True),
    ("static_run.py", [], False),
    ("static_run.py", ["--database-url", "{pg}"], True),
    ("reads.py", [], False),
    ("reads.py", ["--database-url", "{pg}"], True),
    ("outcomes_reads.py", [], False),
    ("outcomes_reads.py", ["--database-url", "{pg}"], True),
    ("subscriptions.py", [], False),
    # 500 websocket watchers vs 50 sessions sending, one served process (~2 min).
    ("load.py", [], False),
    # What one websocket message costs the server, by uvicorn implementation (issue 36).
    ("ws_send_cost.py", [], False),
    # 10 minutes of sends and churning watchers: RSS stays flat.
    ("soak.py", [], False),
    ("judged_run.py", [], False),
    ("offline_judge.py", [], False),
    ("offline_judge.py", ["--database-url", "{pg}"], True),
    ("channel_overhead.py", [], False),
    ("malformed_requests.py", [], False),
    # 1 and 2 `agenteval serve` processes on PostgreSQL + Redis (it makes its own databases).
    ("scaling.py", [], True),
    ("web_budget.mjs", [], False),  # needs `make web` first; skipped without web/node_modules
    ("editor_budget.mjs", [], False),  # the scenario editor at 300 and 1,000 cases (issue 41)
    # Modules one sendMessage crosses (issue 34) and a 20-item QA scorecard (issue 38).
    ("trace_modules.py", [], False),
    ("scorecards.py", [], False),
    # Monitoring (issue 37): ingestion into one served process, judging in one process.
    ("monitoring_ingest.py", [], False),
    ("monitoring_ingest.py", ["--database-url", "{pg}"], True),
    ("monitoring_judge.py", [], False),
    ("monitoring_judge.py", ["--database-url", "{pg}"], True),
    # Full-text search (issue 41): a two-character query at 100,000 turns.
    ("search.py", [], False),
    ("search.py", ["--database-url", "{pg}"], True),
]
# Modules the scripts import, not scripts; compare_promptfoo.py runs from compare_promptfoo.sh.
HELPERS = {"figures.py", "workload.py", "bare_client.py", "run_all.py", "compare_promptfoo.py",
           "served.py", "asgi_client.py"}
# Run by hand with two source trees to compare (a before/after); `make bench` has no "before"
# to give them, and its gate-against-the-bare-client figure is gate_vs_bare.py's.
BY_HAND = {"gate_ab.py"}
# Shorter runs for a smoke check of the runner itself.
QUICK = {"ws_send_cost.py": ["--messages", "2000", "--rounds", "1"],
         "gate_vs_bare.py": ["--rounds", "1", "--cases", "200"],
         "search.py": ["--turns", "2000", "--repeat", "3"],
         "static_run.py": ["--cases", "200"], "reads.py": ["--rows", "500"],
         "outcomes_reads.py": ["--rows", "500", "--repeat", "10"],
         "subscriptions.py": ["--subscribers", "50"], "judged_run.py": ["--cases", "50"],
         "offline_judge.py": ["--conversations", "50"],
         "scorecards.py": ["--conversations", "500", "--repeats", "1"],
         "channel_overhead.py": ["--conversations", "5", "--sends", "5", "--rounds", "1"],
         "message_throughput.py": ["--sessions", "5", "--messages", "5"],
         "scaling.py": ["--runs", "2", "--cases", "200"],
         "load.py": ["--subscribers", "50", "--sessions", "5", "--seconds", "3",
                     "--settle", "1"],
         "soak.py": ["--minutes", "0.5", "--subscribers", "20", "--sessions", "5",
                     "--settle", "1"]}


def postgres_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return True
    except OSError:
        return False


async def _admin(statement: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(POSTGRES_ADMIN_URL.replace("postgres://",
                                                                  "postgresql://", 1))
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def run_script(script: str, arguments: list[str], results: Path) -> tuple[bool, float]:
    """Run one script with its output shown; whether it succeeded and its seconds."""
    database = None
    if "{pg}" in arguments:
        database = f"bench_{uuid.uuid4().hex[:12]}"
        asyncio.run(_admin(f'CREATE DATABASE "{database}"'))
        base = POSTGRES_ADMIN_URL.rpartition("/")[0]
        arguments = [a.replace("{pg}", f"{base}/{database}") for a in arguments]
    print(f"\n=== {script} {' '.join(arguments)}", flush=True)
    started = time.perf_counter()
    interpreter = ["node"] if script.endswith(".mjs") else [sys.executable]
    try:
        code = subprocess.call([*interpreter, str(HERE / script), *arguments],
                               env={**os.environ, "BENCH_RESULTS": str(results)})
    finally:
        if database:
            asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
    return code == 0, time.perf_counter() - started


def table(figures: list[dict[str, object]]) -> str:
    rows = [("figure", "value", "target", "met")]
    for f in figures:
        target = f["target"]
        sign = "≤" if f["better"] == "lower" else "≥"
        rows.append((str(f["name"]), f"{f['value']:g} {f['unit']}",
                     "" if target is None else f"{sign} {target:g} {f['unit']}",
                     {True: "yes", False: "NO", None: ""}[f["met"]]))  # type: ignore[index]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small workloads (a smoke run)")
    parser.add_argument("--only", action="append", help="run only this script (repeatable)")
    parser.add_argument("--output", default=str(HERE / "results.json"))
    args = parser.parse_args()
    has_postgres = postgres_reachable()
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        results = Path(scratch) / "figures.jsonl"
        results.touch()
        for script, arguments, needs_postgres in SCRIPTS:
            if args.only and script not in args.only:
                continue
            if script.endswith(".mjs") and not (HERE.parent / "web" / "node_modules").is_dir():
                print(f"\n=== {script}: skipped, the web UI is not installed (make web)")
                continue
            if needs_postgres and not has_postgres:
                print(f"\n=== {script}: skipped, PostgreSQL is not reachable on 127.0.0.1")
                continue
            extra = QUICK.get(script, []) if args.quick else []
            ok, _ = run_script(script, [*arguments, *extra], results)
            if not ok:
                failed.append(f"{script} {' '.join(arguments)}")
        figures = [json.loads(line) for line in results.read_text().splitlines() if line]
    print("\n" + table(figures))
    if failed:
        print("\nfailed: " + "; ".join(failed))
    Path(args.output).write_text(json.dumps({
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "python": platform.python_version(),
                    "load_average": os.getloadavg()},
        "quick": args.quick, "figures": figures, "failed": failed}, indent=2) + "\n")
    print(f"\nwritten: {args.output}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
