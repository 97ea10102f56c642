"""A scorecard (质检方案) as a document: items with points and vetoes, grade bands, word libraries.

Pure: a dict (read from YAML or JSON by the caller) in, a frozen `Scorecard` out, or
`ValidationFailed` listing every bad field. Whether an item's check names a registered
rule with valid params is the rules layer's question (`rules/qa/scorecard_checks.py`).

```yaml
name: homecare-qa          # [A-Za-z0-9_.-] and CJK, ≤ 80 characters
version: 1                 # an integer ≥ 1; a stored scorecard is referred to as name@version
base: 100                  # the score before any item; default 100
bands:                     # highest first; a total ≥ min gets that band
  - {name: 优, min: 90}
  - {name: 良, min: 80}
  - {name: 合格, min: 60}
  - {name: 不合格, min: 0}
pass_band: 合格             # totals below this band's min fail like a hard rule
libraries:                 # word libraries the items refer to as name@version
  - {name: forbidden, version: 1, words: [退款保证, 全网最低]}
items:
  - id: missing_greeting   # unique in the scorecard
    title: 首句未问候
    check: {type: qa_phrase, params: {...}}
    hit_when: fail         # the item is hit when its check fails (default) or passes
    points: -5             # per occurrence: negative deducts, positive adds
    per_occurrence: true   # each evidence turn counts (default); false: once
    cap: 10                # optional: at most this many points from the item
    critical: false        # true: a hit fails the conversation whatever the total (veto)
```
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from agenteval.domain.field_errors import FieldErrors

HitWhen = Literal["fail", "pass"]

DEFAULT_BASE = 100.0
MAX_ITEMS = 200
MAX_LIBRARY_WORDS = 200_000
NAME_PATTERN = re.compile(r"^[\w.\-\u4e00-\u9fff]{1,80}$")
ITEM_ID_PATTERN = re.compile(r"^[\w\-\u4e00-\u9fff]{1,64}$")
DEFAULT_BANDS: tuple[tuple[str, float], ...] = (("优", 90.0), ("良", 80.0), ("合格", 60.0),
                                                  ("不合格", 0.0))


@dataclass(frozen=True)
class GradeBand:
    """A grade: every total ≥ `min_total` (and below the band above) gets `name`."""

    name: str
    min_total: float


@dataclass(frozen=True)
class WordLibrary:
    """A named, versioned list of words (sensitive / forbidden terms), as imported."""

    name: str
    version: int
    words: tuple[str, ...]

    @property
    def ref(self) -> str:
        return f"{self.name}@{self.version}"

    @cached_property
    def content_hash(self) -> str:
        return content_hash({"name": self.name, "version": self.version,
                             "words": list(self.words)})


@dataclass(frozen=True)
class ScorecardItem:
    """One line of the scorecard: a check, what a hit costs or earns, and whether it vetoes."""

    id: str
    check_type: str
    check_params: dict[str, Any]
    points: float
    title: str = ""
    hit_when: HitWhen = "fail"
    per_occurrence: bool = True
    cap: float | None = None
    critical: bool = False
    description: str = ""


@dataclass(frozen=True)
class Scorecard:
    """A validated scorecard; `content_hash` identifies exactly this content."""

    name: str
    version: int
    items: tuple[ScorecardItem, ...]
    bands: tuple[GradeBand, ...]
    pass_band: str
    base: float = DEFAULT_BASE
    libraries: tuple[WordLibrary, ...] = ()
    description: str = ""
    source: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def ref(self) -> str:
        return f"{self.name}@{self.version}"

    @cached_property
    def content_hash(self) -> str:
        # Cached: every conversation's result carries it, and the source may hold a
        # 10,000-word library.
        return content_hash(self.source)

    @cached_property
    def pass_min(self) -> float:
        return next(b.min_total for b in self.bands if b.name == self.pass_band)

    def library(self, ref: str) -> WordLibrary | None:
        return next((lib for lib in self.libraries if lib.ref == ref), None)


def content_hash(document: Any) -> str:
    """`sha256:` + the hex digest of the canonical JSON (sorted keys, no spaces)."""
    canonical = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def parse_scorecard(data: Any, path: str = "scorecard") -> Scorecard:
    """The scorecard in `data`, or ValidationFailed naming every bad field."""
    errors = FieldErrors()
    if not isinstance(data, dict):
        errors.add(path, "must be an object with name, version and items")
        errors.raise_if_any()
    known = {"name", "version", "base", "bands", "pass_band", "libraries", "items",
             "description"}
    for key in data:
        if key not in known:
            errors.add(f"{path}.{key}", f"unknown field (known: {', '.join(sorted(known))})")
    name = _name(data.get("name"), f"{path}.name", errors)
    version = _version(data.get("version"), f"{path}.version", errors)
    base = _number(data.get("base", DEFAULT_BASE), f"{path}.base", errors)
    bands = _bands(data.get("bands"), f"{path}.bands", errors)
    pass_band = data.get("pass_band", bands[-2].name if len(bands) > 1 else "")
    if not isinstance(pass_band, str) or pass_band not in {b.name for b in bands}:
        errors.add(f"{path}.pass_band", "must name one of the bands")
    libraries = _libraries(data.get("libraries", []), f"{path}.libraries", errors)
    items = _items(data.get("items"), f"{path}.items", errors)
    description = data.get("description", "")
    if not isinstance(description, str):
        errors.add(f"{path}.description", "must be a string")
    errors.raise_if_any()
    return Scorecard(name, version, tuple(items), tuple(bands), str(pass_band), base,
                     tuple(libraries), str(description), source=data)


def _name(value: Any, path: str, errors: FieldErrors) -> str:
    if not isinstance(value, str) or not NAME_PATTERN.match(value):
        errors.add(path, "must be 1–80 letters, digits, CJK characters, '_', '-' or '.'")
        return ""
    return value


def _version(value: Any, path: str, errors: FieldErrors) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        errors.add(path, "must be an integer ≥ 1")
        return 1
    return value


def _number(value: Any, path: str, errors: FieldErrors) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        errors.add(path, "must be a number")
        return 0.0
    return float(value)


def _bands(value: Any, path: str, errors: FieldErrors) -> list[GradeBand]:
    if value is None:
        return [GradeBand(name, low) for name, low in DEFAULT_BANDS]
    if not isinstance(value, list) or not value:
        errors.add(path, "must be a non-empty list of {name, min}")
        return [GradeBand(name, low) for name, low in DEFAULT_BANDS]
    bands: list[GradeBand] = []
    for index, band in enumerate(value):
        where = f"{path}[{index}]"
        if not isinstance(band, dict) or not isinstance(band.get("name"), str) \
                or not band["name"]:
            errors.add(where, "must be {name, min} with a non-empty name")
            continue
        bands.append(GradeBand(band["name"], _number(band.get("min"), f"{where}.min", errors)))
    if len({b.name for b in bands}) != len(bands):
        errors.add(path, "band names must be distinct")
    if any(a.min_total <= b.min_total for a, b in zip(bands, bands[1:], strict=False)):
        errors.add(path, "bands go from the highest min to the lowest, each min strictly lower")
    return bands or [GradeBand(name, low) for name, low in DEFAULT_BANDS]


def _libraries(value: Any, path: str, errors: FieldErrors) -> list[WordLibrary]:
    if not isinstance(value, list):
        errors.add(path, "must be a list of {name, version, words}")
        return []
    libraries: list[WordLibrary] = []
    for index, entry in enumerate(value):
        where = f"{path}[{index}]"
        if not isinstance(entry, dict):
            errors.add(where, "must be {name, version, words}")
            continue
        words = entry.get("words")
        if not isinstance(words, list) or not words or len(words) > MAX_LIBRARY_WORDS \
                or not all(isinstance(w, str) and w.strip() for w in words):
            errors.add(f"{where}.words", f"must be 1–{MAX_LIBRARY_WORDS:,} non-empty strings")
            continue
        libraries.append(WordLibrary(_name(entry.get("name"), f"{where}.name", errors),
                                     _version(entry.get("version"), f"{where}.version", errors),
                                     tuple(words)))
    if len({lib.ref for lib in libraries}) != len(libraries):
        errors.add(path, "each name@version once")
    return libraries


def _items(value: Any, path: str, errors: FieldErrors) -> list[ScorecardItem]:
    if not isinstance(value, list) or not value or len(value) > MAX_ITEMS:
        errors.add(path, f"must be a list of 1–{MAX_ITEMS} items")
        return []
    items: list[ScorecardItem] = []
    for index, entry in enumerate(value):
        item = _item(entry, f"{path}[{index}]", errors)
        if item is not None:
            items.append(item)
    ids = [item.id for item in items]
    for duplicate in sorted({i for i in ids if ids.count(i) > 1}):
        errors.add(path, f"item id {duplicate!r} is used more than once")
    return items


ITEM_FIELDS = {"id", "title", "check", "points", "hit_when", "per_occurrence", "cap",
               "critical", "description"}


def _item(entry: Any, where: str, errors: FieldErrors) -> ScorecardItem | None:
    if not isinstance(entry, dict):
        errors.add(where, "must be an object with id, check and points")
        return None
    before = len(errors)
    for key in entry:
        if key not in ITEM_FIELDS:
            errors.add(f"{where}.{key}", f"unknown field (known: {', '.join(sorted(ITEM_FIELDS))})")
    item_id = entry.get("id")
    if not isinstance(item_id, str) or not ITEM_ID_PATTERN.match(item_id):
        errors.add(f"{where}.id", "must be 1–64 letters, digits, CJK characters, '_' or '-'")
    check = entry.get("check")
    if not isinstance(check, dict) or not isinstance(check.get("type"), str) \
            or not isinstance(check.get("params", {}), dict):
        errors.add(f"{where}.check", "must be {type, params} naming a rule type")
        check = {"type": "", "params": {}}
    points = _number(entry.get("points"), f"{where}.points", errors)
    hit_when = entry.get("hit_when", "fail")
    if hit_when not in ("fail", "pass"):
        errors.add(f"{where}.hit_when", "must be fail or pass")
    cap = entry.get("cap")
    if cap is not None and (_number(cap, f"{where}.cap", errors) <= 0):
        errors.add(f"{where}.cap", "must be > 0 (the most points the item can move)")
    flags = {key: entry.get(key, default) for key, default in
             (("per_occurrence", True), ("critical", False))}
    for key, flag in flags.items():
        if not isinstance(flag, bool):
            errors.add(f"{where}.{key}", "must be true or false")
    texts = {key: entry.get(key, "") for key in ("title", "description")}
    for key, text in texts.items():
        if not isinstance(text, str):
            errors.add(f"{where}.{key}", "must be a string")
    if len(errors) > before:
        return None
    return ScorecardItem(str(item_id), check["type"], dict(check.get("params", {})), points,
                         title=str(texts["title"]), hit_when=hit_when,
                         per_occurrence=bool(flags["per_occurrence"]),
                         cap=None if cap is None else float(cap),
                         critical=bool(flags["critical"]), description=str(texts["description"]))
