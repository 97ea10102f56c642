"""Shape and count checks of the labelled sets of issues 38 (scorecards) and 40 (simulated users).

These tests check the data, not any operator: they fail when a record is malformed, a
label is outside its vocabulary, a turn index does not point at a user turn, or a
count promised in the issues falls short.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

HERE = Path(__file__).parent
SC_DIR = HERE / "scorecard_items"
SU_DIR = HERE / "simulated_users"
LANGS = {"zh", "en"}
ROLES = {"user", "assistant"}
SC_VALUES = {"hit", "no_hit", "not_applicable"}
SC_HARD = {"role_confusion", "obfuscation", "near_miss", "anchor_never_met", "own_phone_echo", "position"}
SU_KINDS = {"invented_fact", "role_inversion", "meta_talk", "early_stop"}
HAN = re.compile(r"[\u4e00-\u9fff]")


def _jsonl(folder: Path) -> list[dict[str, Any]]:
    files = sorted(folder.glob("*.jsonl"))
    assert files, f"no .jsonl file in {folder}"
    rows: list[dict[str, Any]] = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert line.strip(), f"{path.name}:{number}: blank line"
            rows.append(json.loads(line))
    return rows


@pytest.fixture(scope="module")
def items() -> dict[str, dict[str, Any]]:
    doc = yaml.safe_load((SC_DIR / "items.yaml").read_text(encoding="utf-8"))
    listed = doc["items"]
    ids = [item["id"] for item in listed]
    assert len(ids) == len(set(ids)), "duplicate item ids in items.yaml"
    return {item["id"]: item for item in listed}


@pytest.fixture(scope="module")
def conversations() -> list[dict[str, Any]]:
    return _jsonl(SC_DIR)


@pytest.fixture(scope="module")
def dialogs() -> list[dict[str, Any]]:
    return _jsonl(SU_DIR)


def _check_turns(record: dict[str, Any]) -> None:
    turns = record["turns"]
    assert isinstance(turns, list) and len(turns) >= 2, record["id"]
    assert turns[0]["role"] == "user", f"{record['id']}: the user opens"
    for turn in turns:
        assert set(turn) == {"role", "content"}, f"{record['id']}: turn keys {set(turn)}"
        assert turn["role"] in ROLES, record["id"]
        assert isinstance(turn["content"], str), record["id"]


def _check_language(record: dict[str, Any]) -> None:
    user_text = "".join(t["content"] for t in record["turns"] if t["role"] == "user")
    has_han = bool(HAN.search(user_text))
    assert has_han == (record["language"] == "zh"), f"{record['id']}: language {record['language']} vs text"


# ------------------------------------------------------------------ scorecard items
def test_items_yaml_is_complete(items: dict[str, dict[str, Any]]) -> None:
    assert 10 <= len(items) <= 20
    for item_id, item in items.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*", item_id), item_id
        assert item.get("operator"), f"{item_id}: operator"
        assert len(item.get("definition", "")) > 60, f"{item_id}: definition too short"
        assert isinstance(item.get("points"), int), f"{item_id}: points"
    vetoes = [i for i, item in items.items() if item.get("critical")]
    assert set(vetoes) == {"refund_promise", "other_customer_phone"}
    library = items["forbidden_word"]["library"]
    assert library["zh"] and library["en"]


def test_scorecard_records_have_the_shape(conversations: list[dict[str, Any]],
                                          items: dict[str, dict[str, Any]]) -> None:
    for record in conversations:
        assert set(record) == {"id", "language", "turns", "expected", "hard", "note"}, record.get("id")
        assert record["language"] in LANGS
        _check_turns(record)
        _check_language(record)
        assert set(record["expected"]) == set(items), f"{record['id']}: every item labelled, no others"
        assert set(record["expected"].values()) <= SC_VALUES, record["id"]
        assert isinstance(record["hard"], list) and set(record["hard"]) <= SC_HARD, record["id"]
        assert len(record["hard"]) == len(set(record["hard"])), record["id"]
        assert isinstance(record["note"], str) and record["note"].strip(), record["id"]
        if record["hard"]:
            assert record["note"] != "Plain case.", f"{record['id']}: a hard case explains itself"


def test_scorecard_counts(conversations: list[dict[str, Any]], items: dict[str, dict[str, Any]]) -> None:
    assert len(conversations) >= 100
    ids = [r["id"] for r in conversations]
    assert len(ids) == len(set(ids)), "duplicate ids"
    langs = Counter(r["language"] for r in conversations)
    assert min(langs["zh"], langs["en"]) >= 0.4 * len(conversations), langs
    hard = sum(1 for r in conversations if r["hard"])
    assert hard >= 0.2 * len(conversations), f"hard share {hard}/{len(conversations)}"
    for item_id in items:
        values = Counter(r["expected"][item_id] for r in conversations)
        assert values["hit"] >= 4, f"{item_id}: too few hits {values}"
        assert values["no_hit"] >= 4, f"{item_id}: too few no_hits {values}"
    for tag in SC_HARD:
        assert sum(tag in r["hard"] for r in conversations) >= 4, f"too few {tag} cases"


def test_scorecard_structural_labels_follow_the_definitions(conversations: list[dict[str, Any]]) -> None:
    """The labels that depend on structure alone must agree with it."""
    for record in conversations:
        turns, expected = record["turns"], record["expected"]
        bots = [t for t in turns if t["role"] == "assistant"]
        if not bots:
            assert expected["missing_greeting"] == "not_applicable"
            assert expected["missing_closing"] == "not_applicable"
        if any(not t["content"].strip() for t in bots) or any(
                turns[i]["role"] == "user" == turns[i + 1]["role"] for i in range(len(turns) - 1)):
            assert expected["empty_or_no_reply"] == "hit", record["id"]
        else:
            assert expected["empty_or_no_reply"] == "no_hit", record["id"]
        anchored = any(t["role"] == "user" and re.search(r"退款|退钱|refund", t["content"], re.I) for t in turns)
        if not anchored:
            assert expected["refund_policy_not_stated"] == "not_applicable", record["id"]
        if bots and not bots[0]["content"].strip():
            assert expected["missing_greeting"] == "hit", record["id"]


# ------------------------------------------------------------------ simulated users
def test_simulated_records_have_the_shape(dialogs: list[dict[str, Any]]) -> None:
    for record in dialogs:
        assert set(record) == {"id", "language", "persona", "goal", "follow_ups", "stop_when", "turns",
                               "expected", "note"}, record.get("id")
        assert record["language"] in LANGS
        _check_turns(record)
        _check_language(record)
        persona = record["persona"]
        assert isinstance(persona, dict) and persona.get("name"), record["id"]
        assert persona.get("patience") in {"low", "medium", "high"}, record["id"]
        assert all(isinstance(v, str) for v in persona.values()), record["id"]
        assert isinstance(record["goal"], str) and record["goal"], record["id"]
        assert isinstance(record["follow_ups"], list) and all(isinstance(f, str) for f in record["follow_ups"])
        assert record["stop_when"] and all(isinstance(s, str) and s for s in record["stop_when"]), record["id"]
        assert isinstance(record["note"], str) and record["note"].strip(), record["id"]
        assert isinstance(record["expected"], list), record["id"]
        turns = [e["turn"] for e in record["expected"]]
        assert turns == sorted(turns), f"{record['id']}: expected sorted by turn"
        for entry in record["expected"]:
            assert set(entry) == {"turn", "kind"}, record["id"]
            assert entry["kind"] in SU_KINDS, record["id"]
            index = entry["turn"]
            assert isinstance(index, int) and 0 <= index < len(record["turns"]), f"{record['id']}: turn {index}"
            assert record["turns"][index]["role"] == "user", f"{record['id']}: turn {index} is not a user turn"
        keys = [(e["turn"], e["kind"]) for e in record["expected"]]
        assert len(keys) == len(set(keys)), f"{record['id']}: duplicate expected entry"


def test_simulated_counts(dialogs: list[dict[str, Any]]) -> None:
    assert len(dialogs) >= 100
    ids = [r["id"] for r in dialogs]
    assert len(ids) == len(set(ids)), "duplicate ids"
    langs = Counter(r["language"] for r in dialogs)
    assert min(langs["zh"], langs["en"]) >= 0.4 * len(dialogs), langs
    kinds = Counter(e["kind"] for r in dialogs for e in r["expected"])
    for kind in SU_KINDS:
        assert kinds[kind] >= 12, f"{kind}: {kinds[kind]} < 12"
        for lang in LANGS:
            per_lang = sum(e["kind"] == kind for r in dialogs if r["language"] == lang for e in r["expected"])
            assert per_lang >= 4, f"{kind} in {lang}: {per_lang}"
    clean = [r for r in dialogs if not r["expected"]]
    assert len(clean) >= 40, f"clean dialogs: {len(clean)}"


def test_early_stop_matches_stop_when(dialogs: list[dict[str, Any]]) -> None:
    """early_stop exactly when no bot reply meets stop_when, labelled at the user's last turn."""
    for record in dialogs:
        met = any(s in t["content"] for t in record["turns"] if t["role"] == "assistant" for s in record["stop_when"])
        early = [e["turn"] for e in record["expected"] if e["kind"] == "early_stop"]
        assert bool(early) != met, f"{record['id']}: stop_when met={met}, early_stop={early}"
        if early:
            last_user = max(i for i, t in enumerate(record["turns"]) if t["role"] == "user")
            assert early == [last_user], f"{record['id']}: early_stop must be the last user turn"


def test_clean_dialogs_state_no_foreign_number(dialogs: list[dict[str, Any]]) -> None:
    """In clean dialogs every phone / order / ID-like value a user states comes from the sources."""
    pattern = re.compile(r"HC\d{10}|(?<!\d)1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?!\d)|\+\d{1,3}[\s-]\d{2,4}[\s-]\d{3,4}[\s-]\d{3,4}"
                         r"|(?<!\d)\d{17}[\dXx](?!\d)")
    for record in dialogs:
        if record["expected"]:
            continue
        sources = json.dumps(record["persona"], ensure_ascii=False) + record["goal"] + "".join(record["follow_ups"])
        digits = re.sub(r"\D", "", sources)
        seen_bot = ""
        for turn in record["turns"]:
            if turn["role"] == "assistant":
                seen_bot += re.sub(r"\D", "", turn["content"])
                continue
            for value in pattern.findall(turn["content"]):
                d = re.sub(r"\D", "", value)
                assert d in digits or d in seen_bot, f"{record['id']}: {value!r} not in persona/goal/follow-ups"
