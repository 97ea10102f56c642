"""The model-free simulator audit against the labelled set of issue 40.

`tests/labelled/simulated_users/dialogs.jsonl` was committed before the audit existed.
A labelled deviation is detected when the audit flags the same kind at the same turn.
Issue 40 asks for ≥ 90 % of the deviations detected and ≤ 5 % of the clean dialogs
flagged; the figures per kind are printed (`pytest -s`) for the note.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from agenteval.domain.judging.simulator_audit import (
    DEVIATION_KINDS,
    AuditedMessage,
    UserBrief,
    audit_dialog,
)

DIALOGS = Path(__file__).parent / "simulated_users" / "dialogs.jsonl"


def _audit(record: dict[str, Any]) -> set[tuple[int, str]]:
    brief = UserBrief(persona=record["persona"], goal=record["goal"],
                      follow_ups=record["follow_ups"], stop_phrases=record["stop_when"])
    messages = [AuditedMessage(t["role"], t["content"], "simulator") for t in record["turns"]]
    # The records end where the user ended them (a quit, or after the goal was met).
    return {(d.turn, d.kind) for d in audit_dialog(brief, messages, ended_by_user=True)}


def _figures() -> tuple[Counter[str], Counter[str], int, int, list[str]]:
    labelled: Counter[str] = Counter()
    detected: Counter[str] = Counter()
    clean = clean_flagged = 0
    misses: list[str] = []
    for line in DIALOGS.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        flags = _audit(record)
        if not record["expected"]:
            clean += 1
            if flags:
                clean_flagged += 1
                misses.append(f"{record['id']}: false flags {sorted(flags)}")
            continue
        for expected in record["expected"]:
            key = record["language"] + ":" + expected["kind"]
            labelled[key] += 1
            if (expected["turn"], expected["kind"]) in flags:
                detected[key] += 1
            else:
                misses.append(f"{record['id']}: missed {expected}, flagged {sorted(flags)}")
    return labelled, detected, clean, clean_flagged, misses


def test_the_audit_detects_90_percent_of_labelled_deviations_and_flags_at_most_5_percent_of_clean_dialogs() -> None:
    labelled, detected, clean, clean_flagged, misses = _figures()
    for kind in DEVIATION_KINDS:
        count = sum(n for key, n in labelled.items() if key.endswith(kind))
        hits = sum(n for key, n in detected.items() if key.endswith(kind))
        by_language = ", ".join(f"{lang} {detected[f'{lang}:{kind}']}/{labelled[f'{lang}:{kind}']}"
                                for lang in ("zh", "en"))
        print(f"{kind}: {hits}/{count} detected ({hits / count:.1%}; {by_language})")
    total, hits = sum(labelled.values()), sum(detected.values())
    print(f"all kinds: {hits}/{total} ({hits / total:.1%}); clean dialogs flagged: "
          f"{clean_flagged}/{clean} ({clean_flagged / clean:.1%})")
    print("\n".join(misses))
    assert total >= 60 and clean >= 50  # the set as committed
    assert hits / total >= 0.90, misses
    assert clean_flagged / clean <= 0.05, misses
