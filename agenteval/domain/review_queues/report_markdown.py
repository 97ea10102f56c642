"""A review queue's report as Markdown: progress, reviewers, rules, inter-reviewer κ. Pure."""

from __future__ import annotations

from agenteval.domain.agreement import describe_agreement
from agenteval.domain.markdown import table
from agenteval.domain.review_queues.figures import Figures, QueueFigures


def _kappa(figures: Figures) -> str:
    text = describe_agreement(figures.agreement)
    if figures.kappa_low is None or figures.kappa_high is None:
        return text
    return f"{text}, 95% interval {figures.kappa_low:.2f} … {figures.kappa_high:.2f}"


def queue_markdown(name: str, data: QueueFigures) -> str:
    open_stages = ", ".join(f"{stage} {count}" for stage, count in
                            sorted(data.open_by_stage.items())) or "none"
    parts = [f"# Review queue: {name}\n",
             f"{data.decided} of {data.items} item(s) decided; open work: {open_stages}; "
             f"{data.appealed} appealed, {data.overturned_by_appeal} overturned by appeal.\n"]
    if data.reviewers:
        parts.append("## Reviewers\n\n" + table(
            ["Reviewer", "Answered", "Holding", "Median s", "Against the automatic verdict",
             "Overturned by appeal"],
            [(r.reviewer, str(r.answered), str(r.holding),
              "—" if r.seconds_median is None else f"{r.seconds_median:.0f}",
              _kappa(r.with_machine), str(r.overturned_by_appeal)) for r in data.reviewers]))
    if data.rules:
        parts.append("## Rules (per-item reviews)\n\n" + table(
            ["Rule", "Judge model", "Reviewed", "Against the final human verdict", "Appealed",
             "Overturned by appeal"],
            [(r.rule_type, r.judge_model or "—", str(r.reviewed), _kappa(r.with_machine),
              str(r.appealed), str(r.overturned_by_appeal)) for r in data.rules]))
    if data.kinds:
        parts.append("## Between reviewers (first against blind second review)\n\n" + table(
            ["Item type", "Agreement"],
            [(k.kind, _kappa(k.between_reviewers)) for k in data.kinds]))
    return "\n".join(parts)
