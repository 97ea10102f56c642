"""GET /api/runs/{id}/report.md and report.json through the real ASGI app."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "run-json.schema.json"
CASES = [{"id": "booking", "messages": ["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000",
                                        "地址是朝阳区建国路 88 号"],
          "expectation": {"contains": ["预约成功", "下午三点"]}},
         {"id": "hello", "messages": ["你好"], "expectation": {"not_contains": "error"}}]


async def test_a_run_report_downloads_as_markdown_and_json(gql: GraphQLClient) -> None:
    target_id = await create_target(gql)
    _, run_id = await run_scenario(gql, target_id, CASES)
    await wait_for_run(gql, run_id)

    markdown = await gql.http.get(f"/api/runs/{run_id}/report.md",
                                  headers={"X-API-Key": ADMIN_KEY})
    assert markdown.status_code == 200
    assert markdown.headers["content-type"].startswith("text/markdown")
    assert "attachment" in markdown.headers["content-disposition"]
    assert markdown.text.startswith("# Run report:")
    assert "### `booking` attempt 0: FAILURE" in markdown.text
    assert "预约成功" in markdown.text  # the bot's reply is in the report

    as_json = await gql.http.get(f"/api/runs/{run_id}/report.json",
                                 headers={"X-API-Key": ADMIN_KEY})
    assert as_json.status_code == 200
    entry = as_json.json()
    jsonschema.validate([entry], json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert entry["run"]["id"] == run_id and entry["summary"]["totalCases"] == 2
    booking = next(o for o in entry["outcomes"] if o["caseKey"] == "booking")
    assert booking["results"][0]["detail"]["missing"] == ["下午三点"]


async def test_run_downloads_need_a_key_and_an_existing_run(gql: GraphQLClient) -> None:
    missing = "00000000-0000-0000-0000-000000000000"
    for path in (f"/api/runs/{missing}/report.md", f"/api/runs/{missing}/report.json"):
        assert (await gql.http.get(path)).status_code == 401
        assert (await gql.http.get(path, headers={"X-API-Key": "wrong"})).status_code == 401
        response = await gql.http.get(path, headers={"X-API-Key": ADMIN_KEY})
        assert response.status_code == 404 and response.json()["error"]["code"] == "NOT_FOUND"
    response = await gql.http.get("/api/runs/not-a-uuid/report.md",
                                  headers={"X-API-Key": ADMIN_KEY})
    assert response.status_code == 404
