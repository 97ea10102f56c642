"""Build the skills' client: `python skills/sync.py` (`--check` only compares).

The agent's GraphQL operations have one source,
agenteval/drivers/builtin/operations.graphql (the built-in driver reads it too).
This script embeds it in the canonical client, skills/_client/agenteval.py, between
its `# BEGIN OPERATIONS` and `# END OPERATIONS` lines, then copies the client into
every skill: OpenClaw refuses links out of a skill folder, so each skill ships its own
byte-identical, standard-library-only copy as scripts/agenteval.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SKILLS_DIR = Path(__file__).resolve().parent
CANONICAL_CLIENT = SKILLS_DIR / "_client" / "agenteval.py"
OPERATIONS = SKILLS_DIR.parent / "agenteval" / "drivers" / "builtin" / "operations.graphql"
BEGIN, END = "# BEGIN OPERATIONS\n", "# END OPERATIONS\n"


def skill_dirs(skills_dir: Path = SKILLS_DIR) -> list[Path]:
    """The skill folders: every direct subfolder holding a SKILL.md."""
    return sorted(path.parent for path in skills_dir.glob("*/SKILL.md"))


def client_copies(skills_dir: Path = SKILLS_DIR) -> list[Path]:
    return [skill / "scripts" / "agenteval.py" for skill in skill_dirs(skills_dir)]


def with_operations(client: str, operations: str) -> str:
    """The client's text with `operations` as its OPERATIONS string."""
    if '"""' in operations or "\\" in operations:
        raise ValueError("the operations must not contain triple quotes or backslashes")
    head, found, rest = client.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not (found and found_end):
        raise ValueError(f"the client has no {BEGIN.strip()!r} … {END.strip()!r} block")
    # `"""\` + newline: the string starts with the file's first line, like the file.
    return f'{head}{BEGIN}OPERATIONS = """\\\n{operations}"""\n{END}{tail}'


def expected_client(canonical: Path = CANONICAL_CLIENT, operations: Path = OPERATIONS) -> str:
    return with_operations(canonical.read_text(encoding="utf-8"),
                           operations.read_text(encoding="utf-8"))


def stale_copies(skills_dir: Path = SKILLS_DIR, canonical: Path = CANONICAL_CLIENT,
                 operations: Path = OPERATIONS) -> list[Path]:
    """The canonical client when its operations are not the file's, and every copy that is
    missing or differs from the client by any byte."""
    expected = expected_client(canonical, operations).encode("utf-8")
    targets = [canonical, *client_copies(skills_dir)]
    return [path for path in targets if not path.is_file() or path.read_bytes() != expected]


def sync(skills_dir: Path = SKILLS_DIR, canonical: Path = CANONICAL_CLIENT,
         operations: Path = OPERATIONS) -> list[Path]:
    """Rewrite the canonical client and every stale copy; returns the files written."""
    expected = expected_client(canonical, operations).encode("utf-8")
    written = stale_copies(skills_dir, canonical, operations)
    for path in written:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(expected)
        if path != canonical:
            path.chmod(0o755)  # the skills run their copy as a script
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 listing stale files instead of rewriting them")
    args = parser.parse_args(argv)
    changed = stale_copies() if args.check else sync()
    for path in changed:
        print(f"{'stale' if args.check else 'updated'}: {path.relative_to(SKILLS_DIR.parent)}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
