"""Every domain's Query mixin, merged in agenteval.api.schema."""

from agenteval.api.queries.access import AccessQueries
from agenteval.api.queries.alignment import AlignmentQueries
from agenteval.api.queries.conversations import ConversationQueries
from agenteval.api.queries.intelligent import IntelligentQueries
from agenteval.api.queries.monitoring import MonitoringQueries
from agenteval.api.queries.review import ReviewQueries
from agenteval.api.queries.review_queues import ReviewQueueQueries
from agenteval.api.queries.scorecards import ScorecardQueries
from agenteval.api.queries.search import SearchQueries
from agenteval.api.queries.static import StaticQueries
from agenteval.api.queries.webhooks import WebhookQueries

QUERIES: tuple[type, ...] = (AccessQueries, StaticQueries, IntelligentQueries, ReviewQueries,
                             WebhookQueries, ConversationQueries, ScorecardQueries,
                             MonitoringQueries, AlignmentQueries, ReviewQueueQueries,
                             SearchQueries)
