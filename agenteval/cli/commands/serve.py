"""`agenteval serve`: serve the GraphQL API (and GraphiQL) on http://HOST:PORT/graphql."""

from __future__ import annotations

import click

from agenteval.cli.common import settings_from_env


@click.command("serve")
@click.option("--host", help="Interface to listen on [AGENTEVAL_HOST, 127.0.0.1].")
@click.option("--port", type=int, help="Port [AGENTEVAL_PORT, 8000].")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
@click.option("--redis-url", help="Redis URL for events between processes [AGENTEVAL_REDIS_URL].")
def serve(host: str | None, port: int | None, database_url: str | None,
          redis_url: str | None) -> None:
    """Serve the GraphQL API (and GraphiQL) on http://HOST:PORT/graphql.

    The process takes work from the cluster (runs nobody executes, the watchdog,
    the driving of evals) only once its socket is listening, and on SIGTERM stops
    taking work, finishes what is in flight and releases its leases.
    """
    import logging

    from agenteval.app import create_app
    from agenteval.observability.log_format import configure_logging
    from agenteval.serve import serve_app

    settings = settings_from_env(host=host, port=port, database_url=database_url, redis_url=redis_url)
    uvicorn_log_config = configure_logging(settings.log_format)
    # A log line, so that with AGENTEVAL_LOG_FORMAT=json every line of stderr is JSON.
    logging.getLogger("agenteval").info(
        "AgentEval on http://%s:%s/ (web UI; API at /graphql) (database %s)",
        settings.host, settings.port, settings.database_url)
    serve_app(create_app(settings, start_work=False), settings.host, settings.port,
              log_config=uvicorn_log_config, head_timeout_s=settings.request_head_timeout_s)
