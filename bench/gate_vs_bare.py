"""The CI gate against a bare aiohttp client: whole processes, measured alternately.

Workload (bench/workload.py): N single-turn cases against a local target that
answers in 20 ms, concurrency 50, keyword/JSON-schema/latency rules. Each round
runs `agenteval run` (2,000 cases), the bare client (bench/bare_client.py, same
requests and checks) and `agenteval run` with 10 cases (the fixed cost), one
after the other, so a noisy neighbour hurts all of them alike; the figures are
medians over the rounds. Targets: the 10-case gate ≤ 0.6 s, the 2,000-case
gate ≤ 1.5× the bare client, peak RSS ≤ 100 MB.

Run: .venv/bin/python bench/gate_vs_bare.py [--rounds 5] [--cases 2000] [--concurrency 50]
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--delay-ms", type=float, default=20.0)
    args = parser.parse_args()
    gate: list[Timed] = []
    bare: list[Timed] = []
    small: list[Timed] = []
    floor: list[Timed] = []
    with local_target(args.delay_ms) as url, tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        scenario, target = write_inputs(folder, url, args.cases, args.concurrency)
        few, _ = write_inputs(folder, url, 10, args.concurrency)
        bare_command = [sys.executable, str(HERE / "bare_client.py"), url, "--cases",
                        str(args.cases), "--concurrency", str(args.concurrency)]
        timed_process(bare_command)  # warm the page cache for both
        timed_process(gate_command(few, target, args.concurrency))
        for _ in range(args.rounds):
            gate.append(timed_process(gate_command(scenario, target, args.concurrency)))
            bare.append(timed_process(bare_command))
            small.append(timed_process(gate_command(few, target, args.concurrency)))
            floor.append(timed_process(LIBRARY_FLOOR))
    if any(t.code for t in gate + small + bare):
        raise SystemExit("a gate or the bare client reported failed cases: not a valid run")
    ratios = [g.wall_s / b.wall_s for g, b in zip(gate, bare, strict=True)]
    gate_s, bare_s = median([t.wall_s for t in gate]), median([t.wall_s for t in bare])
    small_s = median([t.wall_s for t in small])
    gate_mb = max(t.peak_mb for t in gate)
    print(f"{args.cases} cases, concurrency {args.concurrency}, target {args.delay_ms:g} ms, "
          f"{args.rounds} alternating rounds (medians)")
    print(f"  agenteval run   {gate_s:.3f} s   peak RSS {gate_mb:.0f} MB")
    print(f"  bare aiohttp    {bare_s:.3f} s   peak RSS {max(t.peak_mb for t in bare):.0f} MB")
    print(f"  ratio           {median(ratios):.2f}×  (per round: "
          f"{', '.join(f'{r:.2f}' for r in ratios)})")
    print(f"  agenteval run, 10 cases (fixed cost)   {small_s:.3f} s   "
          f"peak RSS {max(t.peak_mb for t in small):.0f} MB")
    floor_s = median([t.wall_s for t in floor])
    print(f"  library floor (python importing aiohttp, tortoise, jsonschema, yaml, click)   "
          f"{floor_s:.3f} s")
    command = "python bench/gate_vs_bare.py"
    record("library import floor (for the 10-case figure)", floor_s, "s", command=command)
    record("gate: 10 cases, whole process", small_s, "s", 0.6, command=command)
    record(f"gate: {args.cases} cases vs bare client", median(ratios), "×", 1.5, command=command)
    record(f"gate: {args.cases} cases, wall", gate_s, "s", command=command)
    record(f"bare client: {args.cases} cases, wall", bare_s, "s", command=command)
    record("gate: peak RSS", gate_mb, "MB", 100, command=command)


if __name__ == "__main__":
    main()
