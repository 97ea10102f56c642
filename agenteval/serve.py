"""`agenteval serve`: uvicorn, with the cluster's work started only once the socket listens.

uvicorn runs the app's lifespan (the services) before it binds: a process that
then fails to bind (the port is taken) must not have claimed runs or started
driving evals meanwhile. `WorkAfterBind` starts `services.work` right after
uvicorn's start-up completed, i.e. once it listens.
"""

from __future__ import annotations

import socket
from typing import Any

import uvicorn
from starlette.applications import Starlette
from uvicorn.config import LOGGING_CONFIG

from agenteval.api.transport.direct_frames import ScopedWebSocketProtocol
from agenteval.api.transport.read_deadlines import head_deadline_protocol


class WorkAfterBind(uvicorn.Server):
    """A uvicorn server that starts the app's background work once it is listening."""

    def __init__(self, config: uvicorn.Config, app: Starlette) -> None:
        super().__init__(config)
        self.app = app

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.should_exit:  # uvicorn sets it when start-up (binding included) failed
            await self.app.state.services.work.start()


def serve_app(app: Starlette, host: str, port: int,
              log_config: dict[str, Any] | None = LOGGING_CONFIG,
              head_timeout_s: float = 10.0) -> None:
    """Serve `app` until SIGINT/SIGTERM (then the lifespan stops the services in order);
    `log_config`: uvicorn's (None: its loggers go to the root logger's handlers);
    `head_timeout_s`: the time a request's line and headers may take (read_deadlines.py)."""
    # No permessage-deflate: GraphQL messages are small, and compressing each one for
    # each socket cost a fifth of a subscription delivery's CPU (bench/load.py).
    config = uvicorn.Config(app, host=host, port=port, log_level="info", lifespan="on",
                            log_config=log_config, ws_per_message_deflate=False,
                            http=head_deadline_protocol(head_timeout_s),
                            # uvicorn's default websocket protocol, its sockets written to
                            # directly by the subscriptions' fan-out (direct_frames.py).
                            ws=ScopedWebSocketProtocol)
    WorkAfterBind(config, app).run()
