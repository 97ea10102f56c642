"""Indexes in the lists' orders, so a page walks them instead of sorting every row (issue 27).

Not on intelligent_evals: its order (created_at descending, id ascending) walks a
(created_at, id) index only in part, and where many evals share a created_at (the
bench's copies) the sort of the ties plus a row lookup each cost more than the scan.
"""

from tortoise import migrations
from tortoise.indexes import Index
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('models', '0005_turn_raw')]

    initial = False

    operations = [
        ops.AddIndex(model_name='Run',
                     index=Index(fields=('created_at', 'id'), name='runs_created_order')),
        ops.AddIndex(model_name='CaseOutcome',
                     index=Index(fields=('run_id', 'position', 'attempt'),
                                 name='case_outcomes_order')),
    ]
