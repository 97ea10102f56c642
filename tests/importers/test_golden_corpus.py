"""Golden corpora: real files of each source (tests/importers/corpus/*/*, licences in
corpus/README.md) imported and compared exactly with the reviewed scenario cases
(`expected.json`) and mapping table (`expected_table.txt`). A change of what a
construct maps to fails here and is reviewed by reading the diff of those files.

`AGENTEVAL_UPDATE_GOLDEN=1` rewrites the expected files instead (then read the diff).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from agenteval.cli.import_tests import check_scenario, run_import, scenario_document
from agenteval.importers.mapping import render_table
from tests.importers.conftest import HERE

CORPUS = HERE / "corpus"
CORPORA = sorted(p.parent for p in CORPUS.glob("*/*/import.json"))


def _import(folder: Path) -> tuple[Any, str]:
    spec = json.loads((folder / "import.json").read_text(encoding="utf-8"))
    paths = [folder / name for name in spec["files"]]
    result = run_import(spec["source"], paths, spec.get("as_seeds", False),
                        spec.get("message_var"))
    document = result.seeds() if spec.get("as_seeds") else result.cases
    if result.cases:
        check_scenario(scenario_document(result, paths))
    return document, render_table(result) + "\n"


@pytest.mark.parametrize("folder", CORPORA, ids=[f"{p.parent.name}/{p.name}" for p in CORPORA])
def test_the_corpus_imports_to_the_reviewed_scenario_and_table(folder: Path) -> None:
    document, table = _import(folder)
    expected_json, expected_table = folder / "expected.json", folder / "expected_table.txt"
    if os.environ.get("AGENTEVAL_UPDATE_GOLDEN"):
        expected_json.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n",
                                 encoding="utf-8")
        expected_table.write_text(table, encoding="utf-8")
    assert document == json.loads(expected_json.read_text(encoding="utf-8"))
    assert table == expected_table.read_text(encoding="utf-8")


def test_every_source_has_a_corpus() -> None:
    assert {p.parent.name for p in CORPORA} == {"promptfoo", "botium", "deepeval", "tau2"}
