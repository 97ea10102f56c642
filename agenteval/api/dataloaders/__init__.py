"""One DataLoader per relation the schema resolves, built fresh for every request.

Fresh per request (and per websocket operation) so that one caller's batch never
waits for, or fails with, another caller's: a batch is per loader instance.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

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


@dataclass(frozen=True)
class DataLoaders:
    target_by_id: DataLoader[uuid.UUID, models.Target]
    scenario_by_id: DataLoader[uuid.UUID, models.Scenario]
    campaign_by_id: DataLoader[uuid.UUID, models.Campaign]
    targets_by_campaign: DataLoader[uuid.UUID, list[models.Target]]
    runs_by_campaign: DataLoader[uuid.UUID, list[models.Run]]
    run_summary_by_run: DataLoader[SummaryKey, RunSummaryData]
    eval_by_id: DataLoader[uuid.UUID, models.IntelligentEval]
    eval_progress_by_eval: DataLoader[uuid.UUID, SessionTally]
    plan_revisions_by_eval: DataLoader[uuid.UUID, list[models.PlanRevision]]
    messages_by_session: DataLoader[uuid.UUID, list[models.EvalMessage]]
    reviews_by_owner: DataLoader[uuid.UUID, list[models.HumanReviewRow]]
    levels_by_run: DataLoader[uuid.UUID, LevelsByCase]
    origins_by_run: DataLoader[uuid.UUID, dict[str, CaseOrigin]]
    usage_by_run: DataLoader[uuid.UUID, list[UsageGroup]]
    usage_by_eval: DataLoader[uuid.UUID, list[UsageGroup]]

    @classmethod
    def create(cls) -> DataLoaders:
        """A fresh set: nothing cached yet."""
        return cls(
            target_by_id=target_by_id(), scenario_by_id=scenario_by_id(),
            campaign_by_id=campaign_by_id(), targets_by_campaign=targets_by_campaign(),
            runs_by_campaign=runs_by_campaign(), run_summary_by_run=run_summary_by_run(),
            eval_by_id=eval_by_id(), eval_progress_by_eval=eval_progress_by_eval(),
            plan_revisions_by_eval=plan_revisions_by_eval(),
            messages_by_session=messages_by_session(), reviews_by_owner=reviews_by_owner(),
            levels_by_run=levels_by_run(), origins_by_run=origins_by_run(),
            usage_by_run=usage_by_run(),
            usage_by_eval=usage_by_eval())
