"""promptfoo, `agenteval run` and a bare aiohttp client on the same workload, side by side.

Started by bench/compare_promptfoo.sh (which installs promptfoo and Node). The
workload is bench/workload.py's: N single-turn cases against a local target
answering in 20 ms, concurrency 50, each checked for a keyword, a JSON schema
and a latency bound. promptfoo gets the same three checks (icontains, is-json
with the schema, latency) through its HTTP provider, with `-j 50 --no-cache`.
Each round runs the three whole processes one after the other; the figures are
medians over the rounds, peak RSS the largest.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from figures import record
from gate_vs_bare import HERE, gate_command
from workload import (
    KEYWORDS,
    MAX_MS,
    SCHEMA,
    Timed,
    case_message,
    local_target,
    median,
    timed_process,
    write_inputs,
)


def promptfoo_config(url: str, cases: int) -> dict[str, object]:
    return {
        "description": "agenteval bench workload",
        "prompts": ["{{message}}"],
        "providers": [{"id": "http", "config": {
            "url": url, "method": "POST", "headers": {"Content-Type": "application/json"},
            "body": {"message": "{{prompt}}"}, "transformResponse": "json.reply"}}],
        "defaultTest": {"assert": [
            {"type": "icontains", "value": KEYWORDS[0]},
            {"type": "is-json", "value": SCHEMA},
            {"type": "latency", "threshold": MAX_MS}]},
        "tests": [{"vars": {"message": case_message(i)}} for i in range(cases)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--node", required=True)
    parser.add_argument("--promptfoo", required=True, help="promptfoo's entrypoint.js")
    parser.add_argument("--home", required=True, help="promptfoo's scratch folder")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    args = parser.parse_args()
    env = {"PROMPTFOO_CONFIG_DIR": str(Path(args.home) / "config"),
           "PROMPTFOO_DISABLE_TELEMETRY": "1", "PROMPTFOO_DISABLE_UPDATE": "1",
           "PROMPTFOO_DISABLE_REDTEAM_REMOTE_GENERATION": "1"}
    walls: dict[str, list[Timed]] = {"promptfoo": [], "agenteval run": [], "bare aiohttp": []}
    with local_target() as url, tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        scenario, target = write_inputs(folder, url, args.cases, args.concurrency)
        config = folder / "promptfooconfig.json"
        config.write_text(json.dumps(promptfoo_config(url, args.cases)), encoding="utf-8")
        commands = {
            "promptfoo": [args.node, args.promptfoo, "eval", "-c", str(config), "-j",
                          str(args.concurrency), "--no-cache", "--no-progress-bar"],
            "agenteval run": gate_command(scenario, target, args.concurrency),
            "bare aiohttp": [sys.executable, str(HERE / "bare_client.py"), url, "--cases",
                             str(args.cases), "--concurrency", str(args.concurrency)],
        }
        for _ in range(args.rounds):
            for name, command in commands.items():
                walls[name].append(timed_process(command, env=env if name == "promptfoo"
                                                 else None, accept=(0, 1, 100)))
    print(f"{args.cases} cases, concurrency {args.concurrency}, target 20 ms, "
          f"{args.rounds} round(s), machine: {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.1f}")
    bare = median([t.wall_s for t in walls["bare aiohttp"]])
    print(f"  {'':14} {'wall':>9} {'peak RSS':>9} {'vs bare':>8}")
    for name, timed in walls.items():
        wall = median([t.wall_s for t in timed])
        print(f"  {name:14} {wall:8.2f}s {max(t.peak_mb for t in timed):7.0f}MB "
              f"{wall / bare:7.2f}×")
    promptfoo_s = median([t.wall_s for t in walls["promptfoo"]])
    gate_s = median([t.wall_s for t in walls["agenteval run"]])
    print(f"  promptfoo / agenteval run: {promptfoo_s / gate_s:.1f}×")
    record("promptfoo vs agenteval run (wall)", promptfoo_s / gate_s, "×",
           command="bench/compare_promptfoo.sh")


if __name__ == "__main__":
    main()
