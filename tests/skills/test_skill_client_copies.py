"""Every skill ships a byte-identical copy of the canonical client; sync.py keeps it so."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

SKILLS_DIR = Path(__file__).resolve().parents[2] / "skills"
CLIENT_PATH = SKILLS_DIR / "_client" / "agenteval.py"
OPERATIONS = SKILLS_DIR.parent / "agenteval" / "drivers" / "builtin" / "operations.graphql"
SKILL_NAMES = ("agenteval-intelligent-planner", "agenteval-intelligent-evaluator",
               "agenteval-intelligent-analyst")


def test_the_three_skills_exist_and_nothing_else_has_a_skill_md() -> None:
    assert sorted(p.parent.name for p in SKILLS_DIR.glob("*/SKILL.md")) == sorted(SKILL_NAMES)


def test_every_skill_copy_is_byte_identical_to_the_canonical_client() -> None:
    canonical = CLIENT_PATH.read_bytes()
    for name in SKILL_NAMES:
        copy = SKILLS_DIR / name / "scripts" / "agenteval.py"
        assert copy.read_bytes() == canonical, f"{copy} is stale: run python skills/sync.py"


def _tree_with_one_stale_copy(tmp_path: Path) -> Path:
    """A copy of the skills folder and of the operations file, beside each other as in the
    repository; one skill's client edited by hand, another's missing."""
    tree = tmp_path / "skills"
    shutil.copytree(SKILLS_DIR, tree, ignore=shutil.ignore_patterns("__pycache__"))
    operations = tmp_path / OPERATIONS.relative_to(SKILLS_DIR.parent)
    operations.parent.mkdir(parents=True)
    shutil.copyfile(OPERATIONS, operations)
    (tree / SKILL_NAMES[0] / "scripts" / "agenteval.py").write_text("# edited by hand\n")
    (tree / SKILL_NAMES[1] / "scripts" / "agenteval.py").unlink()
    return tree


def test_sync_rewrites_stale_and_missing_copies_only(tmp_path: Path,
                                                     sync_script: ModuleType) -> None:
    sync = sync_script
    tree = _tree_with_one_stale_copy(tmp_path)
    canonical = tree / "_client" / "agenteval.py"

    written = sync.sync(tree, canonical)

    assert sorted(p.parent.parent.name for p in written) == sorted(SKILL_NAMES[:2])
    assert sync.stale_copies(tree, canonical) == []
    assert sync.sync(tree, canonical) == []


def test_sync_check_exits_1_and_names_stale_copies(tmp_path: Path) -> None:
    tree = _tree_with_one_stale_copy(tmp_path)
    result = subprocess.run([sys.executable, str(tree / "sync.py"), "--check"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"stale: skills/{SKILL_NAMES[0]}/scripts/agenteval.py" in result.stdout
    assert (tree / SKILL_NAMES[0] / "scripts" / "agenteval.py").read_text() == "# edited by hand\n"


def test_the_client_embeds_the_one_operations_file(client: ModuleType) -> None:
    assert client.OPERATIONS == OPERATIONS.read_text(encoding="utf-8")


def test_a_changed_operations_file_makes_the_client_and_every_copy_stale(
        tmp_path: Path, sync_script: ModuleType) -> None:
    tree = _tree_with_one_stale_copy(tmp_path)
    sync_script.sync(tree, tree / "_client" / "agenteval.py")
    operations = tmp_path / OPERATIONS.relative_to(SKILLS_DIR.parent)
    operations.write_text(operations.read_text(encoding="utf-8").replace(
        "query GetEval($id: ID!) {", "query GetEval($id: ID!) {\n  # one more line"),
        encoding="utf-8")

    result = subprocess.run([sys.executable, str(tree / "sync.py"), "--check"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "stale: skills/_client/agenteval.py" in result.stdout
    assert result.stdout.count("stale: ") == 1 + len(SKILL_NAMES)

    subprocess.run([sys.executable, str(tree / "sync.py")], check=True, timeout=60)
    for name in SKILL_NAMES:
        copy = tree / name / "scripts" / "agenteval.py"
        assert "# one more line" in copy.read_text(encoding="utf-8")
