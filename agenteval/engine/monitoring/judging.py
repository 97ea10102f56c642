"""Judging closed conversations: each selecting monitor's rules, once per version.

A pass closes what went quiet (or ended), claims closed conversations
(store/monitoring/claims.py: SKIP LOCKED on PostgreSQL, compare-and-set on SQLite),
judges each with every monitor that selects it and has not judged this version, stores
the verdicts and lets the claim go. Model-free rules judge every selected conversation;
model-judged rules only the sampled ones, within the monitor's daily budget of
model-judged conversations — each verdict says which (`status`): JUDGED, NOT_SAMPLED,
SKIPPED_BUDGET, ERROR. Runs in the monitoring worker, never in an ingestion request.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, time
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.domain.judging.judgement import judge_case
from agenteval.domain.monitoring.dialogs import dialog_of
from agenteval.domain.monitoring.monitor_judge import case_of
from agenteval.domain.monitoring.selection import sampled, selects
from agenteval.engine.catalog.configured_models import load_model_provider
from agenteval.rules import NO_MODELS
from agenteval.rules.base import ModelProvider
from agenteval.rules.case_rules import judge_rules
from agenteval.rules.registry import get_rule
from agenteval.store.monitoring.claims import Claimed, claim_closed, close_quiet, finish
from agenteval.store.monitoring.reads import (
    active_monitors,
    messages_of_many,
    model_judged_since,
)
from agenteval.store.monitoring.settings import MonitorSettings
from agenteval.store.monitoring.verdicts import (
    NewVerdict,
    judged_versions,
    red_line_monitors,
    save_verdicts,
)

logger = logging.getLogger("agenteval.monitoring")


def model_judged(spec: RuleSpec) -> bool:
    rule = get_rule(spec.type)
    return rule is not None and rule.info.model_required


@dataclass(frozen=True)
class _Cases:
    """A monitor's case, whether it wants a model, and its model-free part."""

    full: CaseSpec
    wants_model: bool
    model_free: CaseSpec

    @classmethod
    def of(cls, judge: dict[str, Any]) -> _Cases:
        full = case_of(judge)
        return cls(full, any(model_judged(r) for r in full.eval_rules),
                   case_of(judge, keep=lambda r: not model_judged(r)))


class Judge:
    """One process's judging; `worker` names it in the claims."""

    def __init__(self, worker: str | None = None, claim_ttl_s: float = 60.0) -> None:
        self.worker = worker or f"judge-{uuid.uuid4().hex[:12]}"
        self.claim_ttl_s = claim_ttl_s

    async def step(self, now: datetime | None = None, limit: int = 200) -> int:
        """Close, claim and judge once; how many conversations were judged. The claimed
        batch is read, judged and written with a handful of queries, not a few per
        conversation."""
        now = now or datetime.now(UTC)
        await close_quiet(now)
        claimed = await claim_closed(self.worker, now, self.claim_ttl_s, limit)
        if not claimed:
            return 0
        try:
            await self.judge(claimed, await active_monitors(), now)
        except Exception:  # the claims lapse and another pass tries again
            logger.exception("judging %d conversations failed", len(claimed))
            return 0
        await finish([(c.id, c.version) for c in claimed], self.worker)
        return len(claimed)

    async def judge(self, claimed: list[Claimed], monitors: list[MonitorSettings],
                    now: datetime) -> None:
        monitors = [m for m in monitors if m.judge.get("rules") or m.judge.get("expectation")]
        # Each monitor's case is built once per batch, not once per conversation.
        cases = {m.id: _Cases.of(m.judge) for m in monitors}
        ids = [c.id for c in claimed]
        done = await judged_versions(ids)
        hits = await red_line_monitors(ids)
        messages = await messages_of_many(ids)
        rows = []
        for conversation in claimed:
            chosen = [m for m in monitors
                      if (m.id, conversation.id, conversation.version) not in done
                      and selects(m.source_id, m.metadata_match, conversation.source_id,
                                  conversation.metadata)]
            if not chosen:
                continue
            dialog, _ = dialog_of(messages[conversation.id])
            for monitor in chosen:
                rows.append(await self._verdict(monitor, cases[monitor.id], conversation,
                                                dialog, (monitor.id, conversation.id) in hits,
                                                now))
        await save_verdicts(rows)

    async def _verdict(self, monitor: MonitorSettings, cases: _Cases, conversation: Claimed,
                       dialog: list[Any], red_line_hit: bool, now: datetime) -> NewVerdict:
        full, wants_model = cases.full, cases.wants_model
        status, models = "JUDGED", None
        if wants_model:
            if not sampled(monitor.sample_rate, str(conversation.id), conversation.metadata,
                           monitor.stratify_by, red_line_hit):
                status = "NOT_SAMPLED"
            elif not await within_budget(monitor, now):
                status = "SKIPPED_BUDGET"
        case = full if status == "JUDGED" else cases.model_free
        provider: ModelProvider = NO_MODELS
        try:
            if status == "JUDGED" and wants_model:
                models = await load_model_provider()
                provider = models
            results = await judge_rules(case, dialog, provider)
        finally:
            if models is not None:
                await models.aclose()
        verdict = judge_case(case, results)
        if verdict.error is not None and status == "JUDGED":
            status = "ERROR"  # "could not judge" is never a pass
        return NewVerdict(
            id=uuid.uuid4(), monitor_id=monitor.id, conversation_id=conversation.id,
            version=conversation.version, status=status, passed=verdict.passed,
            success_level=verdict.success_level, score=verdict.score,
            results=[{"ruleType": r.rule_type, "status": r.status, "score": r.score,
                      "detail": r.stored_detail(), "error": r.error} for r in results],
            model_judged=status in ("JUDGED", "ERROR") and wants_model, error=verdict.error,
            judged_at=now)


async def within_budget(monitor: MonitorSettings, now: datetime) -> bool:
    """The monitor's model-judged conversations today are under its daily budget."""
    if monitor.daily_model_budget is None:
        return True
    start = datetime.combine(now.date(), time(), tzinfo=UTC)
    used = await model_judged_since(monitor.id, start)
    return used < monitor.daily_model_budget
