#!/usr/bin/env bash
# promptfoo 0.123.1, `agenteval run` and a bare aiohttp client on the same 2,000 cases.
#
# Installs promptfoo into a scratch folder with npm (and Node 24 from the `node@24`
# npm package when the system's Node is older than promptfoo needs), approves their
# install scripts, then runs bench/compare_promptfoo.py, which starts the local
# target (20 ms), writes the three inputs and runs the three whole processes in
# turn, printing their walls, peak RSS and the ratios. Not part of CI.
#
#   bench/compare_promptfoo.sh [--rounds N]     (scratch folder: $PROMPTFOO_DIR or .bench-promptfoo)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="${PROMPTFOO_DIR:-$ROOT/.bench-promptfoo}"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
mkdir -p "$SCRATCH"
cd "$SCRATCH"
# Written by hand: `npm init -y` takes the folder's name, and npm refuses ".bench-promptfoo".
[ -f package.json ] || echo '{"name": "bench-promptfoo", "private": true}' > package.json

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
NODE="$(command -v node || true)"
if [ -z "$NODE" ] || [ "$(node_major "$NODE")" -lt 22 ]; then
    [ -x node_modules/node/bin/node ] || npm install --no-audit --no-fund node@24 >/dev/null
    NODE="$SCRATCH/node_modules/node/bin/node"
fi
if [ ! -f node_modules/promptfoo/package.json ]; then
    npm install --no-audit --no-fund promptfoo@0.123.1 >/dev/null
fi
# npm blocks dependency install scripts until they are approved; approve and run them.
npm install-scripts approve --all >/dev/null 2>&1 || true
npm rebuild >/dev/null 2>&1 || true
[ -x node_modules/node/bin/node ] && [ "$(node_major node_modules/node/bin/node)" -ge 22 ] \
    && NODE="$SCRATCH/node_modules/node/bin/node"
echo "node $("$NODE" --version), promptfoo $("$NODE" -p 'require("./node_modules/promptfoo/package.json").version')" >&2

cd "$ROOT"
exec "$PYTHON" bench/compare_promptfoo.py --node "$NODE" \
    --promptfoo "$SCRATCH/node_modules/promptfoo/dist/src/entrypoint.js" --home "$SCRATCH" "$@"
