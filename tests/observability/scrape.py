"""Reading GET /metrics the way Prometheus does: the text format, parsed."""

from __future__ import annotations

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.support.graphql_client import ADMIN_KEY

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


async def scrape(http: httpx.AsyncClient, key: str | None = ADMIN_KEY) -> Samples:
    """Every sample of /metrics by (sample name, labels); fails unless the text parses."""
    response = await http.get("/metrics", headers={"X-API-Key": key} if key else {})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    samples: Samples = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    """The sample's value, 0 when it is not there yet (a labelled counter never moved)."""
    return samples.get((name, frozenset(labels.items())), 0.0)
