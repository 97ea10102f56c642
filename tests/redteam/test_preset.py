"""The web UI's red-team preset: current with the categories, and valid seeds for an eval."""

from __future__ import annotations

import json
from pathlib import Path

from agenteval.domain.intelligent.seeds_validation import validate_seeds
from agenteval.redteam.categories import CATEGORIES
from agenteval.redteam.preset import PRESET_FILE, preset

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_preset_file_is_current():
    written = json.loads((ROOT / PRESET_FILE).read_text(encoding="utf-8"))
    assert written == preset(), "regenerate: python -m agenteval.redteam.preset > " + PRESET_FILE


def test_the_preset_has_every_category_as_a_dimension_in_both_languages_and_valid_seeds():
    seeds = preset()["seeds"]
    validate_seeds(seeds)
    dimensions = [g["dimension"] for g in seeds["goals"]]
    assert sorted(set(dimensions)) == sorted(CATEGORIES) and len(dimensions) == 2 * len(CATEGORIES)
    assert len(seeds["personas"]) == 3
