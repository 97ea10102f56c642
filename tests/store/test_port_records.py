"""The ports' frozen records carry every column of their rows: a column added to a model
and not to its record would be dropped by the adapters' mapping (and by the API's row
made of a record) without a word."""

from __future__ import annotations

from dataclasses import fields

import pytest
from tortoise import Tortoise
from tortoise.models import Model

from agenteval.domain.intelligent.eval_events import EventRecord
from agenteval.domain.intelligent.eval_records import EvalRecord, MessageRecord, SessionRecord
from agenteval.domain.static.stored_run import RunRecord
from agenteval.store import models

# The foreign keys' `*_id` columns are in `db_fields` only once the models are set up.
Tortoise.init_models(["agenteval.store.models"], "models")


@pytest.mark.parametrize(("record", "model"), [
    (RunRecord, models.Run), (EvalRecord, models.IntelligentEval),
    (SessionRecord, models.EvalSession), (MessageRecord, models.EvalMessage),
    (EventRecord, models.EvalEvent)])
def test_a_record_has_exactly_its_rows_columns(record: type, model: type[Model]
                                               ) -> None:
    assert {field.name for field in fields(record)} == set(model._meta.db_fields)
