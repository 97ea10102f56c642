"""A queue item's final verdict, kept on the item and, for runs and evals, as a human review.

The run's or eval's own review history (`reviewHistory`, the run report's "Human
review" section, humanAgreement) then shows what the workbench decided, as the
latest review of that attempt, session or finding, by whoever gave the final answer.
"""

from __future__ import annotations

from typing import Any

from agenteval.store.review_queues import items
from agenteval.store.review_queues.items import ReviewAnswerRow, ReviewItemRow
from agenteval.store.reviews import human_reviews


async def settle(root: ReviewItemRow, answer: dict[str, Any], source: str,
                 by: ReviewAnswerRow) -> None:
    await items.settle(root.id, answer, source)
    if root.run_id is None and root.eval_id is None:
        return  # a production conversation: monitoring keeps no human review row
    fields: dict[str, Any] = {}
    if root.kind == "CASE":
        fields = {"success_level": answer["successLevel"],
                  "machine_label": root.rubric.get("successLevel")}
    elif root.kind == "SESSION":
        machine = root.rubric.get("goalAchieved")
        fields = {"goal_achieved": answer["goalAchieved"],
                  "machine_label": None if machine is None else str(machine).lower()}
    elif root.kind == "FINDING":
        fields = {"decision": "CONFIRMED" if answer["findingValid"] else "REJECTED"}
    note = f"review queue ({source.lower()})" + (f": {by.note}" if by.note else "")
    await human_reviews.add(run_id=root.run_id, eval_id=root.eval_id, target=root.target,
                            reviewer=by.reviewer, reviewer_key_id=by.reviewer_key_id,
                            note=note, **fields)
