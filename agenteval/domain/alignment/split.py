"""A stratified, seeded split of reviewed items into a train part and a held-out part.

Strata are (judge's verdict, reviewer's verdict), so corrections and agreements of each
direction are shared out in the same proportion; inside a stratum the item ids are sorted
then shuffled by `random.Random(seed)`, so the same reviews and seed give the same split.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.domain.alignment.reviewed import ReviewedJudgement

HELD_OUT_SHARE = 0.5


@dataclass(frozen=True)
class Split:
    train: tuple[str, ...]
    held_out: tuple[str, ...]
    seed: int
    held_out_share: float

    def as_json(self) -> dict[str, object]:
        return {"seed": self.seed, "heldOutShare": self.held_out_share,
                "strata": "(judge verdict, reviewer verdict)",
                "train": list(self.train), "heldOut": list(self.held_out)}


def stratified_split(items: Sequence[ReviewedJudgement], seed: int,
                     held_out_share: float = HELD_OUT_SHARE) -> Split:
    strata: dict[tuple[bool, bool], list[str]] = defaultdict(list)
    for item in items:
        strata[(item.machine_passed, item.human_passed)].append(item.item_id)
    rng = random.Random(seed)
    train: list[str] = []
    held_out: list[str] = []
    for key in sorted(strata):
        ids = sorted(strata[key])
        rng.shuffle(ids)
        cut = round(len(ids) * held_out_share)
        held_out.extend(ids[:cut])
        train.extend(ids[cut:])
    return Split(tuple(sorted(train)), tuple(sorted(held_out)), seed, held_out_share)
