#!/bin/sh
# Installs Node 24 and OpenClaw into a cache folder outside the repository and
# prints the folder holding the `node` and `openclaw` binaries. Reused when present.
#
# OpenClaw 2026.9.6 needs Node >= 24.16 (its own install script fails under Node 20),
# and npm here runs no dependency install scripts until they are approved, hence the
# `install-scripts approve --all` + `rebuild` steps.
set -eu

OPENCLAW_VERSION="${OPENCLAW_VERSION:-2026.9.6}"
CACHE="${AGENTEVAL_E2E_CACHE:-$HOME/.cache/agenteval-e2e}"
NODE_DIR="$CACHE/node24"
CLAW_DIR="$CACHE/openclaw-$OPENCLAW_VERSION"
NODE_BIN="$NODE_DIR/node_modules/node/bin"

if [ ! -x "$NODE_BIN/node" ]; then
    mkdir -p "$NODE_DIR"
    cd "$NODE_DIR"
    [ -f package.json ] || echo '{"name": "agenteval-e2e-node24", "private": true}' > package.json
    npm install --no-audit --no-fund --loglevel=error node@24 >&2
    npm install-scripts approve --all >&2
    npm rebuild >&2
fi
PATH="$NODE_BIN:$PATH"
export PATH

if [ ! -x "$CLAW_DIR/node_modules/.bin/openclaw" ]; then
    mkdir -p "$CLAW_DIR"
    cd "$CLAW_DIR"
    [ -f package.json ] || echo '{"name": "agenteval-e2e-openclaw", "private": true}' > package.json
    npm install --no-audit --no-fund --loglevel=error "openclaw@$OPENCLAW_VERSION" >&2
    npm install-scripts approve --all >&2
    npm rebuild >&2
fi

echo "$NODE_BIN:$CLAW_DIR/node_modules/.bin"
