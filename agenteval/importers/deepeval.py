"""DeepEval `ConversationalGolden` JSON → simulated cases, or seeds with `as_seeds`.

The file is what `EvaluationDataset.add_goldens_from_json_file` reads for
conversational goldens: a list of objects with `scenario` (required),
`expected_outcome`, `user_description`, and optionally `name`, `turns` (a list, or
that list as a JSON string, as DeepEval's own loader accepts), `persona`, `context`,
`additional_metadata`, `comments`. `persona` (text, or an object with name,
background, personality, patience) is the simulated user's persona.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from agenteval.importers import simulated
from agenteval.importers.mapping import ImportFailed, ImportResult, unique_id
from agenteval.importers.text_files import read_text

MAX_TURNS = 10
KNOWN = ("scenario", "expected_outcome", "user_description", "name", "turns", "persona")
PERSONA_FIELDS = ("name", "background", "personality", "patience")


def _goldens(path: Path) -> list[Any]:
    try:
        data = json.loads(read_text(path))
    except ValueError as exc:
        raise ImportFailed(f"{path}: cannot read it as JSON: {exc}") from None
    if isinstance(data, dict) and isinstance(data.get("goldens"), list):
        data = data["goldens"]
    if not isinstance(data, list):
        raise ImportFailed(f"{path}: not a list of ConversationalGolden objects")
    return data


def _opening(golden: dict[str, Any], result: ImportResult, case: str) -> str | None:
    turns = golden.get("turns")
    if isinstance(turns, str) and turns.strip():
        try:
            turns = json.loads(turns)
        except ValueError as exc:
            result.dropped(case, "turns", f"a string that is not a JSON list of turns: {exc}")
            return None
        result.mapped(case, "turns", "a JSON string of turns, read as the list it holds")
    if turns is not None and not isinstance(turns, list):
        result.dropped(case, "turns", "neither a list of turns nor a JSON string of one")
        return None
    if not turns:
        return None
    users = [t.get("content") for t in turns if isinstance(t, dict) and t.get("role") == "user"]
    opening = users[0] if users and isinstance(users[0], str) else None
    if opening:
        result.mapped(case, "turns[0]", "the opening message")
    if len(turns) > 1:
        result.dropped(case, "turns[1:]", f"{len(turns) - 1} later turns: the simulated user "
                       "writes them against the target's live replies")
    return opening


def _persona(raw: Any, persona: dict[str, Any], result: ImportResult, case: str) -> None:
    """`persona`: text joins the background; an object gives the persona's fields."""
    if raw is None:
        return
    if isinstance(raw, str) and raw.strip():
        persona["background"] = " ".join(p for p in (persona.get("background"), raw) if p)
        result.mapped(case, "persona", "the simulated user's persona (persona.background)")
        return
    if isinstance(raw, dict):
        for key in PERSONA_FIELDS:
            if isinstance(raw.get(key), str) and raw[key].strip():
                persona[key] = raw[key]
        others = [k for k in raw if k not in PERSONA_FIELDS]
        result.mapped(case, "persona", "the simulated user's persona" + (
            f" ({', '.join(others)} not kept: a persona has name, background, "
            "personality, patience)" if others else ""))
        return
    result.dropped(case, "persona", "neither a text nor an object")


def import_deepeval(paths: list[Path], as_seeds: bool = False) -> ImportResult:
    result, taken = ImportResult("deepeval"), set[str]()
    for path in paths:
        for index, golden in enumerate(_goldens(path)):
            label = golden.get("name") if isinstance(golden, dict) else None
            case = unique_id(re.sub(r"[^\w-]+", "-", str(label or f"{path.stem}-{index + 1}"))
                             .strip("-"), taken)
            if not isinstance(golden, dict) or not isinstance(golden.get("scenario"), str):
                result.dropped(case, "golden", "no `scenario` text: not a ConversationalGolden")
                continue
            result.mapped(case, "scenario", "the goal")
            persona: dict[str, Any] = {"name": label}
            if isinstance(golden.get("user_description"), str):
                persona["background"] = golden["user_description"]
                result.mapped(case, "user_description", "persona.background")
            _persona(golden.get("persona"), persona, result, case)
            rules = []
            if isinstance(golden.get("expected_outcome"), str) and golden["expected_outcome"]:
                rules.append(simulated.outcome_rule(
                    f"The conversation reaches this outcome: {golden['expected_outcome']}"))
                result.mapped(case, "expected_outcome", "llm_score over the whole dialog "
                              "(needs a JUDGE model)")
            opening = _opening(golden, result, case)
            for key in golden:
                if key not in KNOWN:
                    result.dropped(case, key, "retrieval context, metadata and comments "
                                   "have no place in a case (the target has its own knowledge)"
                                   if key == "context" else "no AgentEval equivalent")
            simulated.add(result, as_seeds, case, persona, golden["scenario"], "deepeval",
                          opening, MAX_TURNS, rules, ["deepeval"])
    return result
