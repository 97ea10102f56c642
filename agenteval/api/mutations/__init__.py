"""Every domain's Mutation mixin, merged in agenteval.api.schema."""

from agenteval.api.mutations.access import AccessMutations
from agenteval.api.mutations.alignment import AlignmentMutations
from agenteval.api.mutations.conversations import ConversationMutations
from agenteval.api.mutations.deletion import DeletionMutations
from agenteval.api.mutations.intelligent import IntelligentMutations
from agenteval.api.mutations.model_checks import ModelCheckMutations
from agenteval.api.mutations.monitoring import MonitoringMutations
from agenteval.api.mutations.regression import RegressionMutations
from agenteval.api.mutations.review import ReviewMutations
from agenteval.api.mutations.review_queues import ReviewQueueMutations
from agenteval.api.mutations.scorecards import ScorecardMutations
from agenteval.api.mutations.static import StaticMutations
from agenteval.api.mutations.webhooks import WebhookMutations

MUTATIONS: tuple[type, ...] = (AccessMutations, StaticMutations, IntelligentMutations,
                                ReviewMutations, WebhookMutations, DeletionMutations,
                                ModelCheckMutations, RegressionMutations,
                                ConversationMutations, ScorecardMutations,
                                MonitoringMutations, AlignmentMutations, ReviewQueueMutations)
