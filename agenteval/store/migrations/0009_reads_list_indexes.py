"""Indexes in the lists' orders, so a page walks them instead of sorting every row (issue 27)."""

from tortoise import migrations
from tortoise.indexes import Index
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('models', '0004_leases')]

    initial = False

    operations = [
        ops.AddIndex(model_name='Run',
                     index=Index(fields=('created_at', 'id'), name='runs_created_order')),
        ops.AddIndex(model_name='CaseOutcome',
                     index=Index(fields=('run_id', 'position', 'attempt'),
                                 name='case_outcomes_order')),
        ops.AddIndex(model_name='IntelligentEval',
                     index=Index(fields=('created_at', 'id'),
                                 name='intelligent_evals_created_order')),
    ]
