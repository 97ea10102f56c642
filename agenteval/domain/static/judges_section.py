"""The run report's "Judges" section: which judge (model, prompt version, judge revision)
judged each JUDGE rule, so a reader sees when examples learnt from reviewers were in play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from agenteval.domain.judging.fingerprints import judge_identity
from agenteval.domain.markdown import markdown_cell, table
from agenteval.domain.static.run_views import OutcomeView


def judges_section(outcomes: Sequence[OutcomeView]) -> str:
    """One row per (rule type, model, prompt version, revision) with its result count; ''
    when no result was judged by a model."""
    counts: Counter[tuple[str, str, str, str]] = Counter()
    for outcome in outcomes:
        for result in outcome["results"]:
            identity = judge_identity(result["detail"])
            if identity is not None:
                counts[(result["rule_type"], *identity)] += 1
    if not counts:
        return ""
    rows = [(markdown_cell(rule), markdown_cell(model), markdown_cell(prompt or "—"),
             markdown_cell(revision or "none (the rule's own examples)"), str(count))
            for (rule, model, prompt, revision), count in sorted(counts.items())]
    return ("## Judges\n\nA judge revision adds judging examples learnt from reviewers' "
            "corrections (docs/judge-alignment.md).\n\n"
            + table(["Rule", "Judge model", "Prompt", "Revision", "Results"], rows))
