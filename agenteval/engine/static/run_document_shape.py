"""The shape of the run document: one entry per scenario of `agenteval run --json`, and
what GET /api/runs/{id}/report.json answers, as typed classes.

`run_document.py` builds these; `run_json_schema.py` generates
docs/run-json.schema.json from them, so the document, its type and its published
schema cannot drift apart. Field names are the GraphQL contract's (RunSummary,
CaseOutcome, Turn, RuleResult). `Json(...)` adds JSON Schema keywords a Python type
cannot say (bounds, descriptions). A key that is `NotRequired` is always written
today but was absent from older files, which must still validate.

Raise SCHEMA_VERSION (the entries' `formatVersion`) when a change would make a
reader of the previous version misread a file: a key removed, renamed or retyped.
Adding a key does not.
"""

# No `from __future__ import annotations`: on Python 3.11 a TypedDict sees `NotRequired`
# only in evaluated annotations (its `__required_keys__` would list every key).
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from agenteval.domain.judging.cases import SuccessLevel
from agenteval.domain.static.run_state import RunStatus

SCHEMA_VERSION: Literal[1] = 1


@dataclass(frozen=True, eq=False)  # hashed by identity: typing hashes Annotated's metadata
class Json:
    """JSON Schema keywords merged into what a field's type generates."""

    keywords: dict[str, Any]

    def __init__(self, **keywords: Any) -> None:
        object.__setattr__(self, "keywords", keywords)


Count = Annotated[int, Json(minimum=0)]
Rate = Annotated[float, Json(minimum=0, maximum=1)]
NullableRate = Annotated[float | None, Json(minimum=0, maximum=1)]


class ScenarioRef(TypedDict):
    name: str
    file: Annotated[str, Json(description="The scenario file the gate read; a stored run "
                                          "downloaded from the API names its scenario")]


class TargetRef(TypedDict):
    name: str


class RunInfo(TypedDict):
    id: str
    status: RunStatus
    error: Annotated[str | None, Json(description="The run's own error (engine failure, "
                                                  "target deleted)")]
    repeat: Annotated[int, Json(minimum=1)]
    concurrency: Annotated[int, Json(minimum=1)]
    durationS: Annotated[float | None, Json(minimum=0)]
    offline: NotRequired[Annotated[bool, Json(
        description="judged logged conversations (judgeConversations): the replies are the "
                    "logged ones, nothing was sent")]]


class ConfusionCell(TypedDict):
    expected: str
    predicted: str
    count: Count


class SimulatorErrorRate(TypedDict):
    """One SIMULATOR model's simulated users in the run (issue 40)."""

    model: str
    attempts: Annotated[Count, Json(description="attempts whose user it played")]
    rerunAttempts: Annotated[Count, Json(description="attempts played again because its "
                                                     "user deviated")]
    reruns: Count
    errors: Annotated[Count, Json(description="attempts still deviating after the reruns "
                                              "(simulator errors)")]
    errorRate: Annotated[Rate, Json(description="errors / attempts")]


class Summary(TypedDict):
    """The contract's RunSummary; see docs/metrics.md for the formulas."""

    totalCases: Count
    passedCases: Count
    passRate: Rate
    successRate: Rate
    successCount: Count
    partialCount: Count
    failureCount: Count
    errorCount: Count
    intentAccuracy: NullableRate
    avgCompletion: NullableRate
    passHatK: Annotated[NullableRate, Json(
        description="pass^n: share of cases passing in every attempt")]
    passHatCurve: NotRequired[Annotated[list[Rate] | None, Json(
        description="pass^k for k = 1..repeat (tau-bench's unbiased estimator C(c, k) / "
                    "C(n, k), averaged over cases); null when repeat = 1")]]
    flipRate: NotRequired[Annotated[NullableRate, Json(
        description="share of cases whose attempts disagree (repeat > 1)")]]
    intentConfusion: list[ConfusionCell] | None
    latencyP50Ms: int | None
    latencyP95Ms: int | None
    simulatorErrorCount: NotRequired[Annotated[Count | None, Json(
        description="attempts whose simulated user still deviated after its reruns: errors "
                    "(in errorCount and every denominator), never the bot's failures")]]
    passRateExcludingSimulatorErrors: NotRequired[Annotated[NullableRate, Json(
        description="passRate with the simulator errors left out of the attempts")]]
    passHatKExcludingSimulatorErrors: NotRequired[Annotated[NullableRate, Json(
        description="passHatK with each case's simulator errors left out of its attempts")]]
    passHatCurveExcludingSimulatorErrors: NotRequired[Annotated[list[Rate] | None, Json(
        description="passHatCurve with each case's simulator errors left out: a case with n "
                    "attempts kept counts in pass^k for k <= n; null when repeat = 1")]]
    simulators: NotRequired[list[SimulatorErrorRate] | None]


ToolCall = Annotated[dict[str, Any], Json(required=["name", "arguments"], properties={
    "name": {"type": "string"}, "arguments": {}})]


Author = Literal["case", "script", "simulator"]
Sanitized = Literal["lone_surrogate", "nul"]


class Turn(TypedDict):
    index: Annotated[int, Json(minimum=0, description="0-based, as the API's Turn.index; the "
                                                      "terminal, JUnit and Markdown texts show "
                                                      "it from 1")]
    sentMessage: str
    reply: str | None
    latencyMs: int | None
    error: str | None
    rawResponse: NotRequired[Annotated[Any, Json(
        description="The target's decoded response to this turn (JSON value or text), "
                    "bounded by AGENTEVAL_MAX_REPLY_CHARS; null when not stored.")]]
    toolCalls: NotRequired[Annotated[list[ToolCall] | None, Json(
        description="openai_chat targets with tools: the tool calls the model made on "
                    "this turn.")]]
    author: NotRequired[Annotated[Author, Json(
        description="Simulated cases only: who wrote sentMessage (the case's opening, a "
                    "scripted follow-up, the SIMULATOR model).")]]
    sanitized: NotRequired[Annotated[list[Sanitized], Json(
        description="Only when the reply had to be made storable: what was replaced "
                    "(lone_surrogate: invalid Unicode, now U+FFFD; nul: removed).")]]


class RuleResult(TypedDict):
    ruleType: str
    implicit: bool
    passed: bool
    score: Rate
    weight: Annotated[float, Json(minimum=0)]
    detail: Annotated[dict[str, Any], Json(
        description="The rule's own detail, verbatim (snake_case keys as the rule writes "
                    "them; see docs/rules.md).")]
    error: str | None
    turnIndex: NotRequired[Annotated[int | None, Json(
        minimum=0, description="The 0-based turn a per-turn check judged (= turns[].index); "
                               "null for the case's own rules.")]]


DeviationKind = Literal["invented_fact", "role_inversion", "meta_talk", "early_stop",
                        "off_persona", "off_goal"]


class Deviation(TypedDict):
    """A simulated user's turn that deviated (issue 40; found without a model)."""

    turn: Annotated[int, Json(minimum=0, description="0-based, as turns[].index")]
    kind: DeviationKind
    reason: str
    quote: str
    author: Annotated[Author | None, Json(description="who wrote the turn")]


class Simulation(TypedDict):
    """Simulated cases only: who played the user and why the dialog ended; when its user
    deviated, the deviation and what was done about it (absent when the first dialog was
    clean)."""

    simulator: Literal["model", "script"]
    model: str | None
    stop: Literal["simulator_done", "script_end", "phrase", "max_turns", "simulator_failed",
                  "target_error", "simulator_deviated"]
    detail: str | None
    turns: Count
    deviation: NotRequired[Annotated[Deviation | None, Json(
        description="the kept dialog's first deviation; null when a rerun was clean")]]
    deviations: NotRequired[list[Deviation]]
    reruns: NotRequired[Annotated[Count, Json(description="times the case was played again")]]
    rerun_deviations: NotRequired[Annotated[list[Deviation], Json(
        description="the first deviation of each discarded dialog")]]
    review: NotRequired[Annotated[dict[str, Any], Json(
        description="AGENTEVAL_SIMULATOR_REVIEW with a JUDGE: {model, followed_persona, "
                    "followed_goal, effect: helped|hindered|neutral, rationale, deviations: "
                    "[{turn, kind, quote, reason, verified}]}, or {model, error}")]]
    deviation_error: NotRequired[Annotated[Literal["simulator", "scenario"] | None, Json(
        description="simulator: still deviating after the reruns (a simulator error); "
                    "scenario: the case's own script deviates (an authoring error, not rerun)")]]


class Outcome(TypedDict):
    """The contract's CaseOutcome: one case attempt, plus the case's tags."""

    caseKey: str
    attempt: Count
    passed: bool
    successLevel: SuccessLevel
    score: Rate
    intentPassed: bool | None
    completionRate: NullableRate
    error: str | None
    tags: list[str]
    turns: list[Turn]
    results: list[RuleResult]
    simulation: NotRequired[Simulation]
    # What the attempt was judged against (domain/judging/fingerprints.py): the case's
    # definition, and the judges (null when no model judged it). Absent in older files.
    caseHash: NotRequired[str | None]
    judgeHash: NotRequired[str | None]


class ScenarioEntry(TypedDict):
    """One scenario run against one target."""

    formatVersion: Literal[1]
    scenario: ScenarioRef
    target: TargetRef
    run: RunInfo
    summary: Summary
    outcomes: list[Outcome]


RunDocument = list[ScenarioEntry]
