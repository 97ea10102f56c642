"""Verdicts and reports written by the ANALYST model (JSON), checked before they are sent.

Evidence from the model only has to name a session and a turn: the quotes
are taken from the stored transcript, so a model cannot misquote; evidence
naming an unknown session or turn is dropped. Any model failure returns
None and the caller uses the scripted verdict or report instead.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from agenteval.domain.intelligent.verdict_validation import validate_verdict
from agenteval.drivers.builtin.detectors import Turn, turns_from_messages
from agenteval.drivers.builtin.provenance import Trail
from agenteval.drivers.builtin.texts import ANSWER_IN, language_of
from agenteval.drivers.builtin.verdict import Expectations
from agenteval.errors import ValidationFailed
from agenteval.llm import ModelCallError, ModelClient
from agenteval.llm.structured_output import nullable, strict_object

logger = logging.getLogger("agenteval.driver")
SEVERITIES = ("HIGH", "MEDIUM", "LOW")

_SEVERITY = {"type": "string", "enum": list(SEVERITIES)}
_OPTIONAL_TEXTS = nullable({"type": "array", "items": {"type": "string"}})

VERDICT_SCHEMA: dict[str, Any] = strict_object({
    "goalAchieved": {"type": "boolean"},
    # 0..1, clamped below rather than sent back for correction (a grammar cannot bound it).
    "achievement": {"type": "number", "description": "0..1"},
    "issues": {"type": "array", "items": strict_object({
        "description": {"type": "string"}, "severity": _SEVERITY,
        "turnIndex": {"type": ["integer", "null"]}})},
    "suggestions": _OPTIONAL_TEXTS,
    "notes": {"type": ["string", "null"]},
})

REPORT_SCHEMA: dict[str, Any] = strict_object({
    "summary": {"type": "string"},
    # Scores out of 0..10 are clamped below, not sent back for correction.
    "scores": nullable({"type": "array", "items": strict_object({
        "dimension": {"type": "string"}, "score": {"type": "number"}})}),
    "findings": {"type": "array", "items": strict_object({
        "issue": {"type": "string"}, "severity": _SEVERITY,
        "dimension": {"type": ["string", "null"]},
        "evidence": {"type": "array", "items": strict_object({
            "sessionId": {"type": "string"}, "turnIndex": {"type": "integer"}})},
        "suggestion": {"type": "string"},
        "relatedSop": {"type": ["string", "null"]}})},
    "highlights": nullable({"type": "array", "items": strict_object({
        "description": {"type": "string"}, "dimension": {"type": ["string", "null"]}})}),
    "priorityRecommendations": _OPTIONAL_TEXTS,
})


def dialog_text(turns: Sequence[Turn]) -> str:
    return "\n".join(f"[turn {t.index}] user: {t.user}\n[turn {t.index}] agent: "
                     + (t.reply if t.error is None else f"(target error: {t.error})")
                     for t in turns)


async def model_verdict(model: ModelClient, session: dict[str, Any], turns: list[Turn],
                        expect: Expectations, trail: Trail | None = None
                        ) -> dict[str, Any] | None:
    system = (
        "You judge one conversation between a virtual user and a customer-service agent. "
        "Answer with a JSON object {goalAchieved, achievement (0..1), issues: [{description, "
        "severity: HIGH|MEDIUM|LOW, turnIndex}], suggestions: [...], notes}. turnIndex is the "
        "0-based turn where the problem shows. Look for missing questions, confirmations "
        "without required details, missing empathy or apology, ignored changes of mind. "
        + ANSWER_IN[expect.language])
    brief = {"goal": session.get("goal"), "dimension": session.get("dimension"),
             "persona": session.get("persona"), "successSignals": list(expect.success_signals)}
    messages = [{"role": "system", "content": system},
                {"role": "user", "content": json.dumps(brief, ensure_ascii=False)
                 + "\n\nConversation:\n" + dialog_text(turns)}]
    trail = trail or Trail.of("verdict", model)
    try:
        answer = await model.chat(messages, json_schema=VERDICT_SCHEMA, schema_name="verdict")
    except ModelCallError as error:
        logger.warning("analyst model failed on a verdict: %s", error)
        trail.model_failed(error)
        return None
    data = dict(answer.data or {})
    data["issues"] = [
        {"description": str(issue.get("description") or "issue"),
         "severity": issue.get("severity") if issue.get("severity") in SEVERITIES else "MEDIUM",
         "turnIndex": issue.get("turnIndex") if isinstance(issue.get("turnIndex"), int)
         and 0 <= issue["turnIndex"] < len(turns) else None}
        for issue in data.get("issues") or [] if isinstance(issue, dict)]
    data["achievement"] = min(1.0, max(0.0, float(data.get("achievement") or 0)))
    data["suggestions"] = [text for text in (str(s).strip() for s in data.get("suggestions") or [])
                           if text]
    data = {key: value for key, value in data.items()  # null: strict mode's "left out"
            if key in ("goalAchieved", "achievement", "issues", "suggestions", "notes")
            and value is not None}
    try:
        validated = validate_verdict(data, len(turns))
    except ValidationFailed as invalid:
        logger.warning("analyst model's verdict is invalid: %s", invalid)
        trail.used_script("invalid_verdict", str(invalid))
        return None
    trail.used_model()
    return validated


async def model_report(model: ModelClient, eval_: dict[str, Any],
                       sessions: Sequence[dict[str, Any]], trail: Trail | None = None
                       ) -> dict[str, Any] | None:
    transcripts = {s["id"]: {t.index: t for t in turns_from_messages(s.get("messages") or [])}
                   for s in sessions}
    digest = [{"sessionId": s["id"], "dimension": s.get("dimension"), "goal": s.get("goal"),
               "persona": (s.get("persona") or {}).get("name"), "verdict": s.get("verdict"),
               "conversation": dialog_text(list(transcripts[s["id"]].values()))}
              for s in sessions]
    system = (
        "You are the analyst of an evaluation of a customer-service agent. From the sessions "
        "below write a report as one JSON object {summary, scores: [{dimension, score 0..10}], "
        "findings: [{issue, severity: HIGH|MEDIUM|LOW, dimension, evidence: [{sessionId, "
        "turnIndex}], suggestion, relatedSop}], highlights: [{description, dimension}], "
        "priorityRecommendations: [...]}. Every finding cites the sessions and turns that show "
        "it; suggestions must be concrete changes to the agent's prompt or SOP. "
        + ANSWER_IN[language_of(eval_)])
    brief = {"goal": eval_.get("goal"), "intent": eval_.get("intent"),
             "dimensions": (eval_.get("plan") or {}).get("dimensions"), "sessions": digest}
    messages = [{"role": "system", "content": system},
                {"role": "user", "content": json.dumps(brief, ensure_ascii=False)}]
    trail = trail or Trail.of("report", model)
    try:
        answer = await model.chat(messages, json_schema=REPORT_SCHEMA, schema_name="report")
    except ModelCallError as error:
        logger.warning("analyst model failed on the report: %s", error)
        trail.model_failed(error)
        return None
    trail.used_model()
    return _grounded_report(answer.data or {}, transcripts)


def _grounded_report(data: dict[str, Any], transcripts: dict[str, dict[int, Turn]]
                     ) -> dict[str, Any]:
    findings = []
    for finding in data.get("findings") or []:
        if not isinstance(finding, dict):
            continue
        evidence = []
        for item in finding.get("evidence") or []:
            turns = transcripts.get(str(item.get("sessionId"))) if isinstance(item, dict) else None
            turn = (turns or {}).get(item.get("turnIndex")) if turns else None
            if turn is None:
                continue
            cited = {"sessionId": str(item["sessionId"]), "turnIndex": turn.index,
                     "userSaid": turn.user}
            if turn.reply:
                cited["assistantReplied"] = turn.reply
            evidence.append(cited)
        findings.append({"issue": str(finding.get("issue") or "finding"),
                         "severity": finding.get("severity") if finding.get("severity")
                         in SEVERITIES else "MEDIUM",
                         "dimension": finding.get("dimension"), "evidence": evidence[:50],
                         "suggestion": str(finding.get("suggestion") or "-"),
                         "relatedSop": finding.get("relatedSop")})
    scores = [{"dimension": str(s["dimension"]), "score": min(10.0, max(0.0, float(s["score"])))}
              for s in data.get("scores") or []
              if isinstance(s, dict) and s.get("dimension") and
              isinstance(s.get("score"), int | float)]
    return {
        "summary": str(data.get("summary") or "No summary."),
        "scores": list({s["dimension"]: s for s in scores}.values()) or None,
        "findings": findings,
        "highlights": [{"description": str(h["description"]), "dimension": h.get("dimension")}
                       for h in data.get("highlights") or []
                       if isinstance(h, dict) and h.get("description")],
        "priorityRecommendations": [str(r) for r in data.get("priorityRecommendations") or []],
    }
