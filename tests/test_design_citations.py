"""Every citation of a docs/design.md section (`design.md, "X"`, `docs/design.md ("X")`,
`DESIGN "X"`) names a heading that design.md has: a section renamed or removed leaves no
comment pointing at nothing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITATION = re.compile(r'(?:DESIGN|design\.md)\)?[,:]?\s*\(?["“]([^"”\n]+)["”]')
WHERE = ["agenteval", "actors", "tests", "docs", "web/src", "CONTRIBUTING.md", "README.md"]


def _headings() -> set[str]:
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    return {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}


def _citations() -> list[tuple[str, str]]:
    files = subprocess.run(["git", "ls-files", "--", *WHERE], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    found = []
    for name in files:
        path = ROOT / name
        if path.suffix not in {".py", ".md", ".ts", ".tsx"} or path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [(f"{name}:{number}", title) for title in CITATION.findall(line)]
    return found


def test_the_pattern_finds_each_way_a_section_is_cited() -> None:
    lines = ['(docs/design.md, "State machines")', 'docs/design.md ("Judgement")',
             'DESIGN "Seeds" example', 'design.md: "Errors"']
    assert [CITATION.findall(line) for line in lines] == [
        ["State machines"], ["Judgement"], ["Seeds"], ["Errors"]]


def test_every_cited_section_of_design_md_exists() -> None:
    citations = _citations()
    assert len(citations) >= 5  # the pattern still finds the citations there are
    headings = _headings()
    missing = [f"{where}: {title!r}" for where, title in citations if title not in headings]
    assert not missing, "design.md has no such section:\n" + "\n".join(missing)
