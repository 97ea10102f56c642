"""Mutations of offline judging: importing conversation logs, judging them, deleting them."""

from __future__ import annotations

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.inputs.conversation_documents import read_log
from agenteval.api.permissions import IsOperator
from agenteval.api.types.static.conversation_set import ConversationSet
from agenteval.api.types.static.static_run import Run
from agenteval.api.unset import value
from agenteval.engine.catalog import conversation_sets, offline_runs
from agenteval.store.access.api_keys import key_label


@strawberry.type
class ConversationMutations:
    @strawberry.mutation(permission_classes=[IsOperator], description=(
        "A conversation log (format: jsonl | openai | csv) stored as a set; `sample` draws "
        "that many with `seed`; `redact` masks phone / id_number / email and drops the named "
        "metadata fields. VALIDATION_FAILED (with the line) stores nothing."))
    async def import_conversations(self, document: str, format: str,
                                   name: str | None = UNSET, sample: int | None = UNSET,
                                   seed: int | None = UNSET,
                                   redact: list[str] | None = UNSET) -> ConversationSet:
        log = read_log(document, format, value(sample), value(seed), list(value(redact) or []))
        row = await conversation_sets.store_conversation_set(
            value(name), format, log.dialogs, log.total, log.skipped, log.redacted)
        return ConversationSet.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator], description=(
        "An offline run of the set, started: judged with a scenario's rules or with `rules` "
        "(the `agenteval judge` rules file as JSON), exactly one of them. A scenario's cases "
        "that cannot judge the log (simulated; latency when the log has none) are skipped "
        "and named in `Run.offlineSkipped`; VALIDATION_FAILED when none can, or when `rules` "
        "need latency the log lacks (naming the rule)."))
    async def judge_conversations(self, info: ResolverInfo, set_id: strawberry.ID,
                                  scenario_id: strawberry.ID | None = UNSET,
                                  rules: JSON | None = UNSET) -> Run:
        wanted = value(scenario_id)
        queued = await offline_runs.judge_conversations(
            parse_id(set_id, "setId"), None if wanted is None else parse_id(wanted, "scenarioId"),
            value(rules))
        started = await info.context.services.runs.start(
            queued.id, key_label(await info.context.require_key()))
        return Run.from_record(started)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Runs that judged the set keep their copy of it.")
    async def delete_conversation_set(self, id: strawberry.ID) -> strawberry.ID:
        return strawberry.ID(await conversation_sets.delete_conversation_set(parse_id(id)))
