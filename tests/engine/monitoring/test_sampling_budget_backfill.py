"""What a monitor judges: model-free rules on every conversation, model-judged ones on the
sample within the daily budget (the verdict says which), and a backfill only when asked."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.engine.monitoring.judging import Judge
from agenteval.engine.monitoring.monitors import backfill
from agenteval.store.models import Monitor, MonitoredConversation, MonitorVerdict
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import create_source

RULES = [{"type": "keyword_match", "params": {"keywords": ["ok"]}},
         {"type": "llm_score", "params": {"criteria": "polite"}}]


async def conversations(count: int) -> None:
    source = await create_source("shop", quiet_period_s=0.01)
    today = datetime.now(UTC).date()
    await ensure_partitions({today})
    turns = [IngestTurn(line=i, source="shop", conversation_id=f"c{c}", message_key=f"m{i}",
                        position=i, role=("user", "assistant")[i % 2], content="ok",
                        timestamp=None, end=i == 1)
             for c in range(count) for i in range(2)]
    await store_turns(turns, {"shop": source}, today)


async def judge_all() -> None:
    judge = Judge()
    while await MonitoredConversation.exclude(status="JUDGED").exists():
        await judge.step()


async def test_model_judged_rules_follow_the_sample_and_the_budget(db: str) -> None:
    await Monitor.create(name="unsampled", judge={"rules": RULES}, sample_rate=0.0)
    await Monitor.create(name="no budget", judge={"rules": RULES}, daily_model_budget=0)
    await Monitor.create(name="no model", judge={"rules": RULES})
    await conversations(3)
    await judge_all()
    by_monitor: dict[str, set[tuple[str, bool | None]]] = {}
    for verdict in await MonitorVerdict.all():
        monitor = await Monitor.get(id=verdict.monitor_id)
        by_monitor.setdefault(monitor.name, set()).add((verdict.status, verdict.passed))
        kinds = {r["ruleType"] for r in verdict.results}
        assert ("llm_score" in kinds) == (monitor.name == "no model")
    assert by_monitor == {"unsampled": {("NOT_SAMPLED", True)},
                          "no budget": {("SKIPPED_BUDGET", True)},
                          # no JUDGE model configured: could not judge, never a pass
                          "no model": {("ERROR", False)}}


async def test_a_new_monitor_judges_older_conversations_only_when_asked(db: str) -> None:
    await Monitor.create(name="first", judge={"rules": RULES[:1]})
    await conversations(2)
    await judge_all()
    late = await Monitor.create(name="late", judge={"rules": RULES[:1]})
    await judge_all()
    assert await MonitorVerdict.filter(monitor_id=late.id).count() == 0
    queued = await backfill(late.id, datetime.now(UTC) - timedelta(hours=1))
    assert queued == 2
    await judge_all()
    assert await MonitorVerdict.filter(monitor_id=late.id).count() == 2
    assert await MonitorVerdict.all().count() == 4  # the first monitor judged nothing twice
