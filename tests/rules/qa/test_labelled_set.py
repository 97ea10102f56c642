"""The QA operators reproduce the labelled set item by item (tests/labelled/scorecard_items).

The set (134 conversations, zh and en, 82 with hard cases) and its labels were committed
before the operators (git log: the merge of branch `labels`). `labelled_scorecard.yaml`
writes its 12 items with the QA operators; each item's precision and recall on "hit",
and its agreement on all three labels (hit / no_hit / not_applicable), must stay at the
thresholds below. The scorecard's patterns were written with this set in view, so these
figures say the operators can express the definitions, not how they do on unseen data.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from agenteval.rules.qa.dialog import from_messages
from agenteval.rules.qa.scorecard_runner import compile_scorecard, load_scorecard, score_qa_dialog

HERE = Path(__file__).resolve().parent
SET = HERE.parents[1] / "labelled" / "scorecard_items" / "conversations.jsonl"
MIN_PRECISION = 0.95
MIN_RECALL = 0.95
MIN_AGREEMENT = 0.97


def figures() -> dict[str, dict[str, float]]:
    scorecard = compile_scorecard(load_scorecard(yaml.safe_load(
        (HERE / "labelled_scorecard.yaml").read_text(encoding="utf-8"))))
    tallies: dict[str, Counter[tuple[str, str]]] = {}
    for line in SET.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        result = score_qa_dialog(scorecard, from_messages(record["turns"]))
        for outcome in result.items:
            expected = record["expected"][outcome.item_id]
            tallies.setdefault(outcome.item_id, Counter())[(expected, outcome.status)] += 1
    out = {}
    for item, tally in tallies.items():
        hits = sum(n for (_, got), n in tally.items() if got == "hit")
        labelled = sum(n for (want, _), n in tally.items() if want == "hit")
        right = tally[("hit", "hit")]
        out[item] = {"precision": right / hits if hits else 1.0,
                     "recall": right / labelled if labelled else 1.0,
                     "agreement": sum(n for (w, g), n in tally.items() if w == g)
                     / sum(tally.values()), "labelled_hits": labelled}
    return out


FIGURES = figures()


def test_the_set_is_large_enough_and_every_item_is_scored() -> None:
    assert len(SET.read_text(encoding="utf-8").splitlines()) >= 100
    assert len(FIGURES) == 12


@pytest.mark.parametrize("item", sorted(FIGURES))
def test_each_item_reproduces_the_labels(item: str) -> None:
    got = FIGURES[item]
    assert got["labelled_hits"] > 0, item
    assert got["precision"] >= MIN_PRECISION, (item, got)
    assert got["recall"] >= MIN_RECALL, (item, got)
    assert got["agreement"] >= MIN_AGREEMENT, (item, got)
