"""Where the reviewed judgements that align and the drift alert read come from.

The review queues' per-item reviews first: a reviewer said of that very rule whether the
judge was right (and the scorecards' LLM-dimension items, engine/alignment/
scorecard_items.py). Then today's case-level reviews of cases with a single JUDGE rule
(engine/alignment/case_reviews.py), for the attempts no queue item decided: a queue's
final verdict is also written as a case-level review, and must count once.
"""

from __future__ import annotations

from dataclasses import replace

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.engine.alignment.case_reviews import all_case_level_reviewed, case_level_reviewed
from agenteval.engine.alignment.scorecard_items import DIMENSION_RULE, scorecard_item_reviewed
from agenteval.engine.review_queues.corrections import (
    reviewed_case_targets,
    reviewed_rule_judgements,
)


async def reviewed(rule_type: str, language: str) -> list[ReviewedJudgement]:
    """Reviewed judgements of one rule type in one language, per-item reviews first."""
    per_item = [replace(i, basis="item")
                for i in await reviewed_rule_judgements(rule_type, language)]
    if rule_type == DIMENSION_RULE:  # scorecards' LLM-dimension items, per item too
        per_item += [i for i in await scorecard_item_reviewed() if i.language == language]
    covered = await reviewed_case_targets()
    return per_item + [item for item in await case_level_reviewed(rule_type, language)
                       if item.item_id not in covered]


async def all_reviewed() -> list[ReviewedJudgement]:
    """Every reviewed judgement of any JUDGE rule type and language (the drift check)."""
    # one pass over the reviews
    per_item = [replace(i, basis="item") for i in await reviewed_rule_judgements(None, None)]
    per_item += await scorecard_item_reviewed()
    covered = await reviewed_case_targets()
    return per_item + [item for item in await all_case_level_reviewed()
                       if item.item_id not in covered]
