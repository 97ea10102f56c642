"""Tortoise models of both evaluation systems (they share only targets, model configs and keys)."""

from agenteval.store.models.access import ApiKey, ModelConfig, Target
from agenteval.store.models.conversations import ConversationSet
from agenteval.store.models.intelligent import (
    EvalEvent,
    EvalMessage,
    EvalSession,
    IntelligentEval,
    PlanRevision,
)
from agenteval.store.models.judge_cache import JudgeCacheEntry
from agenteval.store.models.judge_revisions import (
    AlignmentRow,
    JudgeDriftAlertRow,
    JudgeRevisionRow,
)
from agenteval.store.models.leases import Lease
from agenteval.store.models.monitoring import (
    Monitor,
    MonitorAlert,
    MonitoredConversation,
    MonitoredSource,
    MonitoredTurn,
    MonitorVerdict,
    RedLineHit,
)
from agenteval.store.models.notifications import Webhook, WebhookDelivery
from agenteval.store.models.review import HumanReviewRow
from agenteval.store.models.review_queues import (
    ReviewAnswerRow,
    ReviewAppealRow,
    ReviewItemRow,
    ReviewPlanRow,
    ReviewQueueRow,
)
from agenteval.store.models.scorecards import ScorecardRecord, WordLibraryRecord
from agenteval.store.models.static import (
    Campaign,
    CaseOutcome,
    RuleResultRow,
    Run,
    RunTurn,
    Scenario,
)
from agenteval.store.models.usage import ModelUsage

__all__ = [
    "ApiKey", "ModelConfig", "Target", "JudgeCacheEntry", "HumanReviewRow", "Lease",
    "IntelligentEval", "PlanRevision", "EvalSession", "EvalMessage", "EvalEvent",
    "Scenario", "Campaign", "Run", "CaseOutcome", "RunTurn", "RuleResultRow",
    "Webhook", "WebhookDelivery", "ModelUsage", "ConversationSet",
    "ScorecardRecord", "WordLibraryRecord",
    "MonitoredSource", "MonitoredConversation", "MonitoredTurn", "Monitor", "MonitorVerdict",
    "RedLineHit", "MonitorAlert", "JudgeRevisionRow", "AlignmentRow", "JudgeDriftAlertRow",
    "ReviewPlanRow", "ReviewQueueRow", "ReviewItemRow", "ReviewAnswerRow", "ReviewAppealRow",
]
