"""`MemoryRuns`: the static run's store port (engine/static/ports.py) in memory, with a
RunEngine built on it, so the RunActor's behaviour is tested without a database.

Writes are fenced against the `MemoryLeases` the engine's actor runtime claims
from (OwnershipLost / StaleRun exactly where the database store raises them) and
compare-and-set on the run's version, as the database store is. It keeps the port's
frozen records (`domain.static.stored_run`): no ORM, nothing to initialise.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from actors import (
    ActorSystem,
    EntityKind,
    MemoryLeases,
    OwnedSystem,
    OwnershipLost,
    VersionConflict,
)
from actors.delivery import fence_for
from actors.ownership import lease_name
from agenteval.channels import ChannelFactory
from agenteval.domain.owned_kinds import RUN
from agenteval.domain.static import run_state
from agenteval.domain.static.queued_targets import targets_to_queue
from agenteval.domain.static.run_records import Counters, FinishedAttempt, outcome_record
from agenteval.domain.static.run_summary import RunSummaryData, summarise
from agenteval.domain.static.stored_run import RunRecord, StaleRun
from agenteval.domain.target_record import TargetRecord
from agenteval.engine.static.engine import RunEngine
from agenteval.engine.static.ports import LoadModels
from agenteval.errors import NotFound
from agenteval.rules import NoModels
from agenteval.simulation.case_users import PlayCase, play_case
from agenteval.store.event_bus import create_event_bus


def run_lease_name(run_id: Any) -> str:
    """The run's lease, as the database store names it (store.runs.run_store)."""
    return lease_name(RUN, str(run_id))

DEFAULTS = {"type": "single_turn", "rule_logic": "all", "rule_pass_threshold": 0.5,
            "success_threshold": 0.8, "partial_threshold": 0.5}


def case(key: str, *messages: str, contains: str) -> dict[str, Any]:
    """A stored case document (as a campaign snapshots it)."""
    kind = "multi_turn" if len(messages) > 1 else "single_turn"
    return {**DEFAULTS, "type": kind, "id": key, "messages": list(messages),
            "expectation": {"contains": contains}}


@dataclass(frozen=True)
class MemoryCampaign:
    cases: list[dict[str, Any]]
    target_ids: list[uuid.UUID]
    repeat: int = 1
    concurrency: int = 4


class MemoryRuns:
    def __init__(self, leases: MemoryLeases) -> None:
        self.leases = leases
        self.runs: dict[uuid.UUID, RunRecord] = {}
        self.targets: dict[Any, TargetRecord] = {}
        self.campaigns: dict[uuid.UUID, MemoryCampaign] = {}
        self.attempts: dict[uuid.UUID, list[FinishedAttempt]] = {}
        self.transitions: list[tuple[str, str]] = []  # (run id, new status)

    def add(self, cases: list[dict[str, Any]], *, channel_type: str = "mock",
            repeat: int = 1, concurrency: int = 4, status: str = run_state.QUEUED
            ) -> RunRecord:
        target = self._target(channel_type)
        return self._queue(uuid.uuid4(), target.id, MemoryCampaign(cases, [target.id], repeat,
                                                                   concurrency), status)

    def add_campaign(self, cases: list[dict[str, Any]], *, targets: int = 1,
                     channel_type: str = "mock", repeat: int = 1, concurrency: int = 4
                     ) -> uuid.UUID:
        """A campaign of `targets` new targets, no run queued yet (`queue_runs`)."""
        campaign_id = uuid.uuid4()
        self.campaigns[campaign_id] = MemoryCampaign(
            cases, [self._target(channel_type).id for _ in range(targets)], repeat,
            concurrency)
        return campaign_id

    async def queue_runs(self, campaign_id: uuid.UUID, target_id: uuid.UUID | None
                         ) -> list[uuid.UUID]:
        """The RunEngine's `QueueRuns` port: one QUEUED run per target of the campaign that
        still exists (or the one given), refused by the catalog's rule."""
        campaign = self.campaigns.get(campaign_id)
        if campaign is None:
            raise NotFound(f"campaign {campaign_id} does not exist")
        chosen = targets_to_queue([t for t in campaign.target_ids if t in self.targets],
                                  lambda target: target, target_id, bool(campaign.cases))
        return [self._queue(campaign_id, t, campaign).id for t in chosen]

    def _target(self, channel_type: str) -> TargetRecord:
        target = TargetRecord(id=uuid.uuid4(), channel_type=channel_type, channel_config={},
                              max_concurrency=8)
        self.targets[target.id] = target
        return target

    def _queue(self, campaign_id: uuid.UUID, target_id: uuid.UUID, campaign: MemoryCampaign,
               status: str = run_state.QUEUED) -> RunRecord:
        cases, repeat = campaign.cases, campaign.repeat
        run = RunRecord(id=uuid.uuid4(), campaign_id=campaign_id, target_id=target_id,
                        status=status, version=0, cases=cases, repeat=repeat,
                        concurrency=campaign.concurrency, total=len(cases) * repeat,
                        created_at=datetime.now(UTC))
        self.runs[run.id] = run
        self.attempts[run.id] = []
        return run

    def change(self, run_id: uuid.UUID, **columns: Any) -> None:
        """Set stored columns as another writer would (a test's crashed owner)."""
        self.runs[run_id] = replace(self.runs[run_id], **columns)

    async def run(self, run_id: uuid.UUID) -> RunRecord:
        if run_id not in self.runs:
            raise NotFound(f"run {run_id} does not exist")
        return self.runs[run_id]

    state = run

    async def target(self, target_id: Any) -> TargetRecord | None:
        return self.targets.get(target_id)

    async def finished_attempts(self, run_id: uuid.UUID) -> set[tuple[str, int]]:
        return {(a.case.key, a.attempt) for a in self.attempts[run_id]}

    async def transition(self, run: RunRecord, action: str, **fields: Any) -> RunRecord:
        status = run_state.next_status(run.status, action)
        fence = fence_for(run_lease_name(run.id))  # the owner's delivery's, as the database's
        if fence is not None:
            await self.leases.fence(fence)
        stored = self.runs[run.id]
        if stored.version != run.version:
            raise VersionConflict(f"run {run.id}")
        now = datetime.now(UTC)
        if status == run_state.RUNNING:
            fields.setdefault("started_at", now)
        if run_state.is_terminal(status):
            fields.setdefault("completed_at", now)
        # The other columns as stored (counters): the database writes only these.
        self.runs[run.id] = replace(stored, status=status, version=run.version + 1, **fields)
        self.transitions.append((str(run.id), status))
        return replace(run, status=status, version=run.version + 1, **fields)

    async def save_attempts(self, run_id: uuid.UUID, version: int,
                            attempts: Sequence[FinishedAttempt], counters: Counters) -> int:
        fence = fence_for(run_lease_name(run_id))
        if fence is not None:
            try:
                await self.leases.fence(fence)
            except OwnershipLost:
                raise StaleRun(str(run_id)) from None
        stored = self.runs[run_id]
        if stored.version != version or stored.status != run_state.RUNNING:
            raise StaleRun(str(run_id))
        self.attempts[run_id] += attempts
        self.runs[run_id] = replace(stored, version=version + 1, **vars(counters))
        return version + 1

    async def summary(self, run: RunRecord) -> RunSummaryData:
        return summarise([outcome_record(a) for a in self.attempts[run.id]], run.repeat,
                         expected_total=run.total)

    @contextlib.asynccontextmanager
    async def excluding_owner(self, run_id: uuid.UUID) -> AsyncIterator[None]:
        fence = fence_for(run_lease_name(run_id))
        if fence is not None:
            await self.leases.fence(fence)
        yield


class _NoModels(NoModels):
    async def aclose(self) -> None:
        return None


def memory_engine(store: MemoryRuns, channels: ChannelFactory, *, ttl_s: float = 30.0,
                  max_active: int | None = None, users: PlayCase = play_case,
                  models: LoadModels | None = None, send_once: bool = True) -> RunEngine:
    """A RunEngine on `store`, whose runs are owned under `store.leases`."""
    owned = OwnedSystem(ActorSystem(), store.leases)

    async def no_models(run_id: uuid.UUID) -> _NoModels:
        return _NoModels()

    engine = RunEngine(owned=owned, channels=channels, events=create_event_bus(None),
                       store=store, models=models or no_models, users=users,
                       queue=store.queue_runs, send_once=send_once)
    owned.declare(EntityKind(RUN, "activation", ttl_s, factory=engine.actor,
                             elsewhere=engine.answer_elsewhere, max_active=max_active,
                             take_over=engine.take_over))
    return engine
