"""The demo: seed an EMPTY database (demo bot target, scenarios, campaigns, an intelligent eval).

`seed_demo` never touches a database that already has a target, a scenario or
an intelligent eval. Everything goes through the GraphQL API as an OPERATOR
(in process: an in-memory identity, no stored key), so the demo data is
exactly what a user could have created.

The demo's files ship inside the package (`agenteval/demo_data/`, copies of
`examples/seeds` and `examples/scenarios`), so an installed AgentEval can seed it.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agenteval.domain.eval_language import Language, text_language
from agenteval.domain.static.scenario_document import parse_scenario_document
from agenteval.drivers.builtin.graphql import AgentEvalApi, ApiError
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG

logger = logging.getLogger("agenteval.demo")

DEMO_DATA = Path(__file__).resolve().parent / "demo_data"
DEMO_SEEDS = DEMO_DATA / "seeds" / "demo_seeds.json"
DEMO_SCENARIOS = DEMO_DATA / "scenarios"
DEMO_SCORECARD = DEMO_DATA / "scorecards" / "mia_qa.yaml"
DEMO_TARGET_NAME = "Mia (demo bot)"
DEMO_EVAL_NAME = "Demo: HomeCare customer service"
DEMO_EVAL_NAME_ZH = "演示：HomeCare 家电客服"

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

SAVE_SCORECARD = """
mutation DemoScorecard($document: String!) { saveScorecard(document: $document) { ref } }"""

CREATE_CAMPAIGN = """
mutation DemoCampaign($input: CreateCampaignInput!) { createCampaign(input: $input) { id name } }"""


@dataclass
class DemoData:
    target_id: str
    eval_id: str
    scenario_ids: list[str] = field(default_factory=list)
    campaign_ids: list[str] = field(default_factory=list)
    skipped_scenarios: list[str] = field(default_factory=list)
    scorecard_ref: str = ""  # the QA scorecard for Mia (docs/scorecards.md)


def demo_eval_input(target_id: str, seeds: dict[str, Any],
                    language: Language = "en") -> dict[str, Any]:
    """The demo eval: bilingual seeds reported in English, or (zh, given the Chinese
    seeds) reported in Chinese — the language read from the goal and seeds."""
    if language == "zh":
        return {"name": DEMO_EVAL_NAME_ZH, "targetId": target_id, "seeds": seeds,
                "goal": "评估家电客服小美（HomeCare）在维修预约、退货、投诉和用户改变主意时"
                        "能否正确、有同理心地完成服务。",
                "intent": "找出机器人跳过必问问题、过早确认、缺乏同理心或丢失上下文的地方，"
                          "并给出可用于修改提示词或 SOP 的证据。",
                "roleDescription": "你是客服团队的质检负责人：扮演真实的中文顾客，报告具体、"
                                   "有引用的缺陷。",
                "timeWindowHours": 24}
    return {
        "name": DEMO_EVAL_NAME,
        # The seeds mix Chinese and English customers; the demo's report stays English.
        "language": "en",
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


def chinese_seeds(seeds: dict[str, Any]) -> dict[str, Any]:
    """The seeds' Chinese personas and goals only."""
    return {**seeds,
            "personas": [p for p in seeds.get("personas") or []
                         if text_language(str(p.get("background") or p.get("name"))) == "zh"],
            "goals": [g for g in seeds.get("goals") or []
                      if text_language(str(g.get("goal"))) == "zh"]}


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
            parse_scenario_document(text, RULE_CATALOG, judge_configured=False)
        except ValidationFailed as invalid:
            skipped.append(f"{path.name}: {invalid.message}")
            continue
        usable.append((path.name, text))
    return usable, skipped


async def database_is_empty(api: AgentEvalApi) -> bool:
    data = await api.execute(COUNTS)
    return all(data[name]["totalCount"] == 0
               for name in ("targets", "scenarios", "intelligentEvals"))


async def seed_demo(api: AgentEvalApi, *, seeds_path: Path = DEMO_SEEDS,
                    scenarios_dir: Path = DEMO_SCENARIOS,
                    max_goals: int | None = None, language: Language = "en"
                    ) -> DemoData | None:
    """Seed the demo through `api` (a client acting as an OPERATOR or ADMIN); None when
    the database already has data. `max_goals` keeps that many seed goals, one per
    dimension first: a shorter demo for a slow local model. `language` zh seeds the
    Chinese half of the demo eval, which the driver then runs and reports in Chinese."""
    if not await database_is_empty(api):
        logger.info("the database has data: the demo is not seeded")
        return None
    target = (await api.execute(CREATE_TARGET, {"input": {
        "name": DEMO_TARGET_NAME, "channelType": "demo",
        "description": "Built-in deterministic customer-service bot with deliberate flaws.",
        "channelConfig": {"language": "auto"}, "maxConcurrency": 8}}))["createTarget"]
    data = DemoData(target_id=target["id"], eval_id="")
    saved = await api.execute(SAVE_SCORECARD,
                              {"document": DEMO_SCORECARD.read_text(encoding="utf-8")})
    data.scorecard_ref = saved["saveScorecard"]["ref"]
    usable, data.skipped_scenarios = model_free_scenarios(scenarios_dir)
    for name, text in usable:
        await _import_with_campaign(api, name, text, target["id"], data)
    seeds = load_demo_seeds(seeds_path)
    if language == "zh":
        seeds = chinese_seeds(seeds)
    if max_goals is not None:
        goals = seeds["goals"]
        seeds = {**seeds, "goals": (goals[::2] + goals[1::2])[:max(1, max_goals)]}
    created = await api.execute(CREATE_EVAL, {"input": demo_eval_input(target["id"], seeds,
                                                                        language)})
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
