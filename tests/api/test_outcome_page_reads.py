"""A page of a run's outcomes (issue 36, "Reads": ≤ 6 SQL statements per page, no scan).

On both databases: the page reads each case's tags with its own row (migration 0017's
`case_outcomes.tags`), so no statement walks the run's case snapshot; rows stored before
0017 (tags NULL) still answer their tags from the snapshot; and the page's turns and rule
results are found by an index on their outcome, not by scanning every run's rows.
"""

from __future__ import annotations

from tortoise import Tortoise

from agenteval.api.pagination import encode_cursor
from agenteval.store import models
from tests.api.test_query_statement_counts import counting_statements, statements_of
from tests.api.test_read_columns import OUTCOMES, _tagged_run, settings  # noqa: F401
from tests.support.graphql_client import GraphQLClient

PAST_THE_END = """query($id: ID!, $after: String) { run(id: $id) {
  outcomes(first: 50, after: $after) { totalCount edges { node { caseKey } } } } }"""
ONE = """query($id: ID!) { run(id: $id) { outcomes(first: 1) { totalCount
  pageInfo { hasNextPage } edges { node { caseKey } } } } }"""
NONE = """query($id: ID!) { run(id: $id) { outcomes(first: 0) { totalCount
  edges { node { caseKey } } } } }"""
EXPECTED_TAGS = {"smoke-zh": ["smoke", "zh"], "plain": [], "smoke-en": ["smoke"]}
SNAPSHOT_WALKS = ("json_each", "jsonb_array_elements")


def _tags(page: dict[str, object]) -> dict[str, list[str]]:
    edges = page["edges"]
    assert isinstance(edges, list)
    return {e["node"]["caseKey"]: e["node"]["tags"] for e in edges}


async def test_a_page_reads_its_tags_and_its_count_with_its_rows_in_four_statements(
        gql: GraphQLClient) -> None:
    run_id = await _tagged_run(gql)
    with counting_statements():
        statements = await statements_of(gql, OUTCOMES, {"id": run_id, "tag": None})
    # The run; the page with its tags and the list's count (a scalar subquery); its
    # turns; its results. The API key's lookup, cached for under a second, makes five at most.
    assert len(statements) == 4, statements
    assert len([s for s in statements if "COUNT" in s.upper()]) == 1, statements
    assert not [s for s in statements if "OVER" in s.upper()], statements  # no window
    assert not [s for s in statements if any(walk in s for walk in SNAPSHOT_WALKS)], statements
    page = (await gql.execute(OUTCOMES, {"id": run_id, "tag": None}))["run"]["outcomes"]
    assert _tags(page) == EXPECTED_TAGS
    assert page["totalCount"] == 3
    assert await models.CaseOutcome.filter(run_id=run_id, tags__isnull=True).count() == 0


async def test_the_count_is_right_on_filtered_pages_and_past_the_end(gql: GraphQLClient) -> None:
    run_id = await _tagged_run(gql)
    tagged = (await gql.execute(OUTCOMES, {"id": run_id, "tag": "smoke"}))["run"]["outcomes"]
    assert tagged["totalCount"] == 2 and len(tagged["edges"]) == 2
    past = await gql.execute(PAST_THE_END, {"id": run_id, "after": encode_cursor(10)})
    assert past["run"]["outcomes"] == {"totalCount": 3, "edges": []}
    one = await gql.execute(ONE, {"id": run_id})
    assert one["run"]["outcomes"]["totalCount"] == 3
    assert one["run"]["outcomes"]["pageInfo"]["hasNextPage"] is True
    none = await gql.execute(NONE, {"id": run_id})
    assert none["run"]["outcomes"] == {"totalCount": 3, "edges": []}


async def test_outcomes_stored_before_the_tags_column_read_them_from_the_snapshot(
        gql: GraphQLClient) -> None:
    run_id = await _tagged_run(gql)
    await models.CaseOutcome.filter(run_id=run_id).update(tags=None)  # as 0017 leaves them
    with counting_statements():
        statements = await statements_of(gql, OUTCOMES, {"id": run_id, "tag": None})
    assert len([s for s in statements if any(walk in s for walk in SNAPSHOT_WALKS)]) == 1
    page = (await gql.execute(OUTCOMES, {"id": run_id, "tag": None}))["run"]["outcomes"]
    assert _tags(page) == EXPECTED_TAGS
    tagged = (await gql.execute(OUTCOMES, {"id": run_id, "tag": "smoke"}))["run"]["outcomes"]
    assert sorted(_tags(tagged)) == ["smoke-en", "smoke-zh"]


async def test_a_pages_turns_and_results_are_found_by_their_outcome_index(
        gql: GraphQLClient) -> None:
    connection = Tortoise.get_connection("default")
    wanted = {"run_turns_outcome_order", "rule_results_outcome_order"}
    if connection.capabilities.dialect == "postgres":
        rows = await connection.execute_query_dict(
            "SELECT indexname AS name, indexdef AS sql FROM pg_indexes "
            "WHERE tablename IN ('run_turns', 'rule_results')")
    else:
        rows = await connection.execute_query_dict(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' "
            "AND tbl_name IN ('run_turns', 'rule_results')")
    found = {row["name"]: row["sql"] for row in rows}
    assert wanted <= set(found), found
    assert "outcome_id" in found["run_turns_outcome_order"]
    if connection.capabilities.dialect == "sqlite":  # the page's statement uses it
        plan = await connection.execute_query_dict(
            'EXPLAIN QUERY PLAN SELECT * FROM run_turns WHERE outcome_id IN (?, ?) '
            'ORDER BY "index"', ["a", "b"])
        assert any("run_turns_outcome_order" in row["detail"] for row in plan), plan


async def test_a_tag_filter_is_a_condition_of_the_page_on_the_stored_tags(
        gql: GraphQLClient) -> None:
    run_id = await _tagged_run(gql)
    with counting_statements():
        statements = await statements_of(gql, OUTCOMES, {"id": run_id, "tag": "smoke"})
    # No statement of its own for the tag's case keys (the snapshot's, before): four.
    assert len(statements) == 4, statements
    for tag, keys in (("smoke", ["smoke-en", "smoke-zh"]), ("zh", ["smoke-zh"]),
                      ("it's", []), ("%", []), ("smoke' OR '1'='1", [])):
        page = (await gql.execute(OUTCOMES, {"id": run_id, "tag": tag}))["run"]["outcomes"]
        assert sorted(_tags(page)) == keys, tag
