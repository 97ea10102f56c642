"""QA scorecard speed: a 20-item model-free scorecard over 10,000 in-memory conversations.

Each conversation has 10 turns (a user message and the bot's reply each: 20 utterances),
built from the labelled set's appliance-retailer dialogs with their numbers varied. Timed:
normalising each conversation once (`from_turns`) and scoring every item
(`score_qa_dialog`), in one process. Then the same scorecard with its word library grown
from 19 to 10,000 words (the real entries kept), to see what the automaton costs.

Targets (issue 38): ≥ 1,000 conversations/s; the 10,000-word library adds ≤ 5 %.

Run: .venv/bin/python bench/scorecards.py [--conversations 10000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import yaml

import agenteval.rules  # noqa: F401  (registers the rules)
from agenteval.domain.judging.cases import Turn
from agenteval.rules.qa.dialog import from_turns
from agenteval.rules.qa.scorecard_runner import compile_scorecard, load_scorecard, score_qa_dialog

ROOT = Path(__file__).resolve().parents[1]
LABELLED = ROOT / "tests" / "labelled" / "scorecard_items" / "conversations.jsonl"
SCORECARD = ROOT / "tests" / "rules" / "qa" / "labelled_scorecard.yaml"
TURNS = 10

# Eight more items beside the labelled set's twelve: 20 in all.
EXTRA_ITEMS: list[dict[str, Any]] = [
    {"id": "identity_script", "points": -5, "check": {"type": "qa_phrase", "params": {
        "position": "first", "count": 2, "match": "regex",
        "phrases": [r"我是|客服|this is|i'm mia|homecare"]}}},
    {"id": "user_abuse", "points": 0, "check": {"type": "qa_phrase", "params": {
        "role": "user", "expect": "absent", "phrases": ["骗子", "垃圾", "scam", "idiot"]}}},
    {"id": "amount_quoted", "points": -2, "check": {"type": "qa_entity", "params": {
        "entity": "amount", "must": "not_contain"}}},
    {"id": "id_card_leak", "points": -50, "critical": True, "check": {"type": "qa_entity",
        "params": {"entity": "id_card", "must": "not_contain"}}},
    {"id": "slow_reply", "points": -2, "check": {"type": "qa_reply", "params": {
        "check": "latency", "max_ms": 3000}}},
    {"id": "reasked_date", "points": -3, "check": {"type": "qa_repetition", "params": {
        "slots": ["date"]}}},
    {"id": "transfer_after_anger", "points": -3, "check": {"type": "qa_anchored", "params": {
        "anchor": {"role": "user", "phrases": ["人工", "human", "real person"]}, "window": 2,
        "then": {"phrases": ["转接", "transfer"]}}}},
    {"id": "thanks_in_last_two", "points": 2, "hit_when": "pass", "check": {
        "type": "qa_phrase", "params": {"position": "last", "count": 2,
                                        "phrases": ["感谢", "谢谢", "thank"]}}},
]


def conversations(count: int, seed: int = 7) -> list[list[Turn]]:
    """`count` dialogs of TURNS exchanges from the labelled set, numbers varied."""
    rng = random.Random(seed)
    pairs: list[tuple[str, str]] = []
    for line in LABELLED.read_text(encoding="utf-8").splitlines():
        turns = json.loads(line)["turns"]
        for user, bot in zip(turns, turns[1:], strict=False):
            if user["role"] == "user" and bot["role"] == "assistant":
                pairs.append((user["content"], bot["content"]))
    dialogs = []
    for _ in range(count):
        chosen = rng.sample(pairs, TURNS)
        salt = str(rng.randrange(10_000))
        dialogs.append([Turn(i, user.replace("7364", salt[-4:].zfill(4)), bot,
                             rng.randrange(200, 4000)) for i, (user, bot) in enumerate(chosen)])
    return dialogs


def scorecard(words: int) -> Any:
    document = yaml.safe_load(SCORECARD.read_text(encoding="utf-8"))
    document["items"] += copy.deepcopy(EXTRA_ITEMS)
    library = document["libraries"][0]
    rng = random.Random(words)
    alphabet = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴"
    filler = {"".join(rng.choice(alphabet) for _ in range(rng.randint(3, 6)))
              for _ in range(words * 2)}
    library["words"] = library["words"] + sorted(filler)[:max(0, words - len(library["words"]))]
    library["version"] = 2 if words > 100 else 1
    for item in document["items"]:
        if item["check"]["type"] == "qa_word_library":
            item["check"]["params"]["library"] = f"{library['name']}@{library['version']}"
    return compile_scorecard(load_scorecard(document))


def rate(compiled: Any, dialogs: list[list[Turn]]) -> float:
    """Conversations per second of this process's CPU time (process_time): on a shared,
    loaded machine wall time measures the neighbours; the load average is printed too."""
    started = time.process_time()
    for turns in dialogs:
        score_qa_dialog(compiled, from_turns(turns))
    return len(dialogs) / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--conversations", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    dialogs = conversations(args.conversations)
    small, large = scorecard(19), scorecard(10_000)
    assert len(small.items) == 20 and small.model_free
    words = len(large.scorecard.libraries[0].words)
    rate(small, dialogs[:500])  # warm the regex caches and the automaton
    rate(large, dialogs[:500])
    base, grown = [], []
    for _ in range(args.repeats):  # interleaved, so load drifts hit both alike
        base.append(rate(small, dialogs))
        grown.append(rate(large, dialogs))
    b, g = statistics.median(base), statistics.median(grown)
    # The library's own cost, measured alone (steadier than the difference of two whole
    # runs on a loaded machine): the word-library item over the same conversations.
    normalised = [from_turns(turns) for turns in dialogs]
    item_us = {}
    for label, compiled in (("small", small), ("large", large)):
        core = next(e.core for e in compiled.items if e.item.check_type == "qa_word_library")
        assert core is not None
        started = time.process_time()
        for dialog in normalised:
            core.judge(dialog, {})
        item_us[label] = 1e6 * (time.process_time() - started) / len(normalised)
    print(f"{len(small.items)}-item model-free scorecard, {args.conversations:,} conversations "
          f"of {TURNS} turns, median of {args.repeats}:")
    print(f"  19-word library:     {b:,.0f} conversations/s  (runs: "
          + ", ".join(f"{r:,.0f}" for r in base) + ")")
    print(f"  {words:,}-word library: {g:,.0f} conversations/s  (runs: "
          + ", ".join(f"{r:,.0f}" for r in grown) + ")")
    print(f"  whole runs: the large library costs {100 * (b - g) / b:+.1f} %  (rates per CPU "
          f"second; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    added = item_us["large"] - item_us["small"]
    print(f"  the word-library item alone: {item_us['small']:.1f} µs/conversation with 19 words, "
          f"{item_us['large']:.1f} µs with {words:,}: +{added:.1f} µs = "
          f"{100 * added * b / 1e6:+.1f} % of a conversation's {1e6 / b:.0f} µs")


if __name__ == "__main__":
    main()
