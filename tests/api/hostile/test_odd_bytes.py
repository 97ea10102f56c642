"""One odd reply never fails the work: lone surrogates and NUL from a target or a log are
stored cleaned (U+FFFD, NUL removed), and the turn says what was replaced (both databases)."""

from __future__ import annotations

import json

from aiohttp import web

from tests.api.intelligent_support import create_target as create_openai_target
from tests.api.intelligent_support import executing_eval, start_session
from tests.api.offline_helpers import IMPORT
from tests.api.static_helpers import http_target, run_scenario, wait_for_run
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import local_server

# What a JavaScript bot that cut an emoji in half sends, and a NUL: JSON escapes, so the
# HTTP body itself is valid UTF-8.
ODD_JSON = '"half \\ud83d emoji\\u0000 end"'
CLEAN = "half \ufffd emoji end"

SEND = """mutation($id: ID!, $content: String!) { sendMessage(sessionId: $id, content: $content) {
  reply { content error sanitized } } }"""
SESSION = """query($id: ID!) { session(id: $id) { messages { role content sanitized } } }"""
OUTCOMES = """query($id: ID!) { run(id: $id) { outcomes(first: 50) { edges { node {
  caseKey passed error turns { reply error sanitized rawResponse } } } } } }"""


async def _odd_http_bot(request: web.Request) -> web.Response:
    body = await request.json()
    echo = json.dumps(body.get("message"))
    text = f'{{"reply": {ODD_JSON}, "echo": {echo}, "k\\u0000": {ODD_JSON}}}'
    return web.Response(text=text, content_type="application/json")


async def _odd_openai_bot(request: web.Request) -> web.Response:
    text = f'{{"choices": [{{"message": {{"content": {ODD_JSON}}}}}]}}'
    return web.Response(text=text, content_type="application/json")


async def test_a_static_run_stores_an_odd_reply_cleaned_and_says_so(gql: GraphQLClient) -> None:
    app = web.Application()
    app.router.add_post("/chat", _odd_http_bot)
    async with local_server(app) as url:
        target = await http_target(gql, url)
        cases = [{"id": f"c{i}", "messages": ["hi"], "expectation": {"contains": "emoji"}}
                 for i in range(3)]
        _, run_id = await run_scenario(gql, target, cases)
        run = await wait_for_run(gql, run_id)
    assert run["status"] == "COMPLETED" and run["error"] is None
    nodes = [e["node"] for e in
             (await gql.execute(OUTCOMES, {"id": run_id}))["run"]["outcomes"]["edges"]]
    assert len(nodes) == 3
    for node in nodes:
        assert node["passed"] and node["error"] is None
        turn = node["turns"][0]
        assert turn["reply"] == CLEAN
        assert turn["sanitized"] == ["lone_surrogate", "nul"]
        assert turn["rawResponse"]["reply"] == CLEAN and "k" in turn["rawResponse"]


async def test_send_message_stores_an_odd_reply_cleaned(gql: GraphQLClient) -> None:
    app = web.Application()
    app.router.add_post("/v1/chat/completions", _odd_openai_bot)
    async with local_server(app) as url:
        running = await executing_eval(gql, await create_openai_target(gql, f"{url}/v1"))
        session_id = await start_session(gql, running["id"])
        sent = await gql.execute(SEND, {"id": session_id, "content": "hello"})
        stored = (await gql.execute(SESSION, {"id": session_id}))["session"]["messages"]
    # The reply says what was replaced (Message.sanitized, migration 0016), as a static
    # run's turn does; written by the turn's own SQL on both databases.
    odd = {"content": CLEAN, "error": None, "sanitized": ["lone_surrogate", "nul"]}
    assert sent["sendMessage"]["reply"] == odd
    assert stored == [{"role": "USER", "content": "hello", "sanitized": None},
                      {"role": "ASSISTANT", "content": CLEAN,
                       "sanitized": ["lone_surrogate", "nul"]}]


async def test_a_clean_reply_says_nothing_was_replaced(gql: GraphQLClient) -> None:
    app = web.Application()

    async def clean_bot(request: web.Request) -> web.Response:
        return web.json_response({"choices": [{"message": {"content": "all fine"}}]})

    app.router.add_post("/v1/chat/completions", clean_bot)
    async with local_server(app) as url:
        running = await executing_eval(gql, await create_openai_target(gql, f"{url}/v1"))
        session_id = await start_session(gql, running["id"])
        sent = await gql.execute(SEND, {"id": session_id, "content": "hello"})
        stored = (await gql.execute(SESSION, {"id": session_id}))["session"]["messages"]
    assert sent["sendMessage"]["reply"] == {"content": "all fine", "error": None,
                                            "sanitized": None}
    assert [m["sanitized"] for m in stored] == [None, None]


async def test_an_imported_log_with_odd_text_is_stored_cleaned(gql: GraphQLClient) -> None:
    line = ('{"id": "c1", "messages": [{"role": "user", "content": "q\\u0000"},'
            f' {{"role": "assistant", "content": {ODD_JSON}}}], "metadata": {{"m": {ODD_JSON}}}}}')
    data = await gql.execute(IMPORT, {"document": line + "\n", "format": "jsonl"})
    turns = data["importConversations"]["dialogs"][0]["turns"]
    assert turns == [{"user": "q", "reply": CLEAN, "raw": None}]
    assert data["importConversations"]["dialogs"][0]["metadata"] == {"m": CLEAN}


def _unreadable_documents() -> list[tuple[str, str, str]]:
    """(format, document, what the error names) for logs no reader can take."""
    deep = "[" * 100_000 + "]" * 100_000
    header = "conversation_id,turn,role,text\n"
    nested: object = "x"
    for _ in range(900):
        nested = {"n": nested}
    metadata_line = json.dumps({"id": "c", "messages": [{"role": "user", "content": "q"}],
                                "metadata": nested})
    return [("openai", deep, "nested too deeply"),
            ("jsonl", '{"id": "ok", "messages": []}\n' + deep + "\n", "line 2"),
            ("csv", header + "c1,0,user\n", "line 2"),
            ("csv", header + "c1,0,user," + "x" * 300_000 + "\n", "line"),
            ("jsonl", metadata_line + "\n", "metadata nests deeper")]


async def test_unreadable_log_documents_are_refused_at_their_line(gql: GraphQLClient) -> None:
    for file_format, document, named in _unreadable_documents():
        error = await gql.error(IMPORT, {"document": document, "format": file_format})
        assert error.code == "VALIDATION_FAILED", (file_format, error.message)
        assert named in error.message, error.message
