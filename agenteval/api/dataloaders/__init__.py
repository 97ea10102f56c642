"""One DataLoader per relation the schema resolves, built fresh for every request (lazily).

Fresh per request (and per websocket operation) so that one caller's batch never
waits for, or fails with, another caller's: a batch is per loader instance.
"""

from __future__ import annotations

import uuid
from functools import cached_property

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.campaign_by_id import campaign_by_id
from agenteval.api.dataloaders.eval_by_id import eval_by_id
from agenteval.api.dataloaders.eval_progress_by_eval import eval_progress_by_eval
from agenteval.api.dataloaders.levels_by_run import levels_by_run
from agenteval.api.dataloaders.messages_by_session import messages_by_session
from agenteval.api.dataloaders.origins_by_run import origins_by_run
from agenteval.api.dataloaders.plan_revisions_by_eval import plan_revisions_by_eval
from agenteval.api.dataloaders.reviews_by_owner import reviews_by_owner
from agenteval.api.dataloaders.run_summary_by_run import run_summary_by_run
from agenteval.api.dataloaders.runs_by_campaign import runs_by_campaign
from agenteval.api.dataloaders.scenario_by_id import scenario_by_id
from agenteval.api.dataloaders.target_by_id import target_by_id
from agenteval.api.dataloaders.targets_by_campaign import targets_by_campaign
from agenteval.api.dataloaders.usage_by_owner import usage_by_eval, usage_by_run
from agenteval.domain.judging.case_origin import CaseOrigin
from agenteval.domain.static.run_summary import RunSummaryData
from agenteval.engine.intelligent.reads import SessionTally
from agenteval.engine.static.attempt_levels import LevelsByCase
from agenteval.engine.static.reads import SummaryKey
from agenteval.store import models
from agenteval.store.usage import UsageGroup


class DataLoaders:
    """A request's loaders, each built the first time a resolver asks for it (a
    mutation such as sendMessage resolves no relation and builds none). `DataLoaders()`
    is a fresh set: nothing cached yet."""

    @cached_property
    def target_by_id(self) -> DataLoader[uuid.UUID, models.Target]:
        return target_by_id()

    @cached_property
    def scenario_by_id(self) -> DataLoader[uuid.UUID, models.Scenario]:
        return scenario_by_id()

    @cached_property
    def campaign_by_id(self) -> DataLoader[uuid.UUID, models.Campaign]:
        return campaign_by_id()

    @cached_property
    def targets_by_campaign(self) -> DataLoader[uuid.UUID, list[models.Target]]:
        return targets_by_campaign()

    @cached_property
    def runs_by_campaign(self) -> DataLoader[uuid.UUID, list[models.Run]]:
        return runs_by_campaign()

    @cached_property
    def run_summary_by_run(self) -> DataLoader[SummaryKey, RunSummaryData]:
        return run_summary_by_run()

    @cached_property
    def eval_by_id(self) -> DataLoader[uuid.UUID, models.IntelligentEval]:
        return eval_by_id()

    @cached_property
    def eval_progress_by_eval(self) -> DataLoader[uuid.UUID, SessionTally]:
        return eval_progress_by_eval()

    @cached_property
    def plan_revisions_by_eval(self) -> DataLoader[uuid.UUID, list[models.PlanRevision]]:
        return plan_revisions_by_eval()

    @cached_property
    def messages_by_session(self) -> DataLoader[uuid.UUID, list[models.EvalMessage]]:
        return messages_by_session()

    @cached_property
    def reviews_by_owner(self) -> DataLoader[uuid.UUID, list[models.HumanReviewRow]]:
        return reviews_by_owner()

    @cached_property
    def levels_by_run(self) -> DataLoader[uuid.UUID, LevelsByCase]:
        return levels_by_run()

    @cached_property
    def origins_by_run(self) -> DataLoader[uuid.UUID, dict[str, CaseOrigin]]:
        return origins_by_run()

    @cached_property
    def usage_by_run(self) -> DataLoader[uuid.UUID, list[UsageGroup]]:
        return usage_by_run()

    @cached_property
    def usage_by_eval(self) -> DataLoader[uuid.UUID, list[UsageGroup]]:
        return usage_by_eval()
