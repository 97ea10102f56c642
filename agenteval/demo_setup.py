"""The demo: seed an EMPTY database (demo bot target, scenarios, campaigns, an intelligent eval).

`seed_demo` never touches a database that already has a target, a scenario or
an intelligent eval. Everything goes through the GraphQL API as an OPERATOR
(in process: an in-memory identity, no stored key), so the demo data is
exactly what a user could have created.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agenteval.domain.scenario_document import parse_scenario_document
from agenteval.drivers.builtin.graphql import AgentEvalApi, ApiError
from agenteval.drivers.builtin.in_process import in_process_api
from agenteval.errors import ValidationFailed

logger = logging.getLogger("agenteval.demo")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEMO_SEEDS = EXAMPLES / "seeds" / "demo_seeds.json"
DEMO_SCENARIOS = EXAMPLES / "scenarios"
DEMO_TARGET_NAME = "Mia (demo bot)"
DEMO_EVAL_NAME = "Demo: HomeCare customer service"

COUNTS = """
query DemoCounts {
  targets(first: 1) { totalCount }
  scenarios(first: 1) { totalCount }
  intelligentEvals(first: 1) { totalCount }
}"""

CREATE_TARGET = """
mutation DemoTarget($input: CreateTargetInput!) { createTarget(input: $input) { id name } }"""

CREATE_EVAL = """
mutation DemoEval($input: CreateIntelligentEvalInput!) {
  createIntelligentEval(input: $input) { id status }
}"""

IMPORT_SCENARIO = """
mutation DemoScenario($document: String!) { importScenario(document: $document) { id name } }"""

CREATE_CAMPAIGN = """
mutation DemoCampaign($input: CreateCampaignInput!) { createCampaign(input: $input) { id name } }"""


@dataclass
class DemoData:
    target_id: str
    eval_id: str
    scenario_ids: list[str] = field(default_factory=list)
    campaign_ids: list[str] = field(default_factory=list)
    skipped_scenarios: list[str] = field(default_factory=list)


def demo_eval_input(target_id: str, seeds: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": DEMO_EVAL_NAME,
        "targetId": target_id,
        "goal": "评估家电客服小美（HomeCare）在维修预约、退货、投诉和用户改变主意时能否正确、"
                "有同理心地完成服务 / Check that Mia handles repairs, returns, complaints and "
                "changes of mind correctly and with empathy.",
        "seeds": seeds,
        "intent": "Find where the bot skips required questions, confirms too early, lacks "
                  "empathy or loses context, with evidence that a prompt/SOP fix can use.",
        "roleDescription": "You are a QA lead for a customer-service team: play realistic "
                           "customers in Chinese and English and report concrete, cited flaws.",
        "timeWindowHours": 24,
    }


def load_demo_seeds(path: Path = DEMO_SEEDS) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def model_free_scenarios(directory: Path = DEMO_SCENARIOS
                         ) -> tuple[list[tuple[str, str]], list[str]]:
    """(file name, text) of each scenario file that imports without a JUDGE model, and why
    the others were skipped."""
    usable, skipped = [], []
    for path in sorted(directory.glob("*")):
        if path.suffix.lower() not in (".json", ".yaml", ".yml"):
            continue
        text = path.read_text(encoding="utf-8")
        try:
            parse_scenario_document(text, judge_configured=False)
        except ValidationFailed as invalid:
            skipped.append(f"{path.name}: {invalid.message}")
            continue
        usable.append((path.name, text))
    return usable, skipped


async def database_is_empty(api: AgentEvalApi) -> bool:
    data = await api.execute(COUNTS)
    return all(data[name]["totalCount"] == 0
               for name in ("targets", "scenarios", "intelligentEvals"))


async def seed_demo(source: Any, *, seeds_path: Path = DEMO_SEEDS,
                    scenarios_dir: Path = DEMO_SCENARIOS) -> DemoData | None:
    """Seed the demo through `source` (an AgentEvalApi with an OPERATOR or ADMIN key, or the
    running Services); None when the database already has data."""
    async with _operator_api(source) as api:
        if not await database_is_empty(api):
            logger.info("the database has data: the demo is not seeded")
            return None
        target = (await api.execute(CREATE_TARGET, {"input": {
            "name": DEMO_TARGET_NAME, "channelType": "demo",
            "description": "Built-in deterministic customer-service bot with deliberate flaws.",
            "channelConfig": {"language": "auto"}, "maxConcurrency": 8}}))["createTarget"]
        data = DemoData(target_id=target["id"], eval_id="")
        usable, data.skipped_scenarios = model_free_scenarios(scenarios_dir)
        for name, text in usable:
            await _import_with_campaign(api, name, text, target["id"], data)
        seeds = load_demo_seeds(seeds_path)
        created = await api.execute(CREATE_EVAL, {"input": demo_eval_input(target["id"], seeds)})
        data.eval_id = created["createIntelligentEval"]["id"]
        return data


async def _import_with_campaign(api: AgentEvalApi, name: str, text: str, target_id: str,
                                data: DemoData) -> None:
    try:
        scenario = (await api.execute(IMPORT_SCENARIO, {"document": text}))["importScenario"]
        campaign = (await api.execute(CREATE_CAMPAIGN, {"input": {
            "name": f"Demo: {scenario['name']}", "scenarioId": scenario["id"],
            "targetIds": [target_id]}}))["createCampaign"]
    except ApiError as error:  # a scenario the service refuses is skipped, not fatal
        data.skipped_scenarios.append(f"{name}: {error}")
        logger.warning("demo scenario %s skipped: %s", name, error)
        return
    data.scenario_ids.append(scenario["id"])
    data.campaign_ids.append(campaign["id"])


@contextlib.asynccontextmanager
async def _operator_api(source: Any) -> AsyncIterator[AgentEvalApi]:
    if isinstance(source, AgentEvalApi):
        yield source
        return
    yield in_process_api(source, "OPERATOR", "demo setup")


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


async def run_demo(settings: Any, auto_approve: bool = False, report_path: str | None = None,
                   *, out: Any = print) -> int:
    """`agenteval demo`: the service in process, the demo seeded and planned; with
    `auto_approve` the whole lifecycle (approve → sessions → report) at time scale 0 and the
    report's Markdown written to `report_path`. Returns the exit code."""
    from agenteval.app import create_app
    from agenteval.drivers.builtin.runner import drive as drive_role
    from agenteval.store.eval_log import record_event

    async def drive(agent: AgentEvalApi, eval_id: str, role: Any, settings: Any) -> Any:
        # Recorded like a real wake-up, so the report's Method names the built-in driver.
        await record_event(services.events, eval_id, "AGENT_WOKEN", detail={
            "role": role, "driver": "builtin", "ok": True, "runId": f"demo-{role}"})
        return await drive_role(agent, eval_id, role, settings)

    # The demo drives each role itself, in order: no wake-ups, no start-up seeding.
    settings = settings.with_overrides(driver="none", demo=False,
                                       time_scale=0.0 if auto_approve else None)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        services = app.state.services
        operator = in_process_api(services, "OPERATOR", "demo operator")
        agent = in_process_api(services, "AGENT", "demo driver")
        data = await seed_demo(operator)
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


def _finish(result: dict[str, Any], report_path: str | None, out: Any) -> int:
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
