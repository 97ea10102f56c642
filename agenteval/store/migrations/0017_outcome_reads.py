"""A page of a run's outcomes without scans (issue 36: p50 ≤ 15 ms at 10,000 outcomes).

`run_turns` and `rule_results` had no index on `outcome_id`: the page's turns and
results (`outcome_id IN (…50 ids)`) scanned every turn and result of every run (10 and
9 ms at 10,000 outcomes on SQLite, growing with the database). `case_outcomes.tags` keeps
the case's tags with its outcome, so the page no longer walks the run's whole case
snapshot (2.5 MB at 10,000 cases: 48 ms of SQLite `json_each`) for fifty of them; rows
written before this migration keep NULL and are read from the snapshot as before.
"""

from tortoise import migrations
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from tortoise import fields
from tortoise.indexes import Index


class Migration(migrations.Migration):
    dependencies = [('models', '0016_message_sanitized')]

    initial = False

    operations = [
        ops.AddField(
            model_name='CaseOutcome',
            name='tags',
            field=fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads),
        ),
        ops.AddIndex(model_name='RunTurn',
                     index=Index(fields=('outcome_id', 'index'), name='run_turns_outcome_order')),
        ops.AddIndex(model_name='RuleResultRow',
                     index=Index(fields=('outcome_id', 'position'),
                                 name='rule_results_outcome_order')),
    ]
