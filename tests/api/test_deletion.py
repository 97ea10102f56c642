"""deleteRun and deleteIntelligentEval: ADMIN only, finished only, everything owned goes."""

from __future__ import annotations

import uuid

from agenteval.store.models import (
    CaseOutcome,
    EvalEvent,
    EvalMessage,
    EvalSession,
    HumanReviewRow,
    ModelUsage,
    PlanRevision,
    RuleResultRow,
    Run,
    RunTurn,
)
from tests.api.intelligent_support import (
    CANCEL,
    CLOSE,
    SEND,
    VERDICT,
    executing_eval,
    start_session,
)
from tests.api.intelligent_support import create_target as create_eval_target
from tests.api.static_helpers import (
    CANCEL_RUN,
    TargetBehaviour,
    create_target,
    http_target,
    make_key,
    run_scenario,
    simple_cases,
    wait_for_run,
)
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import Serve

DELETE_RUN = "mutation($id: ID!) { deleteRun(id: $id) }"
DELETE_EVAL = "mutation($id: ID!) { deleteIntelligentEval(id: $id) }"
RUN = "query($id: ID!) { run(id: $id) { id status } }"
EVAL = "query($id: ID!) { intelligentEval(id: $id) { id status } }"


async def run_rows(run_id: str) -> dict[str, int]:
    return {"outcomes": await CaseOutcome.filter(run_id=run_id).count(),
            "turns": await RunTurn.filter(outcome__run_id=run_id).count(),
            "results": await RuleResultRow.filter(outcome__run_id=run_id).count(),
            "usage": await ModelUsage.filter(run_id=run_id).count(),
            "reviews": await HumanReviewRow.filter(run_id=run_id).count()}


async def test_a_finished_run_is_deleted_with_everything_it_owns(gql: GraphQLClient) -> None:
    target_id = await create_target(gql)
    _, doomed = await run_scenario(gql, target_id, simple_cases(4))
    _, kept = await run_scenario(gql, target_id, simple_cases(2))
    await wait_for_run(gql, doomed)
    await wait_for_run(gql, kept)
    await ModelUsage.create(run_id=doomed, role="JUDGE", model="m", prompt_tokens=3)
    await HumanReviewRow.create(run_id=doomed, target="case:case-000#0", reviewer="r",
                                reviewer_key_id=uuid.uuid4(), success_level="SUCCESS")
    before = await run_rows(doomed)
    assert before == {"outcomes": 4, "turns": 4, "results": 4, "usage": 1, "reviews": 1}

    operator = await make_key(gql, "OPERATOR")
    assert (await operator.error(DELETE_RUN, {"id": doomed})).code == "FORBIDDEN"
    assert (await gql.execute(DELETE_RUN, {"id": doomed}))["deleteRun"] == doomed

    assert (await gql.execute(RUN, {"id": doomed}))["run"] is None
    assert await run_rows(doomed) == {"outcomes": 0, "turns": 0, "results": 0, "usage": 0,
                                      "reviews": 0}
    assert (await run_rows(kept))["outcomes"] == 2
    assert (await gql.error(DELETE_RUN, {"id": doomed})).code == "NOT_FOUND"


async def test_a_run_still_running_is_a_conflict_until_it_ends(gql: GraphQLClient,
                                                                serve: Serve) -> None:
    behaviour = TargetBehaviour(delay_s=30)
    target_id = await http_target(gql, await serve(behaviour.app()), timeout_s=60)
    _, run_id = await run_scenario(gql, target_id, simple_cases(1))
    await wait_for_run(gql, run_id, statuses=("RUNNING",))

    error = await gql.error(DELETE_RUN, {"id": run_id})
    assert error.code == "CONFLICT" and error.details == {"status": "RUNNING"}
    assert await Run.filter(id=run_id).exists()

    await gql.execute(CANCEL_RUN, {"runId": run_id})
    await wait_for_run(gql, run_id)
    assert (await gql.execute(DELETE_RUN, {"id": run_id}))["deleteRun"] == run_id
    assert not await Run.filter(id=run_id).exists()


async def test_a_terminal_eval_is_deleted_with_sessions_messages_events_and_plans(
        gql: GraphQLClient) -> None:
    eval_id = (await executing_eval(gql, await create_eval_target(gql)))["id"]
    session_id = await start_session(gql, eval_id)
    await gql.execute(SEND, {"id": session_id, "content": "我家空调坏了"})
    await gql.execute(CLOSE, {"id": session_id, "verdict": VERDICT})
    await ModelUsage.create(eval_id=eval_id, role="SIMULATOR", model="m", prompt_tokens=3)

    error = await gql.error(DELETE_EVAL, {"id": eval_id})
    assert error.code == "CONFLICT" and error.details == {"status": "EXECUTING"}
    await gql.execute(CANCEL, {"id": eval_id, "reason": "done with it"})
    assert await EvalMessage.filter(session__eval_id=eval_id).count() == 2

    assert (await gql.execute(DELETE_EVAL, {"id": eval_id}))["deleteIntelligentEval"] == eval_id

    assert (await gql.execute(EVAL, {"id": eval_id}))["intelligentEval"] is None
    for model, where in ((EvalMessage, {"session__eval_id": eval_id}),
                         (EvalSession, {"eval_id": eval_id}), (EvalEvent, {"eval_id": eval_id}),
                         (PlanRevision, {"eval_id": eval_id}), (ModelUsage, {"eval_id": eval_id})):
        assert await model.filter(**where).count() == 0, model.__name__
    viewer = await make_key(gql, "VIEWER")
    assert (await viewer.error(DELETE_EVAL, {"id": eval_id})).code == "FORBIDDEN"
    assert (await gql.error(DELETE_EVAL, {"id": eval_id})).code == "NOT_FOUND"


