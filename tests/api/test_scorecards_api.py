"""Scorecards and word libraries through the real API, on both databases: versions are
immutable (an edit is the next version), OPERATOR saves, any key reads, bad documents are
refused field by field, and a stored scorecard is what a case's `scorecard` rule applies."""

from __future__ import annotations

from tests.api.static_helpers import IMPORT_SCENARIO
from tests.api.test_access import make_key
from tests.support.graphql_client import GraphQLClient

SAVE = """mutation($d: String!) { saveScorecard(document: $d) {
  id name version ref contentHash itemCount document } }"""
SAVE_LIBRARY = """mutation($n: String!, $v: Int!, $w: [String!]!) {
  saveWordLibrary(name: $n, version: $v, words: $w) { ref contentHash wordCount words(first: 2) } }"""
LIST = """query { scorecards { ref contentHash } wordLibraries { ref wordCount } }"""
ONE = """query($r: String!) { scorecard(ref: $r) { ref itemCount } }"""

DOCUMENT = """name: 家电质检
version: 1
items:
  - id: forbidden
    points: -10
    check: {type: qa_word_library, params: {library: banned@1}}
  - id: promise
    points: -100
    critical: true
    check: {type: qa_phrase, params: {expect: absent, phrases: [保证退款]}}
"""


async def test_a_scorecard_version_is_stored_once_and_never_changes(gql: GraphQLClient) -> None:
    library = (await gql.execute(SAVE_LIBRARY, {"n": "banned", "v": 1,
                                                 "w": ["全网最低", " ", "全网最低", "百分百"]}))
    assert library["saveWordLibrary"]["wordCount"] == 2
    assert library["saveWordLibrary"]["words"] == ["全网最低", "百分百"]
    saved = (await gql.execute(SAVE, {"d": DOCUMENT}))["saveScorecard"]
    assert (saved["ref"], saved["itemCount"]) == ("家电质检@1", 2)
    assert saved["contentHash"].startswith("sha256:")
    again = (await gql.execute(SAVE, {"d": DOCUMENT}))["saveScorecard"]
    assert again["id"] == saved["id"]
    edited = await gql.error(SAVE, {"d": DOCUMENT.replace("points: -10", "points: -20")})
    assert edited.code == "CONFLICT" and "version 2" in edited.message
    bumped = (await gql.execute(SAVE, {"d": DOCUMENT.replace("points: -10", "points: -20")
                                       .replace("version: 1", "version: 2")}))["saveScorecard"]
    assert bumped["contentHash"] != saved["contentHash"]
    listed = await gql.execute(LIST)
    assert [s["ref"] for s in listed["scorecards"]] == ["家电质检@2", "家电质检@1"]
    assert (await gql.execute(ONE, {"r": "家电质检@1"}))["scorecard"]["itemCount"] == 2
    assert (await gql.execute(ONE, {"r": "nope@1"}))["scorecard"] is None


async def test_bad_documents_name_each_field_and_store_nothing(gql: GraphQLClient) -> None:
    bad = await gql.error(SAVE, {"d": "name: x\nversion: 0\nitems: []\n"})
    assert bad.code == "VALIDATION_FAILED"
    assert {"scorecard.version", "scorecard.items"} <= {e["path"] for e in bad.details}
    unknown = await gql.error(SAVE, {"d": DOCUMENT.replace("banned@1", "missing@1")})
    assert unknown.code == "VALIDATION_FAILED"
    assert "scorecard.items[0].check.params.library" in [e["path"] for e in unknown.details]
    assert (await gql.execute(LIST))["scorecards"] == []


async def test_only_an_operator_saves_and_any_key_reads(gql: GraphQLClient) -> None:
    viewer = await make_key(gql, "VIEWER")
    refused = await viewer.error(SAVE_LIBRARY, {"n": "banned", "v": 1, "w": ["x"]})
    assert refused.code == "FORBIDDEN"
    operator = await make_key(gql, "OPERATOR")
    await operator.execute(SAVE_LIBRARY, {"n": "banned", "v": 1, "w": ["全网最低"]})
    assert (await viewer.execute(LIST))["wordLibraries"] == [{"ref": "banned@1", "wordCount": 1}]


async def test_a_case_refers_to_a_stored_scorecard_by_name_and_version(
        gql: GraphQLClient) -> None:
    await gql.execute(SAVE_LIBRARY, {"n": "banned", "v": 1, "w": ["全网最低"]})
    saved = (await gql.execute(SAVE, {"d": DOCUMENT}))["saveScorecard"]
    scenario = {"name": "qa", "cases": [{"id": "c1", "message": "hi", "eval_rules": [
        {"type": "scorecard", "params": {"scorecard": saved["ref"],
                                         "content_hash": saved["contentHash"]}}]}]}
    import json
    data = await gql.execute(IMPORT_SCENARIO, {"document": json.dumps(scenario,
                                                                       ensure_ascii=False)})
    assert data["importScenario"]["name"] == "qa"
    stale = dict(scenario, name="stale")
    stale["cases"] = [dict(scenario["cases"][0], eval_rules=[{"type": "scorecard", "params": {
        "scorecard": saved["ref"], "content_hash": "sha256:" + "0" * 64}}])]
    refused = await gql.error(IMPORT_SCENARIO, {"document": json.dumps(stale,
                                                                       ensure_ascii=False)})
    assert refused.code == "VALIDATION_FAILED"
    assert "content_hash" in refused.details[0]["path"]


DRY_RUN = """query($d: String!, $m: JSON!) { scorecardDryRun(document: $d, messages: $m) }"""
DRAFT = """name: draft
version: 1
libraries: [{name: draft-words, version: 1, words: [全网最低]}]
items:
  - id: greeting
    points: -5
    check: {type: qa_phrase, params: {position: first, phrases: [您好]}}
  - id: words
    points: -10
    check: {type: qa_word_library, params: {library: draft-words@1}}
  - id: judged
    points: -10
    check: {type: qa_llm_dimension, params: {dimension: 坐席是否先致歉？}}
"""


async def test_a_dry_run_scores_one_pasted_conversation_and_stores_nothing(
        gql: GraphQLClient) -> None:
    messages = [{"role": "user", "content": "太贵了"},
                {"role": "assistant", "content": "我们全 网 最 低"}]
    result = (await gql.execute(DRY_RUN, {"d": DRAFT, "m": messages}))["scorecardDryRun"]
    by_item = {i["item"]: i for i in result["items"]}
    assert by_item["greeting"]["status"] == "hit"
    assert by_item["words"]["evidence"][0]["turn_index"] == 1
    assert by_item["judged"]["status"] == "not_judged"  # no model is called
    assert result["total"] == 85
    assert (await gql.execute(LIST))["scorecards"] == []
    # The draft's library was not kept: another draft may use the same ref with other words.
    other = DRAFT.replace("[全网最低]", "[百分百]")
    again = (await gql.execute(DRY_RUN, {"d": other, "m": messages}))["scorecardDryRun"]
    assert {i["item"]: i["status"] for i in again["items"]}["words"] == "no_hit"
    viewer = await make_key(gql, "VIEWER")
    assert (await viewer.error(DRY_RUN, {"d": DRAFT, "m": messages})).code == "FORBIDDEN"


async def test_a_stored_library_version_cannot_be_replaced_by_a_scorecard(
        gql: GraphQLClient) -> None:
    await gql.execute(SAVE_LIBRARY, {"n": "banned", "v": 1, "w": ["全网最低"]})
    document = DOCUMENT.replace("items:", "libraries: [{name: banned, version: 1, "
                                          "words: [别的词]}]\nitems:")
    refused = await gql.error(SAVE, {"d": document})
    assert refused.code == "VALIDATION_FAILED" and "version 2" in refused.details[0]["message"]
