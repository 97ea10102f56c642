"""The process's counters and histograms, and the one-line hooks that move them.

Everything here is cheap enough for the hot path: a counter increment or a
histogram observation under prometheus-client's own lock, nothing else. Label
values come from a bounded set (error codes, channel error kinds, model roles,
stored target ids, operation names capped at `MAX_OPERATION_NAMES`), so a
client cannot grow the exposition without bound.

What is read rather than counted (actors alive, mailbox depth, runs, evals and
sessions by status) is gathered at scrape time: see `agenteval/api/http/metrics_endpoint.py`.

Hooks other modules call (each one line at its call site):
- `graphql_operation(name, codes)` — the API's `OperationMetrics` extension.
- `TARGET_LATENCY` / `target_failed(target_id, kind)` — `channels/measured.py`, around
  every channel the channel factory opens.
- `model_called(role, cached)` — the model client, where its response cache is consulted.
- `event_publish_failed()`, `EVENT_SUBSCRIBER_LAG.observe(waiting)`,
  `event_subscriber_overflowed()` — the event bus.
- `lease_claimed(kind)` / `lease_taken_over(kind)` — lease owners (kind: run, eval,
  session, driver …): a claim of free or expired work, and a claim that took work
  from another process whose lease had expired.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

# Everything this module defines, exposed by /metrics beside what is read at scrape time.
REGISTRY = CollectorRegistry(auto_describe=True)

# Distinct GraphQL operation names kept as labels; later new names count as OTHER.
MAX_OPERATION_NAMES = 200
MAX_OPERATION_NAME_CHARS = 64
ANONYMOUS = "anonymous"
OTHER = "other"

GRAPHQL_REQUESTS = Counter(
    "agenteval_graphql_requests", "GraphQL operations executed, by operation name.",
    ["operation"], registry=REGISTRY)
GRAPHQL_ERRORS = Counter(
    "agenteval_graphql_errors",
    "GraphQL errors answered, by operation name and contract error code.",
    ["operation", "code"], registry=REGISTRY)
TARGET_LATENCY = Histogram(
    "agenteval_target_latency_seconds",
    "Time a target took to answer one message (the successful attempt), by target id.",
    ["target"], registry=REGISTRY,
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
TARGET_ERRORS = Counter(
    "agenteval_target_errors",
    "Messages a target did not answer (after retries), by target id and error kind.",
    ["target", "kind"], registry=REGISTRY)
MODEL_CALLS = Counter(
    "agenteval_model_calls",
    "Chat calls to a model role (JUDGE, PLANNER …); cached=true were answered from the "
    "response cache without a request.", ["role", "cached"], registry=REGISTRY)
LEASE_CLAIMS = Counter(
    "agenteval_lease_claims", "Leases this process claimed, by kind of work.",
    ["kind"], registry=REGISTRY)
LEASE_TAKEOVERS = Counter(
    "agenteval_lease_takeovers",
    "Leases this process took over from another process whose lease had expired, by kind.",
    ["kind"], registry=REGISTRY)
EVENT_PUBLISH_FAILURES = Counter(
    "agenteval_event_publish_failures",
    "Event-bus publishes the backend (Redis) did not take; the database still has the change.",
    registry=REGISTRY)
EVENT_SUBSCRIBER_LAG = Histogram(
    "agenteval_event_subscriber_lag_messages",
    "Messages still waiting in a subscriber's queue each time it takes one (how far "
    "subscribers are behind the bus).", registry=REGISTRY,
    buckets=(0, 1, 5, 25, 100, 250, 500, 1000))
EVENT_SUBSCRIBER_OVERFLOWS = Counter(
    "agenteval_event_subscriber_overflows",
    "Subscribers that fell a whole queue behind and had to resync from their cursor.",
    registry=REGISTRY)

_operation_names: set[str] = set()
# The request counter of each operation label (bounded like the labels themselves).
_requests_by_operation: dict[str, Counter] = {}


def operation_label(name: str | None) -> str:
    """The label for a client-chosen operation name, bounded in length and number."""
    if not name:
        return ANONYMOUS
    if name in _operation_names:
        return name
    if len(name) > MAX_OPERATION_NAME_CHARS or len(_operation_names) >= MAX_OPERATION_NAMES:
        return OTHER
    _operation_names.add(name)
    return name


def graphql_operation(name: str | None, error_codes: list[str]) -> None:
    """One GraphQL operation answered, with the contract codes of its errors (if any)."""
    operation = operation_label(name)
    counter = _requests_by_operation.get(operation)
    if counter is None:  # `labels()` validates and locks: once per operation name
        counter = _requests_by_operation[operation] = GRAPHQL_REQUESTS.labels(operation)
    counter.inc()
    for code in error_codes:
        GRAPHQL_ERRORS.labels(operation, code).inc()


def target_failed(target_id: str, kind: str) -> None:
    """A message to a target failed for good (timeout, connection, http_status, bad_response)."""
    TARGET_ERRORS.labels(target_id, kind).inc()


def model_called(role: str, cached: bool) -> None:
    """A chat call of a model role, answered by the model or from the response cache."""
    MODEL_CALLS.labels(role, "true" if cached else "false").inc()


def lease_claimed(kind: str) -> None:
    """This process claimed a lease on one unit of `kind` work (run, eval, session …)."""
    LEASE_CLAIMS.labels(kind).inc()


def lease_taken_over(kind: str) -> None:
    """This process took over `kind` work whose owner's lease had expired."""
    LEASE_TAKEOVERS.labels(kind).inc()


def event_publish_failed() -> None:
    """A publish on the event bus failed (the backend did not take it)."""
    EVENT_PUBLISH_FAILURES.inc()



def event_subscriber_overflowed() -> None:
    """A subscriber's queue was full: it lost messages and resyncs from its cursor."""
    EVENT_SUBSCRIBER_OVERFLOWS.inc()
