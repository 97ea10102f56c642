"""A GraphQL client over the service's own schema, in the same process, with a fixed role."""

from __future__ import annotations

from typing import Any

from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.transport import AsgiTransport


def in_process_api(services: Any, role: str, name: str) -> AgentEvalApi:
    """The same GraphQL operations an external agent uses, without a stored API key."""
    from agenteval.api.schema import build_schema
    from agenteval.api.view import AgentEvalGraphQL
    from agenteval.store.api_keys import internal_identity

    view = AgentEvalGraphQL(build_schema(services.settings), services,
                            identity=internal_identity(name, role))
    return AgentEvalApi(AsgiTransport(view), api_key="")
