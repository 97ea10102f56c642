"""`agenteval demo`: the service in process, the demo seeded and planned, optionally run to
its report.

It starts the same services as the server (`agenteval.bootstrap`), without
the driver and without start-up seeding: the command seeds the demo itself
and plays each role of the built-in driver in order.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from agenteval.app import in_process_api
from agenteval.bootstrap import running_services
from agenteval.config import Settings
from agenteval.demo_setup import seed_demo
from agenteval.domain.eval_language import Language
from agenteval.drivers.builtin.runner import DRIVER_ROLES, DriveResult, Role
from agenteval.drivers.builtin.runner import drive as drive_role
from agenteval.engine.catalog.model_sources import file_models
from agenteval.llm import ModelEndpoint, ModelRegistry
from agenteval.store.evals.eval_log import record_event
from agenteval.store.usage import UsageRecorder

APPROVE_PLAN = """
mutation DemoApprove($evalId: ID!) { approvePlan(evalId: $evalId) { id status } }"""

EVAL_REPORT = """
query DemoReport($id: ID!) {
  intelligentEval(id: $id) {
    id status failureReason reportMarkdown
    progress { sessionsPlanned sessionsClosed turnsUsed }
    report { findings { issue severity dimension evidence { sessionId turnIndex verified } } }
  }
}"""

Out = Callable[[str], object]


async def run_demo(settings: Settings, auto_approve: bool = False,
                   report_path: str | None = None, *, out: Out = print,
                   models: Sequence[ModelEndpoint] = (), sessions: int | None = None,
                   language: Language = "en") -> int:
    """Seed the demo into an empty database and plan it; with `auto_approve` the whole
    lifecycle (approve → sessions → report) at time scale 0, the report's Markdown written
    to `report_path`. Returns the exit code.

    `models` (a `--models` file's endpoints) give the built-in driver its PLANNER,
    SIMULATOR and ANALYST; without them every role is scripted. `sessions` keeps that
    many of the demo's seed goals; `language` zh seeds the demo's Chinese customers only,
    and the driver writes the plan, verdicts and report in Chinese."""
    with file_models(models):
        return await _run_demo(settings, auto_approve, report_path, out,
                               [m for m in models if m.role in DRIVER_ROLES], sessions,
                               language)


async def _run_demo(settings: Settings, auto_approve: bool, report_path: str | None, out: Out,
                    driver_models: list[ModelEndpoint], sessions: int | None,
                    language: Language) -> int:
    # The demo drives each role itself, in order: no wake-ups, no start-up seeding.
    settings = settings.with_overrides(driver="none", demo=False,
                                       time_scale=0.0 if auto_approve else None)
    async with running_services(settings, in_process=in_process_api) as services:
        operator = in_process_api(services, "OPERATOR", "demo operator")
        agent = in_process_api(services, "AGENT", "demo driver")

        async def drive(agent: Any, eval_id: str, role: Role, settings: Settings) -> DriveResult:
            # Recorded as a wake-up of the built-in driver, so the report's Method says so.
            await record_event(services.events, eval_id, "AGENT_WOKEN", detail={
                "role": role, "driver": "builtin", "ok": True, "runId": f"demo-{role}"})
            if not driver_models:
                return await drive_role(agent, eval_id, role, settings)
            async with ModelRegistry(driver_models, usage_sink=UsageRecorder(
                    eval_id=uuid.UUID(eval_id))) as registry:
                return await drive_role(agent, eval_id, role, settings, registry)

        data = await seed_demo(operator, max_goals=sessions, language=language)
        if data is None:
            out(f"The database {settings.database_url} already has data: the demo only "
                "seeds an empty database (use e.g. --database-url sqlite://./demo.db).")
            return 1 if auto_approve else 0
        out(f"Seeded the demo: target {data.target_id}, {len(data.scenario_ids)} "
            f"scenario(s) with campaigns, intelligent eval {data.eval_id}.")
        for skipped in data.skipped_scenarios:
            out(f"  skipped scenario {skipped}")
        planned = await drive(agent, data.eval_id, "planner", settings)
        out(f"The built-in planner submitted plan revision {planned.detail.get('revision')}.")
        if not auto_approve:
            out(f"Eval {data.eval_id} is waiting for approval (approvePlan as an OPERATOR).")
            return 0
        await operator.execute(APPROVE_PLAN, {"evalId": data.eval_id})
        evaluated = await drive(agent, data.eval_id, "evaluator", settings)
        out(f"The built-in evaluator closed {evaluated.detail['sessionsClosed']} session(s) "
            f"in {evaluated.detail['turnsSent']} turns.")
        await drive(agent, data.eval_id, "analyst", settings)
        result = (await operator.execute(EVAL_REPORT, {"id": data.eval_id}))["intelligentEval"]
    return _finish(result, report_path, out)


def _finish(result: dict[str, Any], report_path: str | None, out: Out) -> int:
    if result["status"] != "COMPLETED" or not result["report"]:
        out(f"The demo eval ended {result['status']}: {result.get('failureReason') or 'no report'}")
        return 1
    findings = result["report"]["findings"]
    evidence = [e for finding in findings for e in finding["evidence"]]
    verified = sum(1 for e in evidence if e["verified"])
    out(f"Report: {len(findings)} finding(s), {verified}/{len(evidence)} evidence verified.")
    for finding in findings:
        out(f"  [{finding['severity']}] {finding['dimension']}: {finding['issue']}")
    if report_path:
        path = Path(report_path)
        path.write_text(result["reportMarkdown"] or "", encoding="utf-8")
        out(f"Report Markdown written to {path.resolve()}")
    return 0
