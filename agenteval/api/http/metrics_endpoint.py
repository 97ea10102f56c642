"""`GET /metrics`: the process's counters plus what is read at scrape time, as Prometheus text.

Read at scrape time, so the hot paths pay nothing for them:
- actors alive and mailbox depth, by kind (`eval`, `session`, `run` …), from the
  `ActorSystem`;
- runs, evals and sessions in flight, by status: one `GROUP BY status` query each
  over the unfinished rows (`store/activity.py`; these are cluster-wide figures: every
  process reports the same, so aggregate them with `max`, not `sum`).

`AGENTEVAL_METRICS` decides who may read it: `authenticated` (any valid API key,
as `X-API-Key` or `Authorization: Bearer …`), `public`, or `off` (no route: 404).
"""

from __future__ import annotations

import logging
from collections import Counter as Tally
from collections.abc import Hashable, Iterable, Iterator

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from actors import ActorSystem
from agenteval.api.http.rest import authenticated_key, rest_endpoint
from agenteval.config import Settings
from agenteval.domain.intelligent import eval_state
from agenteval.domain.static import run_state
from agenteval.engine.services import Services
from agenteval.observability.metrics import REGISTRY
from agenteval.store import activity

logger = logging.getLogger("agenteval.metrics")

RUN_STATUSES_IN_FLIGHT = run_state.ACTIVE_STATUSES
EVAL_STATUSES_IN_FLIGHT = (eval_state.DRAFT, eval_state.PLANNING, eval_state.PENDING_APPROVAL,
                           eval_state.EXECUTING)
SESSION_STATUSES_IN_FLIGHT = (eval_state.SESSION_RUNNING,)


def metrics_routes(settings: Settings) -> list[Route]:
    """The /metrics route, or none when `settings.metrics` is off."""
    if settings.metrics == "off":
        return []
    return [Route("/metrics", rest_endpoint(metrics_endpoint, challenge="Bearer"),
                  methods=["GET"])]


async def metrics_endpoint(request: Request) -> Response:
    services: Services = request.app.state.services
    if services.settings.metrics != "public":
        await authenticated_key(request, bearer=True)
    families = [*actor_families(services.actors), *await row_families()]
    scraped = CollectorRegistry(auto_describe=False)
    scraped.register(_Families(families))
    return Response(generate_latest(REGISTRY) + generate_latest(scraped),
                    media_type=CONTENT_TYPE_LATEST)


def actor_families(actors: ActorSystem) -> list[GaugeMetricFamily]:
    """Actors alive and the messages waiting in their mailboxes, by kind of actor."""
    alive: Tally[str] = Tally()
    waiting: Tally[str] = Tally()
    deepest: dict[str, int] = {}
    for ref in actors.refs():
        kind = _kind(ref.key)
        if ref.is_alive:
            alive[kind] += 1
        depth = ref.mailbox_depth
        waiting[kind] += depth
        deepest[kind] = max(deepest.get(kind, 0), depth)
    return [
        _gauge("agenteval_actors_alive", "Actors accepting messages in this process, by kind.",
               "kind", alive.items()),
        _gauge("agenteval_actor_mailbox_messages",
               "Messages waiting in the mailboxes of this process's actors, by kind.",
               "kind", waiting.items()),
        _gauge("agenteval_actor_mailbox_max_depth",
               "The deepest mailbox of this process's actors, by kind.", "kind",
               deepest.items()),
    ]


async def row_families() -> list[GaugeMetricFamily]:
    """Runs, evals and sessions in flight by status (cluster-wide; see the module doc)."""
    try:
        runs = await activity.runs_by_status(RUN_STATUSES_IN_FLIGHT)
        evals = await activity.evals_by_status(EVAL_STATUSES_IN_FLIGHT)
        sessions = await activity.sessions_by_status(SESSION_STATUSES_IN_FLIGHT)
    except Exception:  # noqa: BLE001 - the process's own figures are still worth serving
        logger.warning("/metrics: the database did not answer", exc_info=True)
        return [_gauge("agenteval_database_up", "1 when the scrape's database query worked.",
                       None, [("", 0)])]
    return [
        _gauge("agenteval_database_up", "1 when the scrape's database query worked.",
               None, [("", 1)]),
        _gauge("agenteval_runs_in_flight", "Static runs not finished yet, by status.",
               "status", runs.items()),
        _gauge("agenteval_evals_in_flight", "Intelligent evals not finished yet, by status.",
               "status", evals.items()),
        _gauge("agenteval_sessions_in_flight", "Intelligent-eval sessions still running.",
               "status", sessions.items()),
    ]


def _kind(key: Hashable) -> str:
    """`eval` for the key ("eval", id); `other` for any other shape (never the id)."""
    if isinstance(key, tuple) and key and isinstance(key[0], str):
        return key[0]
    return "other"


def _gauge(name: str, documentation: str, label: str | None,
           values: Iterable[tuple[str, int]]) -> GaugeMetricFamily:
    family = GaugeMetricFamily(name, documentation, labels=[label] if label else [])
    for label_value, value in values:
        family.add_metric([label_value] if label else [], value)
    return family


class _Families(Collector):
    """Families gathered before the exposition is written (the database is asynchronous)."""

    def __init__(self, families: list[GaugeMetricFamily]) -> None:
        self._families = families

    def collect(self) -> Iterator[GaugeMetricFamily]:
        return iter(self._families)
