"""Copy the canonical client into every skill: `python skills/sync.py` (`--check` only compares).

OpenClaw refuses links out of a skill folder, so each skill ships its own
byte-identical copy of skills/_client/agenteval.py as scripts/agenteval.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SKILLS_DIR = Path(__file__).resolve().parent
CANONICAL_CLIENT = SKILLS_DIR / "_client" / "agenteval.py"


def skill_dirs(skills_dir: Path = SKILLS_DIR) -> list[Path]:
    """The skill folders: every direct subfolder holding a SKILL.md."""
    return sorted(path.parent for path in skills_dir.glob("*/SKILL.md"))


def client_copies(skills_dir: Path = SKILLS_DIR) -> list[Path]:
    return [skill / "scripts" / "agenteval.py" for skill in skill_dirs(skills_dir)]


def stale_copies(skills_dir: Path = SKILLS_DIR,
                 canonical: Path = CANONICAL_CLIENT) -> list[Path]:
    """Copies that are missing or differ from the canonical client by any byte."""
    expected = canonical.read_bytes()
    return [copy for copy in client_copies(skills_dir)
            if not copy.is_file() or copy.read_bytes() != expected]


def sync(skills_dir: Path = SKILLS_DIR, canonical: Path = CANONICAL_CLIENT) -> list[Path]:
    """Rewrite every stale copy; returns the copies written."""
    written = stale_copies(skills_dir, canonical)
    for copy in written:
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(canonical.read_bytes())
        copy.chmod(0o755)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 listing stale copies instead of rewriting them")
    args = parser.parse_args(argv)
    changed = stale_copies() if args.check else sync()
    for copy in changed:
        print(f"{'stale' if args.check else 'updated'}: {copy.relative_to(SKILLS_DIR.parent)}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
