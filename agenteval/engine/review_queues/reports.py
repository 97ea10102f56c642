"""A queue's report: progress, per reviewer, per rule, and inter-reviewer κ per item type."""

from __future__ import annotations

import uuid
from collections import Counter
from typing import Any

from agenteval.domain.review_queues.figures import (
    KindFigures,
    QueueFigures,
    ReviewerFigures,
    RuleFigures,
    figures,
    median,
)
from agenteval.domain.review_queues.rubric import machine_answer, top_label
from agenteval.engine.review_queues.work import now
from agenteval.store.access.api_keys import key_label
from agenteval.store.review_queues import appeal_rows, items, queue_rows
from agenteval.store.review_queues.appeal_rows import ReviewAppealRow
from agenteval.store.review_queues.items import ReviewAnswerRow, ReviewItemRow

Pair = tuple[Any, Any]


def _entry_changed(before: dict[str, Any], after: dict[str, Any], key: str) -> bool:
    mine, theirs = (before.get("entries") or {}).get(key), (after.get("entries") or {}).get(key)
    return bool(mine and theirs and mine["verdict"] != theirs["verdict"])


async def queue_report(queue_id: uuid.UUID) -> QueueFigures:
    rows = await items.items_of_queue(queue_id)
    by_id = {item.id: item for item in rows}
    roots = [item for item in rows if item.stage == "FIRST"]
    answers = await items.answers_of(list(by_id))
    appeals = await appeal_rows.appeals_of([r.id for r in roots])
    decided = [a for a in appeals if a.status == "DECIDED"]
    moment = now()
    # A reviewer holding a batch before answering anything is progress too (assigned work).
    holders = {i.claimed_by_key_id for i in rows if i.status == "OPEN" and i.claimed_by_key_id
               and i.claimed_until and i.claimed_until >= moment}
    names = {str(k.id): key_label(k)
             for k in (await queue_rows.keys_by_ids(list(holders))).values()}
    return QueueFigures(
        items=len(roots), decided=sum(1 for r in roots if r.final is not None),
        open_by_stage=dict(Counter(i.stage for i in rows if i.status == "OPEN")),
        appealed=len(appeals), overturned_by_appeal=sum(1 for a in decided if a.overturned),
        reviewers=_reviewers(rows, by_id, answers, decided, moment, names),
        rules=_rules(roots, decided), kinds=_kinds(by_id, answers))


def _reviewers(items: list[ReviewItemRow], by_id: dict[uuid.UUID, ReviewItemRow],
               answers: list[ReviewAnswerRow], decided: list[ReviewAppealRow],
               moment: Any, holder_names: dict[str, str]) -> list[ReviewerFigures]:
    names: dict[str, str] = dict(holder_names)
    pairs: dict[str, list[Pair]] = {}
    seconds: dict[str, list[float]] = {}
    for row in answers:
        who = str(row.reviewer_key_id)
        names[who] = row.reviewer
        item = by_id[row.item_id]
        machine = top_label(item.kind, machine_answer(item.kind, item.rubric))
        human = top_label(item.kind, row.answer)
        if machine is not None and human is not None and item.kind != "FINDING":
            pairs.setdefault(who, []).append((machine, human))
        if row.seconds is not None:
            seconds.setdefault(who, []).append(row.seconds)
    holding = Counter(str(i.claimed_by_key_id) for i in items if i.status == "OPEN"
                      and i.claimed_by_key_id and i.claimed_until and i.claimed_until >= moment)
    overturned = Counter(str(a.appealed_reviewer_key_id) for a in decided
                         if a.overturned and a.appealed_reviewer_key_id)
    return [ReviewerFigures(who, names[who], sum(1 for r in answers
                                                 if str(r.reviewer_key_id) == who),
                            holding[who], median(seconds.get(who, [])),
                            figures(pairs.get(who, [])), overturned[who])
            for who in sorted(names, key=lambda w: names[w])]


def _rules(roots: list[ReviewItemRow], decided: list[ReviewAppealRow]) -> list[RuleFigures]:
    pairs: dict[tuple[str, str | None], list[Pair]] = {}
    appealed: Counter[tuple[str, str | None]] = Counter()
    overturned: Counter[tuple[str, str | None]] = Counter()
    appeal_of = {a.item_id: a for a in decided}
    for root in roots:
        for entry in root.rubric.get("entries") or []:
            rule = (entry["ruleType"], entry.get("judgeModel"))
            human = ((root.final or {}).get("entries") or {}).get(entry["key"])
            if human is not None:
                pairs.setdefault(rule, []).append((entry["verdict"], human["verdict"]))
            appeal = appeal_of.get(root.id)
            if appeal is not None and root.final is not None and (
                    appeal.entry_key in (None, entry["key"])):
                appealed[rule] += 1
                overturned[rule] += _entry_changed(appeal.appealed_verdict, root.final,
                                                   entry["key"])
    keys = sorted(set(pairs) | set(appealed), key=lambda k: (k[0], k[1] or ""))
    return [RuleFigures(rule, model, len(pairs.get((rule, model), [])),
                        figures(pairs.get((rule, model), [])), appealed[(rule, model)],
                        overturned[(rule, model)]) for rule, model in keys]


def _kinds(by_id: dict[uuid.UUID, ReviewItemRow], answers: list[ReviewAnswerRow]
           ) -> list[KindFigures]:
    first: dict[uuid.UUID, dict[str, Any]] = {}
    second: dict[uuid.UUID, dict[str, Any]] = {}
    for row in answers:
        item = by_id[row.item_id]
        if item.stage == "FIRST":
            first[item.id] = row.answer
        elif item.stage == "SECOND" and item.parent_id is not None:
            second[item.parent_id] = row.answer
    pairs: dict[str, list[Pair]] = {}
    for root_id, later in second.items():
        root, earlier = by_id[root_id], first.get(root_id)
        if earlier is None:
            continue
        pairs.setdefault(root.kind, []).append((top_label(root.kind, earlier),
                                                top_label(root.kind, later)))
        mine, theirs = earlier.get("entries") or {}, later.get("entries") or {}
        for key in sorted(mine.keys() & theirs.keys()):
            pairs.setdefault("RULE", []).append((mine[key]["verdict"], theirs[key]["verdict"]))
    return [KindFigures(kind, figures(found)) for kind, found in sorted(pairs.items())]
