"""The judge's κ drift alert: agreement on the latest reviews of a rule fell too low.

After reviews are recorded, the latest `judge_drift_window` reviewed judgements of the
rule in the language are compared with the judge. Alerts fire on a tested fall, never on
noise (DESIGN.md): only when the whole 95 % Wilson interval of agreement is below
`judge_drift_min_agreement` does one `review.judge_drift` event go to the webhooks (7 of 10
agreeing, 70 %, is not enough evidence against 80 %; 18 of 30 is). The alert stays open (no
second event) until agreement is back at or above the threshold, which closes it and
re-arms the alert. Fewer reviews than the window say nothing yet.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable

from agenteval.config import Settings
from agenteval.domain.agreement import describe_agreement, judge_agreement
from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.domain.scorecards.aggregate import wilson
from agenteval.engine.alignment.align import ReviewSource
from agenteval.store.judge_revisions import drift
from agenteval.store.judge_revisions.rows import JudgeDriftAlertRow

logger = logging.getLogger(__name__)


async def check_all(source: Callable[[], Awaitable[list[ReviewedJudgement]]],
                    settings: Settings) -> list[JudgeDriftAlertRow]:
    """`check_drift` for every (rule type, language) the source has reviews of; a failure
    is logged, never the caller's (a review is recorded whatever the alert does)."""
    if settings.judge_drift_window <= 0 or settings.judge_drift_min_agreement <= 0:
        return []
    try:
        groups: dict[tuple[str, str], list[ReviewedJudgement]] = defaultdict(list)
        for item in await source():
            groups[(item.rule_type, item.language)].append(item)
        raised = []
        for (rule_type, language), items in sorted(groups.items()):
            alert = await check_drift(rule_type, language, _fixed(items), settings)
            if alert is not None:
                raised.append(alert)
        return raised
    except Exception:
        logger.exception("the judge drift check failed")
        return []


def _fixed(items: list[ReviewedJudgement]) -> ReviewSource:
    async def source(rule_type: str, language: str) -> list[ReviewedJudgement]:
        return items
    return source


async def check_drift(rule_type: str, language: str, source: ReviewSource,
                      settings: Settings) -> JudgeDriftAlertRow | None:
    """The alert raised now, if any (None: fine, too few reviews, or already alerted)."""
    window, threshold = settings.judge_drift_window, settings.judge_drift_min_agreement
    if window <= 0 or threshold <= 0:
        return None
    items = sorted(await source(rule_type, language),
                   key=lambda i: (i.reviewed_at, i.item_id))[-window:]
    if len(items) < window:
        return None
    agreement = judge_agreement([(i.machine_passed, i.human_passed) for i in items])
    assert agreement is not None
    if agreement.agreement >= threshold:
        await drift.close_alerts(rule_type, language)
        return None
    low, high = wilson(agreement.agreed, agreement.reviewed)
    if high >= threshold:
        return None  # below the threshold, but not significantly: no alert, none closed
    event = {"summary": f"Judge agreement fell: {rule_type} ({language})",
             "detail": f"last {window} reviews: {describe_agreement(agreement)}, below the "
                       f"threshold of {threshold:.0%}: the whole 95 % interval "
                       f"({low:.0%}–{high:.0%}) is",
             "rule": rule_type, "language": language, "agreement": agreement.agreement,
             "agreementLow": low, "agreementHigh": high,
             "kappa": agreement.kappa, "reviewed": agreement.reviewed, "window": window,
             "threshold": threshold, "path": "/review/agreement"}
    return await drift.raise_alert(rule_type, language, agreement=agreement.agreement,
                                   kappa=agreement.kappa, window=window, threshold=threshold,
                                   event=event)
