"""Every ORM call is in a store adapter (agenteval/store/…): the engine, the API, the CLI, the
gate and the rest of the package make none, and none of them imports Tortoise.

The count is docs/architecture.md's (its `git grep`), run here over agenteval/ minus
agenteval/store/, line by line, with the same pattern and the same comment filter."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import agenteval

PACKAGE = Path(agenteval.__file__).resolve().parent
STORE = PACKAGE / "store"

# docs/architecture.md's pattern, as `git grep -E` reads it.
ORM_CALL = re.compile(
    r"\b[A-Z][A-Za-z]+\.(filter|get|get_or_none|create|bulk_create|all|first|exclude|exists"
    r"|select_for_update|annotate|raw|get_or_create|update_or_create|in_bulk|bulk_update)\("
    r"|\.(save|delete|refresh_from_db|fetch_related)\(|in_transaction\(")
# Its `grep -v ':\s*#'`, applied to the "path:line:text" it prints.
COMMENT = re.compile(r":\s*#")
# The hits that are no ORM call, each kind named (nothing else is left out):
NOT_ORM = (
    # `.get(` on a module's constant (all capitals: DETAILS, RULES, CATEGORIES, …), a dict
    # or a registry; a model's name is never all capitals.
    re.compile(r"\b[A-Z][A-Z0-9_]*\.get\("),
)


def _outside_the_store() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if STORE not in path.parents)


def orm_calls(paths: list[Path], root: Path = PACKAGE.parent) -> list[str]:
    """The lines docs/architecture.md's command counts, less the known false positives, as
    it prints them ("path:line:text", the path from `root`)."""
    found = []
    for path in paths:
        name = path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hit = f"{name}:{number}:{line}"
            left = line
            for pattern in NOT_ORM:
                left = pattern.sub("", left)
            if ORM_CALL.search(left) and not COMMENT.search(hit):
                found.append(hit)
    return found


def tortoise_imports(paths: list[Path], root: Path = PACKAGE.parent) -> list[str]:
    """`import tortoise…` and `from tortoise… import …`, wherever they are in the module
    (in a function, under TYPE_CHECKING), as "path:line: module"."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            found += [f"{path.relative_to(root).as_posix()}:{node.lineno}: {name}"
                      for name in names if name == "tortoise" or name.startswith("tortoise.")]
    return found


def test_no_orm_call_outside_the_store() -> None:
    assert orm_calls(_outside_the_store()) == []


def test_no_module_outside_the_store_imports_tortoise() -> None:
    assert tortoise_imports(_outside_the_store()) == []


def test_the_checks_find_a_call_and_an_import_put_back(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from tortoise.functions import Count\n"
        "import json, tortoise.transactions\n"
        "async def read(name: str) -> None:\n"
        "    rows = await Run.filter(status='QUEUED')\n"
        "    row = await Target.get_or_none(id=1)\n"
        "    await row.save()\n"
        "    async with in_transaction():\n"
        "        pass\n"
        "    # Run.filter(status='QUEUED') in a comment\n"
        "    value = RULES.get(name)\n"
        "    again = DETAILS.get(name, Run.all())\n", encoding="utf-8")
    assert [hit.split(":")[1] for hit in orm_calls([probe], tmp_path)] == [
        "4", "5", "6", "7", "11"]
    assert tortoise_imports([probe], tmp_path) == ["probe.py:1: tortoise.functions",
                                                   "probe.py:2: tortoise.transactions"]
