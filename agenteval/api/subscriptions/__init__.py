"""Every domain's Subscription mixin, merged in agenteval.api.schema."""

from agenteval.api.subscriptions.activity import ActivitySubscriptions
from agenteval.api.subscriptions.alignment import AlignmentSubscriptions
from agenteval.api.subscriptions.intelligent import IntelligentSubscriptions
from agenteval.api.subscriptions.static import StaticSubscriptions

SUBSCRIPTIONS: tuple[type, ...] = (StaticSubscriptions, IntelligentSubscriptions,
                                   AlignmentSubscriptions, ActivitySubscriptions)
