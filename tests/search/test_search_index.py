"""The search index on both databases: what is written is found, ranked, grouped, deleted."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest

from agenteval.store.search import documents, index_writes, segmenter
from agenteval.store.search.search_reads import search


@pytest.fixture
async def indexing(db: str) -> AsyncIterator[str]:
    index_writes.enable()
    try:
        yield db
    finally:
        index_writes.disable()


async def _find(query: str, kinds: tuple[str, ...] = documents.KINDS, limit: int = 20):
    return await search(segmenter.query_words(query), kinds, 0, limit)


async def test_a_two_character_chinese_word_finds_the_message_that_contains_it(indexing: str):
    run_id, outcome = uuid.uuid4(), uuid.uuid4()
    index_writes.run_turns_written(run_id, [(str(outcome), 0, "您好，我想申请退款，订单号是12345",
                                      "好的，退款将在三个工作日内到账", None)])
    index_writes.run_turns_written(run_id, [(str(uuid.uuid4()), 0, "我家空调坏了", "请留下电话", None)])
    await index_writes.flush()
    page = await _find("退款")
    assert page.total == 1
    [hit] = page.hits
    assert (hit.kind, hit.owner_id, hit.conversation_key) == ("run", str(run_id), str(outcome))
    assert hit.matches == 2  # the question and the reply, grouped as one conversation
    assert "退款" in hit.content


async def test_an_english_word_matches_whatever_its_case_and_as_a_prefix(indexing: str):
    session = uuid.uuid4()
    index_writes.session_turn_written(uuid.uuid4(), session, _message(0, "USER", "Where is my REFUND?"),
                               _message(0, "ASSISTANT", "Refunds are processed in 3 days."))
    await index_writes.flush()
    assert [h.conversation_key for h in (await _find("refund")).hits] == [str(session)]
    assert (await _find("refund")).hits[0].matches == 2
    assert (await _find("processed days")).total == 1
    assert (await _find("nothing-like-this")).total == 0


async def test_a_mixed_query_needs_every_word(indexing: str):
    conversation = uuid.uuid4()
    index_writes.monitored_turns_written([_turn(conversation, 0, "user", "我的iPhone 订单还没发货"),
                                   _turn(conversation, 1, "assistant", "iPhone 已经在路上了")])
    await index_writes.flush()
    assert (await _find("iphone 发货")).total == 1
    assert (await _find("iphone 退款")).total == 0
    hit = (await _find("iphone 发货")).hits[0]
    assert (hit.kind, hit.position, hit.role) == ("monitored", 0, "user")


async def test_the_conversation_with_more_matching_messages_ranks_first_then_the_newest(
        indexing: str):
    strong, weak, newest = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    index_writes.monitored_turns_written([_turn(strong, 0, "user", "退款还没到"),
                                   _turn(strong, 1, "assistant", "退款已经发起")])
    index_writes.monitored_turns_written([_turn(weak, 0, "user", "我想问物流，另外能退款吗")])
    await index_writes.flush()
    index_writes.monitored_turns_written([_turn(newest, 3, "user", "申请退款")])
    await index_writes.flush()
    page = await _find("退款")
    assert [h.conversation_key for h in page.hits] == [str(strong), str(newest), str(weak)]
    assert [h.matches for h in page.hits] == [2, 1, 1]
    assert page.hits[0].position == 0  # shown at its first matching message
    second = await search(segmenter.query_words("退款"), documents.KINDS, 1, 1)
    assert [h.conversation_key for h in second.hits] == [str(newest)] and second.total == 3


async def test_writing_the_same_message_twice_indexes_it_once(indexing: str):
    conversation = uuid.uuid4()
    turn = _turn(conversation, 0, "user", "退款怎么还没到")
    index_writes.monitored_turns_written([turn])
    index_writes.monitored_turns_written([turn])
    await index_writes.flush()
    assert (await _find("退款")).hits[0].matches == 1


async def test_kinds_filter_and_deleting_the_owner_removes_its_documents(indexing: str):
    run_id, set_id = uuid.uuid4(), uuid.uuid4()
    index_writes.run_turns_written(run_id, [(str(uuid.uuid4()), 0, "退款", "好的", None)])
    index_writes.conversation_set_written(set_id, [{"turns": [{"user": "退款吗", "reply": "可以"}]}])
    await index_writes.flush()
    assert (await _find("退款")).total == 2
    assert [h.kind for h in (await _find("退款", (documents.IMPORTED,))).hits] == ["imported"]
    assert (await _find("退款", (documents.IMPORTED,))).hits[0].conversation_key == f"{set_id}:0"
    assert await index_writes.run_purged(run_id) == 2
    assert [h.kind for h in (await _find("退款")).hits] == ["imported"]


async def test_nothing_is_indexed_while_indexing_is_off(db: str):
    index_writes.disable()
    index_writes.monitored_turns_written([_turn(uuid.uuid4(), 0, "user", "退款")])
    await index_writes.flush()
    assert (await _find("退款")).total == 0


class _Row:
    def __init__(self, **values: object) -> None:
        self.__dict__.update(values)


def _message(turn: int, role: str, content: str) -> _Row:
    return _Row(id=uuid.uuid4(), turn_index=turn, role=role, content=content)


def _turn(conversation: uuid.UUID, position: int, role: str, content: str) -> _Row:
    return _Row(conversation_id=conversation, message_key=f"#{position}", position=position,
                role=role, content=content)
