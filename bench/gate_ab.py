"""The 2,000-case gate of two source trees and the bare client, whole processes, alternately.

For a before/after on a shared, noisy machine: each round runs the gate of tree A, the
gate of tree B and the bare aiohttp client (bench/bare_client.py) one after the other,
against the same local target (bench/workload.py: single-turn cases, 20 ms, keyword /
JSON-schema / latency rules), so a noisy neighbour hurts all three alike. It prints, per
command, the minimum and the median wall and the median CPU (user + sys), each gate's
minimum wall over the bare client's, and the load average before and after.

Each tree runs with `python -P -m agenteval.cli` and PYTHONPATH=<tree> (-P: the current
folder is not put first on sys.path, so a tree never imports another one's code).
Bytecode caching stays on (PYTHONDONTWRITEBYTECODE is dropped), as users run it.

With --bare-uvloop a fourth command, the bare client on uvloop (the loop the gate uses
when installed), runs in each round too and is printed beside the others.

Run: python bench/gate_ab.py TREE_A TREE_B [--rounds 10] [--cases 2000] [--concurrency 50]
     [--bare-uvloop]
     e.g. git archive main | tar -x -C /tmp/main-tree; python bench/gate_ab.py /tmp/main-tree .
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
from pathlib import Path

from workload import local_target, median, timed_process, write_inputs

HERE = Path(__file__).resolve().parent


def gate(scenario: Path, target: Path, concurrency: int) -> list[str]:
    return [sys.executable, "-P", "-m", "agenteval.cli", "run", str(scenario), "--target",
            str(target), "--concurrency", str(concurrency), "--no-cache", "--quiet"]


def measured(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall s, CPU s) of one whole process; a failed case is not a valid run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    timed = timed_process(command, env=env, accept=(0,))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return timed.wall_s, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree_a", type=Path)
    parser.add_argument("tree_b", type=Path)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--delay-ms", type=float, default=20.0)
    parser.add_argument("--bare-uvloop", action="store_true",
                        help="also run the bare client on uvloop each round")
    args = parser.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    trees = {"A": args.tree_a.resolve(), "B": args.tree_b.resolve()}
    names = ["A", "B", "bare", *(["bare uvloop"] if args.bare_uvloop else [])]
    walls: dict[str, list[float]] = {name: [] for name in names}
    cpus: dict[str, list[float]] = {name: [] for name in names}
    load_before = os.getloadavg()
    with local_target(args.delay_ms) as url, tempfile.TemporaryDirectory() as scratch:
        scenario, target = write_inputs(Path(scratch), url, args.cases, args.concurrency)
        commands = {name: (gate(scenario, target, args.concurrency),
                           {"PYTHONPATH": str(tree)}) for name, tree in trees.items()}
        bare = [sys.executable, str(HERE / "bare_client.py"), url, "--cases", str(args.cases),
                "--concurrency", str(args.concurrency)]
        commands["bare"] = (bare, {})
        if args.bare_uvloop:
            commands["bare uvloop"] = ([*bare, "--uvloop"], {})
        for command, env in commands.values():  # warm-up: page cache, bytecode
            measured(command, env)
        for _ in range(args.rounds):
            for name, (command, env) in commands.items():
                try:
                    wall, cpu = measured(command, env)
                except RuntimeError as failed:  # say which one: under heavy load a case
                    # can miss the workload's 1,000 ms latency rule and fail the gate
                    raise RuntimeError(f"{name}: {failed}") from None
                walls[name].append(wall)
                cpus[name].append(cpu)
    load_after = os.getloadavg()
    print(f"{args.cases} cases, concurrency {args.concurrency}, target {args.delay_ms:g} ms, "
          f"{args.rounds} alternating rounds; load average {load_before[0]:.1f} → "
          f"{load_after[0]:.1f} (1 min), {load_before[1]:.1f} → {load_after[1]:.1f} (5 min), "
          f"{os.cpu_count()} CPUs")
    bare_min = min(walls["bare"])
    uv_min = min(walls["bare uvloop"]) if args.bare_uvloop else None
    for name in names:
        label = f"{name} {trees[name]}" if name in trees else f"{name} aiohttp client"
        ratio = f"   {min(walls[name]) / bare_min:.2f}× bare (min/min)" if name in trees else ""
        if name in trees and uv_min is not None:
            ratio += f", {min(walls[name]) / uv_min:.2f}× bare uvloop"
        print(f"  {label}: wall min {min(walls[name]):.3f} s, median {median(walls[name]):.3f} s;"
              f" CPU median {median(cpus[name]):.3f} s{ratio}")
    pairs = [a / b for a, b in zip(walls["B"], walls["A"], strict=True)]
    print(f"  B/A wall, pair by pair: median {median(pairs):.2f}× "
          f"({', '.join(f'{r:.2f}' for r in pairs)})")


if __name__ == "__main__":
    main()
