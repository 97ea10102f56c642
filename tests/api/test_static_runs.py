"""Campaigns and runs through the real ASGI app: lifecycle, errors, concurrency, repeat, cancel."""

from __future__ import annotations

from tests.api.static_helpers import (
    CANCEL_RUN,
    START_RUN,
    TargetBehaviour,
    create_target,
    http_target,
    outcomes,
    run_scenario,
    simple_cases,
    wait_for_run,
)
from tests.support.graphql_client import GraphQLClient


async def test_a_run_against_the_demo_bot_completes_with_a_summary(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    cases = [{"id": "booking", "type": "multi_turn",
              "messages": ["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000",
                           "地址是朝阳区建国路 88 号"],
              "expectation": {"contains": "预约成功"}},
             {"id": "apology", "messages": ["我要投诉，师傅迟到了三个小时"],
              "expectation": {"contains": ["抱歉"]}}]
    _, run_id = await run_scenario(gql, target, cases)
    run = await wait_for_run(gql, run_id)
    assert run["status"] == "COMPLETED"
    assert run["progress"] == {"runId": run_id, "status": "COMPLETED", "total": 2, "done": 2,
                               "passed": 1, "failed": 1, "errored": 0}
    summary = run["summary"]
    assert summary["totalCases"] == 2 and summary["passedCases"] == 1
    assert summary["passRate"] == 0.5 and summary["errorCount"] == 0
    by_key = {o["caseKey"]: o for o in await outcomes(gql, run_id)}
    assert [t["index"] for t in by_key["booking"]["turns"]] == [0, 1, 2, 3]
    assert by_key["booking"]["passed"] and not by_key["apology"]["passed"]
    assert by_key["apology"]["results"][0]["ruleType"] == "expect_contains"
    assert by_key["apology"]["results"][0]["implicit"] is True


async def test_target_errors_fail_their_cases_and_the_run_completes(
        gql: GraphQLClient, serve) -> None:
    bot = TargetBehaviour()
    target = await http_target(gql, await serve(bot.app()), timeout_s=0.3)
    cases = [{"id": "ok", "messages": ["fine"], "expectation": {"contains": "echo"}},
             {"id": "500", "messages": ["boom"], "expectation": {"contains": "echo"}},
             {"id": "garbage", "messages": ["garbage"]},
             {"id": "timeout", "messages": ["slow"]},
             {"id": "second-turn", "type": "multi_turn", "messages": ["fine", "boom", "never"]}]
    _, run_id = await run_scenario(gql, target, cases)
    run = await wait_for_run(gql, run_id)
    assert run["status"] == "COMPLETED" and run["error"] is None
    assert run["progress"]["errored"] == 4 and run["progress"]["passed"] == 1
    assert run["summary"]["errorCount"] == 4 and run["summary"]["failureCount"] == 4
    assert run["summary"]["passRate"] == 0.2
    by_key = {o["caseKey"]: o for o in await outcomes(gql, run_id)}
    assert by_key["500"]["error"].startswith("turn 1: ")  # numbered for people, from 1
    assert by_key["500"]["turns"][0]["reply"] is None and by_key["500"]["turns"][0]["error"]
    assert by_key["timeout"]["successLevel"] == "FAILURE"
    second = by_key["second-turn"]
    assert [t["index"] for t in second["turns"]] == [0, 1]  # stops at the failing turn
    assert second["turns"][0]["reply"] == "echo: fine" and second["error"].startswith("turn 2:")


async def test_concurrency_never_exceeds_the_campaign_or_the_target_limit(
        gql: GraphQLClient, serve) -> None:
    bot = TargetBehaviour(delay_s=0.03)
    url = await serve(bot.app())
    target = await http_target(gql, url, max_concurrency=3)
    _, run_id = await run_scenario(gql, target, simple_cases(24), concurrency=10)
    await wait_for_run(gql, run_id)
    assert bot.max_in_flight == 3
    bot.max_in_flight = 0
    roomy = await http_target(gql, url, max_concurrency=20)
    _, run_id = await run_scenario(gql, roomy, simple_cases(24), concurrency=2)
    await wait_for_run(gql, run_id)
    assert bot.max_in_flight == 2


async def test_a_multi_turn_case_is_one_conversation(gql: GraphQLClient, serve) -> None:
    bot = TargetBehaviour()
    target = await http_target(gql, await serve(bot.app()))
    cases = [{"id": f"c{i}", "messages": [f"one {i}", f"two {i}", f"three {i}"]}
             for i in range(3)]
    _, run_id = await run_scenario(gql, target, cases, concurrency=3)
    await wait_for_run(gql, run_id)
    sessions: dict[str, set[str]] = {}
    for request in bot.requests:
        sessions.setdefault(request["message"].split()[-1], set()).add(request["session_id"])
    assert all(len(ids) == 1 for ids in sessions.values())
    assert len({next(iter(ids)) for ids in sessions.values()}) == 3
    order = [r["message"] for r in bot.requests if r["message"].endswith(" 0")]
    assert order == ["one 0", "two 0", "three 0"]


async def test_repeat_runs_every_attempt_and_gives_pass_hat_k(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    cases = [{"id": "return", "messages": ["我要退货，尺寸不合适"],
              "expectation": {"contains": "退货申请已受理"}},
             {"id": "order-number", "messages": ["我要退货，尺寸不合适，订单号 A123"],
              "expectation": {"contains": "A123"}}]
    _, run_id = await run_scenario(gql, target, cases, repeat=3)
    run = await wait_for_run(gql, run_id)
    assert run["summary"]["totalCases"] == 6 and run["summary"]["passHatK"] == 0.5
    assert run["summary"]["passHatCurve"] == [0.5, 0.5, 0.5]
    attempts = sorted((o["caseKey"], o["attempt"]) for o in await outcomes(gql, run_id))
    assert attempts == sorted((key, a) for key in ("return", "order-number") for a in range(3))
    failed = await outcomes(gql, run_id, passed=False)
    assert {o["caseKey"] for o in failed} == {"order-number"} and len(failed) == 3
    assert len(await outcomes(gql, run_id, level="SUCCESS")) == 3


async def test_cancel_run_stops_it_and_cannot_cancel_twice(gql: GraphQLClient, serve) -> None:
    bot = TargetBehaviour()
    target = await http_target(gql, await serve(bot.app()), timeout_s=20)
    cases = [{"id": f"c{i}", "messages": ["fine" if i < 2 else "slow"]} for i in range(6)]
    _, run_id = await run_scenario(gql, target, cases, concurrency=2)
    await wait_for_run(gql, run_id, statuses=("RUNNING",))
    cancelled = (await gql.execute(CANCEL_RUN, {"runId": run_id}))["cancelRun"]
    assert cancelled["status"] == "CANCELLED"
    run = await wait_for_run(gql, run_id)
    assert run["status"] == "CANCELLED" and run["completedAt"]
    assert run["summary"]["totalCases"] == 6 and run["progress"]["done"] < 6
    error = await gql.error(CANCEL_RUN, {"runId": run_id})
    assert error.code == "INVALID_TRANSITION"
    assert error.details == {"status": "CANCELLED", "allowed": []}


async def test_a_start_is_refused_for_a_target_outside_the_campaign(gql: GraphQLClient) -> None:
    target, other = await create_target(gql), await create_target(gql)
    campaign_id, _ = await run_scenario(gql, target, simple_cases(1))
    foreign = await gql.error(START_RUN, {"campaignId": campaign_id, "targetId": other})
    assert foreign.code == "VALIDATION_FAILED"
    assert (foreign.details[0]["path"], foreign.details[0]["message"]) == (
        "targetId", "is not a target of this campaign")
