"""The demo's scorecard for Mia (agenteval/demo_data/scorecards/mia_qa.yaml), loaded by name."""

from __future__ import annotations

from pathlib import Path

from agenteval.domain.scorecards.document import Scorecard
from agenteval.rules.qa.scorecard_rule import loaded_scorecard, register_scorecard
from agenteval.rules.qa.scorecard_runner import load_scorecard
from agenteval.yaml_loader import load_yaml

DEMO_SCORECARD = Path(__file__).resolve().parents[2] / "demo_data" / "scorecards" / "mia_qa.yaml"
DEMO_SCORECARD_REF = "mia-qa@1"


def demo_scorecard_document() -> dict[str, object]:
    document = load_yaml(DEMO_SCORECARD.read_text(encoding="utf-8"), source=str(DEMO_SCORECARD))
    assert isinstance(document, dict)  # the shipped file is an object
    return document


def load_demo_scorecard() -> Scorecard:
    """The demo scorecard, validated and registered for `scorecard` rules (once)."""
    loaded = loaded_scorecard(DEMO_SCORECARD_REF)
    if loaded is not None:
        return loaded.scorecard
    scorecard = load_scorecard(demo_scorecard_document())
    register_scorecard(scorecard)
    return scorecard
