"""Every domain's Query mixin, merged in agenteval.api.schema."""

from agenteval.api.queries.access import AccessQueries

QUERIES: tuple[type, ...] = (AccessQueries,)
