"""GraphQL documents and logs for the offline-judging tests (conversation sets, offline runs)."""

from __future__ import annotations

import json
from typing import Any

IMPORT = """mutation($document: String!, $format: String!, $name: String, $sample: Int,
                     $seed: Int, $redact: [String!]) {
  importConversations(document: $document, format: $format, name: $name, sample: $sample,
                      seed: $seed, redact: $redact) {
    id name sourceFormat dialogCount turnCount totalInDocument
    skipped { reason count } redacted { name count }
    dialogs(first: 5) { id metadata turns { user reply raw } } } }"""
JUDGE = """mutation($setId: ID!, $scenarioId: ID, $rules: JSON) {
  judgeConversations(setId: $setId, scenarioId: $scenarioId, rules: $rules) {
    id status offline conversationSetId target { name channelType } } }"""
SETS = "query { conversationSets(first: 10) { totalCount edges { node { id name dialogCount } } } }"
SET = "query($id: ID!) { conversationSet(id: $id) { id name dialogCount } }"
DELETE = "mutation($id: ID!) { deleteConversationSet(id: $id) }"
RUN_OFFLINE = """query($id: ID!) { run(id: $id) { offline reportMarkdown
  campaign { scenario { name caseCount } } } }"""
RULES = {"expectation": {"not_contains": ["didn't quite get"]},
         "eval_rules": [{"type": "keyword_match",
                         "params": {"keywords": [r"R[PT]\d{5}"], "regex": True}}]}


def conversation(index: int, booked: bool = True, turns: int = 2) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    for turn in range(turns):
        messages.append({"role": "user", "content": f"conversation {index} question {turn}"})
        last = turn == turns - 1
        reply = (f"Booked: RP{10000 + index}" if booked else "Sorry, I didn't quite get that") \
            if last else f"answer {turn}"
        messages.append({"role": "assistant", "content": reply})
    return {"id": f"c{index}", "messages": messages, "metadata": {"shop": "north"}}


def jsonl(conversations: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(c) for c in conversations) + "\n"
