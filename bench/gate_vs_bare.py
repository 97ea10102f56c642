"""The CI gate against a bare aiohttp client: whole processes, measured alternately.

Workload (bench/workload.py): N single-turn cases against a local target that
answers in 20 ms, concurrency 50, keyword/JSON-schema/latency rules. Each round
runs `agenteval run` (2,000 cases), the bare client (bench/bare_client.py, same
requests and checks) and `agenteval run` with 10 cases (the fixed cost), one
after the other, so a noisy neighbour hurts all of them alike; the figures are
medians over the rounds. Targets: the 10-case gate ≤ 0.6 s, the 2,000-case
gate ≤ 1.5× the bare client, peak RSS ≤ 100 MB.

Besides the walls it prints each process's CPU time (user + sys, which a busy
machine inflates less than the wall) and the load average; `--instructions`
also counts the instructions of the 10-case gate and of the library floor under
valgrind (cachegrind), a figure the neighbours' load does not move at all.

Run: .venv/bin/python bench/gate_vs_bare.py [--rounds 5] [--cases 2000] [--concurrency 50]
     [--instructions]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from figures import record
from workload import Timed, local_target, median, timed_process, write_inputs

HERE = Path(__file__).resolve().parent
AGENTEVAL = [sys.executable, "-m", "agenteval.cli"]
# What no gate can go below on this machine right now: the interpreter importing the
# libraries the gate needs and running an empty event loop (for reading the 10-case figure).
LIBRARY_FLOOR = [sys.executable, "-c", "import asyncio, aiohttp, click, jsonschema, tortoise, "
                 "yaml; asyncio.run(asyncio.sleep(0))"]


def gate_command(scenario: Path, target: Path, concurrency: int) -> list[str]:
    return [*AGENTEVAL, "run", str(scenario), "--target", str(target), "--concurrency",
            str(concurrency), "--no-cache", "--quiet"]


def cpu_timed(command: list[str], cpu: list[float]) -> Timed:
    """`timed_process`, appending the process's CPU seconds (user + sys) to `cpu`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    timed = timed_process(command)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return timed


def instructions(command: list[str]) -> int:
    """Instructions the process executes, counted by valgrind (no cache simulation)."""
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", *command],
                         capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
                         check=False)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode or not found:
        raise RuntimeError(f"valgrind {command[:3]} exited {run.returncode}: {run.stderr[-500:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--delay-ms", type=float, default=20.0)
    parser.add_argument("--instructions", action="store_true",
                        help="also count the 10-case gate's and the floor's instructions "
                             "(valgrind; ~2 min)")
    args = parser.parse_args()
    if sys.flags.dont_write_bytecode:
        print("warning: PYTHONDONTWRITEBYTECODE is set: changed modules are compiled at every "
              "start (unset it to measure what CI and users see)", file=sys.stderr)
    gate: list[Timed] = []
    bare: list[Timed] = []
    small: list[Timed] = []
    floor: list[Timed] = []
    cpu: dict[str, list[float]] = {"gate": [], "bare": [], "small": [], "floor": []}
    load_before = os.getloadavg()[0]
    counted: dict[str, int] = {}
    with local_target(args.delay_ms) as url, tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        scenario, target = write_inputs(folder, url, args.cases, args.concurrency)
        few, _ = write_inputs(folder, url, 10, args.concurrency)
        bare_command = [sys.executable, str(HERE / "bare_client.py"), url, "--cases",
                        str(args.cases), "--concurrency", str(args.concurrency)]
        timed_process(bare_command)  # warm the page cache for both
        timed_process(gate_command(few, target, args.concurrency))
        for _ in range(args.rounds):
            gate.append(cpu_timed(gate_command(scenario, target, args.concurrency), cpu["gate"]))
            bare.append(cpu_timed(bare_command, cpu["bare"]))
            small.append(cpu_timed(gate_command(few, target, args.concurrency), cpu["small"]))
            floor.append(cpu_timed(LIBRARY_FLOOR, cpu["floor"]))
        if args.instructions and shutil.which("valgrind"):
            counted["gate"] = instructions(gate_command(few, target, args.concurrency))
            counted["floor"] = instructions(LIBRARY_FLOOR)
    load_after = os.getloadavg()[0]
    if any(t.code for t in gate + small + bare):
        raise SystemExit("a gate or the bare client reported failed cases: not a valid run")
    ratios = [g.wall_s / b.wall_s for g, b in zip(gate, bare, strict=True)]
    gate_s, bare_s = median([t.wall_s for t in gate]), median([t.wall_s for t in bare])
    small_s = median([t.wall_s for t in small])
    gate_mb = max(t.peak_mb for t in gate)
    cpu_s = {name: median(values) for name, values in cpu.items()}
    print(f"{args.cases} cases, concurrency {args.concurrency}, target {args.delay_ms:g} ms, "
          f"{args.rounds} alternating rounds (medians), load average {load_before:.1f} → "
          f"{load_after:.1f} ({os.cpu_count()} CPUs)")
    print(f"  agenteval run   {gate_s:.3f} s (CPU {cpu_s['gate']:.3f} s)   "
          f"peak RSS {gate_mb:.0f} MB")
    print(f"  bare aiohttp    {bare_s:.3f} s (CPU {cpu_s['bare']:.3f} s)   "
          f"peak RSS {max(t.peak_mb for t in bare):.0f} MB")
    print(f"  ratio           {median(ratios):.2f}×  (per round: "
          f"{', '.join(f'{r:.2f}' for r in ratios)})")
    print(f"  agenteval run, 10 cases (fixed cost)   {small_s:.3f} s (CPU {cpu_s['small']:.3f} s)"
          f"   peak RSS {max(t.peak_mb for t in small):.0f} MB")
    floor_s = median([t.wall_s for t in floor])
    print(f"  library floor (python importing aiohttp, tortoise, jsonschema, yaml, click)   "
          f"{floor_s:.3f} s (CPU {cpu_s['floor']:.3f} s)")
    if counted:
        print(f"  instructions: 10-case gate {counted['gate'] / 1e9:.2f} G, library floor "
              f"{counted['floor'] / 1e9:.2f} G ({counted['gate'] / counted['floor']:.2f}×)")
    command = "python bench/gate_vs_bare.py"
    record("library import floor (for the 10-case figure)", floor_s, "s", command=command)
    record("gate: 10 cases, whole process", small_s, "s", 0.6, command=command)
    record("gate: 10 cases, CPU (user + sys)", cpu_s["small"], "s", command=command)
    if counted:
        record("gate: 10 cases, instructions", counted["gate"] / 1e9, "G", command=command)
        record("library floor, instructions", counted["floor"] / 1e9, "G", command=command)
    record(f"gate: {args.cases} cases vs bare client", median(ratios), "×", 1.5, command=command)
    record(f"gate: {args.cases} cases, wall", gate_s, "s", command=command)
    record(f"bare client: {args.cases} cases, wall", bare_s, "s", command=command)
    record("gate: peak RSS", gate_mb, "MB", 100, command=command)


if __name__ == "__main__":
    main()
