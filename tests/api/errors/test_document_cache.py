"""Documents are parsed and validated once per text; every request still gets its own answer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from agenteval.api.execution import document_cache
from tests.support.graphql_client import GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

ME = "query Me { me { role } }"
UNKNOWN_FIELD = "query { me { nope } }"
TWO_OPERATIONS = "query A { me { role } } query B { me { name } }"
NUL_LITERAL = 'mutation { createApiKey(name: "a\\u0000b", role: VIEWER) { secret } }'


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    counts = {"parse": 0, "validate": 0}
    parse, validate = document_cache.parse, document_cache.validate_document

    def counting_parse(*args: Any, **kwargs: Any) -> Any:
        counts["parse"] += 1
        return parse(*args, **kwargs)

    def counting_validate(*args: Any, **kwargs: Any) -> Any:
        counts["validate"] += 1
        return validate(*args, **kwargs)

    document_cache.clear()
    monkeypatch.setattr(document_cache, "parse", counting_parse)
    monkeypatch.setattr(document_cache, "validate_document", counting_validate)
    yield counts
    document_cache.clear()


async def test_a_repeated_document_is_parsed_and_validated_once(
        client: GraphQLClient, counted: dict[str, int]) -> None:
    for _ in range(3):
        assert (await client.execute(ME))["me"]["role"] == "ADMIN"
    assert counted == {"parse": 1, "validate": 1}


async def test_cached_refusals_and_validation_errors_are_answered_every_time(
        client: GraphQLClient, counted: dict[str, int]) -> None:
    for _ in range(2):
        unknown = await client.error(UNKNOWN_FIELD)
        assert unknown.code == "VALIDATION_FAILED" and "nope" in unknown.message
        ambiguous = await client.error(TWO_OPERATIONS)
        assert ambiguous.code == "VALIDATION_FAILED"
        assert ambiguous.details[0]["path"] == "operationName"
        unstorable = await client.error(NUL_LITERAL)
        assert unstorable.code == "VALIDATION_FAILED"
        assert unstorable.details[0]["path"] == "name"
    # Refused documents are never validated; the invalid one is validated once.
    assert counted == {"parse": 3, "validate": 1}


async def test_a_document_that_does_not_parse_is_not_cached(
        client: GraphQLClient, counted: dict[str, int]) -> None:
    for _ in range(2):
        broken = await client.error("query { me { role }")
        assert broken.code == "VALIDATION_FAILED" and "Syntax Error" in broken.message
    assert counted["parse"] == 2 and not document_cache._entries
