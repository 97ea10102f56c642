"""The legacy `graphql-ws` subprotocol (subscriptions-transport-ws): subscriptions, queries
and mutations alike.

That protocol sends every operation as `start`; a query or a mutation is answered
with one `data` message, then `complete`. strawberry's handler runs everything as a
subscription, so a query failed with InvalidOperationTypeError (an INTERNAL);
here queries and mutations are executed once instead. A request error (the
document does not parse or validate: nothing ran) is the protocol's `error`
message, as for a subscription.
"""

from __future__ import annotations

import asyncio

from graphql import GraphQLError, parse
from strawberry.subscriptions.protocols.graphql_ws.handlers import BaseGraphQLWSHandler
from strawberry.subscriptions.protocols.graphql_ws.types import CompleteMessage, ErrorMessage
from strawberry.types.graphql import OperationType
from strawberry.utils.operation import get_operation_type

from agenteval.api.context import Context, start_operation
from agenteval.api.transport.direct_frames import LEGACY_WS, deliver_directly
from agenteval.api.transport.media_types import is_request_error


def _runs_once(query: str, operation_name: str | None) -> bool:
    """Whether the operation is a query or a mutation (a document that does not parse, or
    names no operation, goes the subscription way, which answers its error).

    strawberry's `get_operation_type` answers with strawberry's own OperationType enum:
    compared with graphql-core's, a subscription never matched and ran as a query
    (INTERNAL: "Cannot return null for non-nullable field Subscription.…").
    """
    try:
        return get_operation_type(parse(query), operation_name) != OperationType.SUBSCRIPTION
    except (GraphQLError, RuntimeError, ValueError):
        return False


class LegacyWSHandler(BaseGraphQLWSHandler[Context, None]):
    """graphql-ws, every operation with its own loaders."""

    async def handle_async_results(self, operation_id: str, query: str,
                                   operation_name: str | None,
                                   variables: dict[str, object] | None) -> None:
        start_operation()
        if not _runs_once(query, operation_name):
            socket = getattr(self.websocket, "ws", None)
            if socket is not None:  # its live events may skip strawberry (fanout.py)
                deliver_directly(socket.scope, LEGACY_WS, operation_id)
            await super().handle_async_results(operation_id, query, operation_name, variables)
            return
        try:
            result = await self.schema.execute(query, variable_values=variables,
                                               context_value=self.context,
                                               root_value=self.root_value,
                                               operation_name=operation_name)
            if is_request_error(result.data, result.errors):
                assert result.errors
                await self.send_message(ErrorMessage(type="error", id=operation_id,
                                                     payload=result.errors[0].formatted))
                return
            await self.send_data_message(result, operation_id)
            await self.send_message(CompleteMessage(type="complete", id=operation_id))
        except asyncio.CancelledError:  # `stop` before the answer
            await self.send_message(CompleteMessage(type="complete", id=operation_id))
        finally:
            self.tasks.pop(operation_id, None)
