"""Stored scorecards and word libraries: save a version, list, load them into the process.

A `name@version` is immutable: saving the same content again returns the stored version;
other content under a stored ref is CONFLICT ("save it as version N+1"), so results scored
with a version (they record its ref and content hash) are never rescored silently. Each
saved version is registered in this process for the `scorecard` and `qa_word_library`
rules; `load_stored` registers every stored one at start-up.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from agenteval.domain.judging.cases import Turn
from agenteval.domain.scorecards.document import (
    MAX_LIBRARY_WORDS,
    NAME_PATTERN,
    Scorecard,
    WordLibrary,
)
from agenteval.errors import Conflict, NotFound, ValidationFailed
from agenteval.rules.base import NO_MODELS
from agenteval.rules.qa.dialog import from_messages
from agenteval.rules.qa.scorecard_rule import forget_scorecard, register_scorecard
from agenteval.rules.qa.scorecard_runner import (
    compile_scorecard,
    load_scorecard,
    score_conversation,
)
from agenteval.rules.qa.word_libraries import forget_library, known_library, register_library
from agenteval.store.scorecards import versions
from agenteval.store.scorecards.versions import StoredScorecard, StoredWordLibrary

MAX_DOCUMENT_CHARS = 2_000_000
R = TypeVar("R", StoredScorecard, StoredWordLibrary)


# What this process registered from the database it has open: a process that opens another
# one (the CLI gate's scratch database, tests) must not keep the last one's versions, which
# the registry would hold against a file's own `name@version`.
_STORED_LIBRARIES: set[str] = set()
_STORED_SCORECARDS: set[str] = set()

def parse_document(text: str) -> Any:
    """A scorecard document from YAML or JSON text (VALIDATION_FAILED when unreadable)."""
    if len(text) > MAX_DOCUMENT_CHARS:
        raise ValidationFailed([{"path": "document",
                                 "message": f"at most {MAX_DOCUMENT_CHARS:,} characters"}])
    from agenteval.yaml_loader import YamlError, load_yaml  # here: the gate starts without it

    try:
        return load_yaml(text, source="document")
    except YamlError as exc:
        raise ValidationFailed([{"path": "document",
                                 "message": f"is not YAML or JSON: {exc}"}]) from None


async def save_scorecard(text: str) -> StoredScorecard:
    """Validate and store one version of a scorecard (its word libraries may be stored ones)."""
    try:  # stored as JSON: the hash is over exactly what a reader gets back
        stored = json.loads(json.dumps(parse_document(text), ensure_ascii=False))
    except (TypeError, ValueError):
        raise ValidationFailed([{"path": "document", "message": "holds values JSON has no "
                                 "form for (a YAML date? quote it)"}]) from None
    await _register_stored_libraries(stored)
    scorecard = load_scorecard(stored)
    existing = await versions.scorecard(scorecard.name, scorecard.version)
    if existing is not None:
        return _same_or_conflict(existing, scorecard.content_hash, scorecard.ref)
    row = await versions.create_scorecard(scorecard.name, scorecard.version,
                                          scorecard.content_hash, stored)
    if row is None:  # saved by someone else in the meantime
        again = await versions.scorecard(scorecard.name, scorecard.version)
        assert again is not None  # a stored version is never deleted
        return _same_or_conflict(again, scorecard.content_hash, scorecard.ref)
    register_scorecard(scorecard)
    _STORED_SCORECARDS.add(scorecard.ref)
    return row


async def save_word_library(name: str, version: int, words: list[str]) -> StoredWordLibrary:
    """Validate and store one version of a word library."""
    errors = []
    if not NAME_PATTERN.match(name):
        errors.append({"path": "name", "message": "1–80 letters, digits, CJK, '_', '-' or '.'"})
    if version < 1:
        errors.append({"path": "version", "message": "must be ≥ 1"})
    cleaned = list(dict.fromkeys(w.strip() for w in words if w.strip()))
    if not cleaned or len(cleaned) > MAX_LIBRARY_WORDS:
        errors.append({"path": "words",
                       "message": f"1–{MAX_LIBRARY_WORDS:,} non-blank words"})
    if errors:
        raise ValidationFailed(errors)
    library = WordLibrary(name, version, tuple(cleaned))
    existing = await versions.word_library(name, version)
    if existing is not None:
        return _same_or_conflict(existing, library.content_hash, library.ref)
    row = await versions.create_word_library(name, version, library.content_hash, cleaned)
    if row is None:  # saved by someone else in the meantime
        again = await versions.word_library(name, version)
        assert again is not None  # a stored version is never deleted
        return _same_or_conflict(again, library.content_hash, library.ref)
    register_library(library)
    _STORED_LIBRARIES.add(library.ref)
    return row


def _same_or_conflict(row: R, content_hash: str, ref: str) -> R:
    if row.content_hash == content_hash:
        return row
    raise Conflict(f"{ref} is already stored with other content: a version never changes; "
                   f"save the edit as version {row.version + 1}")


async def _register_stored_libraries(document: Any) -> None:
    """Word libraries a scorecard names but does not carry, from the store."""
    if not isinstance(document, dict):
        return
    inline = {f"{lib.get('name')}@{lib.get('version')}" for lib in document.get("libraries") or []
              if isinstance(lib, dict)}
    for item in document.get("items") or []:
        params = ((item or {}).get("check") or {}).get("params") if isinstance(item, dict) else None
        ref = params.get("library") if isinstance(params, dict) else None
        if isinstance(ref, str) and ref not in inline and known_library(ref) is None:
            await load_library(ref)


async def load_library(ref: str) -> None:
    name, _, version = ref.rpartition("@")
    row = await versions.word_library(name, int(version)) if version.isdigit() else None
    if row is not None:
        register_library(WordLibrary(row.name, row.version, tuple(row.words)))
        _STORED_LIBRARIES.add(ref)


async def list_scorecards(name: str | None = None) -> list[StoredScorecard]:
    return await versions.scorecards(name)


async def list_word_libraries(name: str | None = None) -> list[StoredWordLibrary]:
    return await versions.word_libraries(name)


async def get_scorecard(ref: str) -> StoredScorecard:
    name, _, version = ref.rpartition("@")
    row = await versions.scorecard(name, int(version)) if version.isdigit() else None
    if row is None:
        raise NotFound(f"no scorecard {ref!r} (refer to one as name@version)")
    return row


def forget_stored() -> None:
    """Forget the versions registered from the database (it is being closed)."""
    for ref in _STORED_LIBRARIES:
        forget_library(ref)
    for ref in _STORED_SCORECARDS:
        forget_scorecard(ref)
    _STORED_LIBRARIES.clear()
    _STORED_SCORECARDS.clear()


async def load_stored() -> int:
    """Register every stored word library, then every stored scorecard; how many scorecards.
    Versions registered from a database opened before are forgotten first."""
    forget_stored()
    for library in await versions.word_libraries():
        _STORED_LIBRARIES.add(f"{library.name}@{library.version}")
        register_library(WordLibrary(library.name, library.version, tuple(library.words)))
    count = 0
    for row in await versions.scorecards():
        _STORED_SCORECARDS.add(f"{row.name}@{row.version}")
        register_scorecard(load_scorecard(row.document))
        count += 1
    return count


async def dry_run(text: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """One conversation (`[{role, content}]`) scored by a draft scorecard, nothing stored;
    model-judged items are not judged (no model is called)."""
    document = parse_document(text)
    await _register_stored_libraries(document)
    drafts = [f"{lib.get('name')}@{lib.get('version')}" for lib in
              (document.get("libraries") or [] if isinstance(document, dict) else [])
              if isinstance(lib, dict)]
    new = [ref for ref in drafts if known_library(ref) is None]
    try:
        return await _dry_run(load_scorecard(document), messages)
    finally:  # the draft's own libraries were never stored: not known after the dry run
        for ref in new:
            forget_library(ref)


async def _dry_run(scorecard: Scorecard, messages: list[dict[str, Any]]) -> dict[str, Any]:
    if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
        raise ValidationFailed([{"path": "messages", "message": "a list of {role, content}"}])
    dialog = from_messages(messages)
    turns = [Turn(u.turn_index, u.text, None, None) for u in dialog.user]
    result = await score_conversation(compile_scorecard(scorecard), turns, NO_MODELS,
                                      dialog=dialog, sampler=lambda item, key: False)
    return result.as_json()
