"""Conversation sets are held to the settings' sizes: refused past them, nothing stored."""

from __future__ import annotations

import dataclasses

import pytest

from agenteval.config import Settings
from tests.api.errors.conftest import row_counts
from tests.api.offline_helpers import IMPORT, conversation, jsonl
from tests.support.graphql_client import GraphQLClient

MESSAGE_LIMIT = 60


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, max_cases=3, max_message_chars=MESSAGE_LIMIT)


async def test_more_conversations_than_a_scenario_may_hold_are_refused(
        gql: GraphQLClient) -> None:
    before = await row_counts()
    error = await gql.error(IMPORT, {"document": jsonl([conversation(i) for i in range(4)]),
                                     "format": "jsonl"})
    assert error.code == "VALIDATION_FAILED"
    assert error.details == [{"path": "document", "message": "has 4 conversations; at most 3 "
                                                             "are allowed (AGENTEVAL_MAX_CASES): "
                                                             "import a sample of them (`sample`) "
                                                             "or split the log"}]
    # Sampled down to the limit, the same log fits.
    data = await gql.execute(IMPORT, {"document": jsonl([conversation(i) for i in range(4)]),
                                      "format": "jsonl", "sample": 3, "seed": 1})
    assert data["importConversations"]["dialogCount"] == 3
    assert (await row_counts())["ConversationSet"] == before["ConversationSet"] + 1


async def test_a_message_over_the_limit_is_refused_with_its_place(gql: GraphQLClient) -> None:
    long = conversation(1)
    long["messages"][2]["content"] = "x" * (MESSAGE_LIMIT + 1)
    before = await row_counts()
    error = await gql.error(IMPORT, {"document": jsonl([conversation(0), long]),
                                     "format": "jsonl"})
    assert error.details == [{"path": "document.conversations[1].turns[1].user",
                              "message": f"is {MESSAGE_LIMIT + 1} characters long; "
                                         f"the limit is {MESSAGE_LIMIT}"}]
    assert await row_counts() == before
