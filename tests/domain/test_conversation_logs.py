"""The log readers shared by `agenteval judge` and `importConversations`: roles through the
role table (or refused with the line), a BOM accepted, replies' raw JSON, tool calls and
latencies kept, an openai list read item by item, a CSV's conversations one block each."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from agenteval.domain.logs.conversation_logs import (
    LogUnreadable,
    iter_dialogs,
    read_conversations,
)
from agenteval.domain.logs.json_stream import NotAJsonList, json_list_items
from agenteval.domain.logs.log_roles import ROLE_TABLE


@pytest.mark.parametrize("bot", ["bot", "Agent", "客服", "assistant", " AI "])
@pytest.mark.parametrize("person", ["user", "human", "客户"])
def test_the_role_tables_spellings_are_judged_as_their_speaker(bot: str, person: str) -> None:
    line = json.dumps({"id": "a", "messages": [
        {"role": "system", "content": "be nice"}, {"role": person, "content": "hi"},
        {"role": bot, "content": "hello, how can I help?"}]})
    log = read_conversations(line + "\n", "jsonl")
    [dialog] = log.dialogs
    assert [(t.user, t.reply) for t in dialog.turns] == [("hi", "hello, how can I help?")]
    assert log.skipped == Counter({"a system message (instructions to the bot, not judged)": 1})


def test_an_unknown_role_is_refused_with_its_line_never_judged_as_empty() -> None:
    lines = [json.dumps({"id": "a", "messages": [{"role": "user", "content": "hi"},
                                                 {"role": "assistant", "content": "ok"}]}),
             json.dumps({"id": "b", "messages": [{"role": "user", "content": "hi"},
                                                 {"role": "operator", "content": "ok"}]})]
    with pytest.raises(LogUnreadable, match=r"^line 2: message 2: the role 'operator' is not "
                                            r"in the role table \(docs/judge.md\)"):
        read_conversations("\n".join(lines), "jsonl")
    csv_text = "conversation_id,turn,role,text\nk,1,user,hi\nk,2,staff,ok\n"
    with pytest.raises(LogUnreadable, match=r"^rows 2-3: message 2: the role 'staff'"):
        read_conversations(csv_text, "csv")


def test_every_spelling_of_the_table_is_in_the_docs() -> None:
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "judge.md").read_text("utf-8")
    for spellings in ROLE_TABLE.values():
        for spelling in spellings:
            assert f"`{spelling}`" in docs, spelling


def test_a_csv_with_a_bom_and_a_bot_role_is_read() -> None:
    text = ("\ufeffconversation_id,turn,role,text,latency_ms\r\n"
            "k1,1,user,空调坏了\r\nk1,2,bot,请问地址？,850\r\n"
            "k2,1,用户,退货\r\nk2,2,客服,好的,1200\r\n")
    log = read_conversations(text, "csv")
    assert [(d.id, d.turns[0].reply, d.turns[0].latency_ms) for d in log.dialogs] == [
        ("k1", "请问地址？", 850), ("k2", "好的", 1200)]
    jsonl = "\ufeff" + json.dumps({"id": "j", "messages": [{"role": "user", "content": "x"}]})
    assert read_conversations(jsonl, "jsonl").dialogs[0].id == "j"


def test_raw_replies_tool_calls_and_latencies_are_kept_per_turn() -> None:
    messages = [
        {"role": "user", "content": "book a repair"},
        {"role": "assistant", "content": None, "latency_ms": 300, "tool_calls": [
            {"id": "t1", "type": "function",
             "function": {"name": "create_ticket", "arguments": '{"kind": "repair"}'}}]},
        {"role": "tool", "tool_call_id": "t1", "content": '{"ticket": "RP00001"}'},
        {"role": "assistant", "content": "Booked: RP00001", "latency_ms": 200,
         "raw": {"ticket": "RP00001"}},
        {"role": "user", "content": "thanks"},
        {"role": "assistant", "content": "bye", "latency_ms": 90},
    ]
    log = read_conversations(json.dumps([{"id": "c", "messages": messages}]), "openai")
    [dialog] = log.dialogs
    first, second = dialog.turns
    assert (first.reply, first.raw, first.latency_ms) == ("Booked: RP00001",
                                                         {"ticket": "RP00001"}, 500)
    assert first.tool_calls == [{"name": "create_ticket", "arguments": {"kind": "repair"}}]
    assert second.tool_calls == [] and second.latency_ms == 90  # tools were logged: none here
    assert dialog.has_latencies
    assert dialog.document()["turns"][1] == {"user": "thanks", "reply": "bye", "tool_calls": [],
                                             "latency_ms": 90}
    plain = read_conversations(json.dumps([[{"role": "user", "content": "hi"},
                                            {"role": "assistant", "content": "ok"}]]), "openai")
    assert plain.dialogs[0].turns[0].tool_calls is None  # nothing said of tools: unknown
    assert not plain.dialogs[0].has_latencies


def test_an_openai_list_is_read_item_by_item_whatever_the_pieces() -> None:
    items = [[{"role": "user", "content": "q \"quoted\" ] , ["}], {"id": 3, "n": 12345}, 7, None]
    text = " \n" + json.dumps(items, indent=1) + "\n"
    for size in (1, 3, 64, len(text)):
        pieces = [text[i:i + size] for i in range(0, len(text), size)]
        assert list(json_list_items(pieces)) == items
    for bad, message in (("{}", "must start with"), ("[1, 2", "not closed"), ("[1 2]", "`,`"),
                         ("[1] x", "text after"), ("[1, {]", "not JSON")):
        with pytest.raises(NotAJsonList, match=message):
            list(json_list_items([bad]))


def test_a_csv_conversation_split_across_the_file_is_refused_with_the_row() -> None:
    text = ("conversation_id,turn,role,text\na,1,user,hi\nb,1,user,yo\n"
            "a,2,assistant,hello\n")
    with pytest.raises(LogUnreadable, match=r"^row 4: conversation 'a' continues after other "
                                            r"conversations' rows; sort the CSV"):
        list(iter_dialogs(text.splitlines(keepends=True), "csv", Counter()))


def test_duplicate_ids_are_refused_while_streaming() -> None:
    line = json.dumps({"id": "same", "messages": [{"role": "user", "content": "x"}]})
    with pytest.raises(LogUnreadable, match="'same' appears more than once"):
        list(iter_dialogs([line + "\n", line + "\n"], "jsonl", Counter()))


def test_a_latency_that_is_not_a_number_is_refused_with_its_line() -> None:
    line = json.dumps({"id": "a", "messages": [{"role": "user", "content": "hi"},
                                               {"role": "bot", "content": "ok",
                                                "latency_ms": "fast"}]})
    with pytest.raises(LogUnreadable, match="line 1: message 2: latency_ms 'fast' is not"):
        read_conversations(line, "jsonl")
