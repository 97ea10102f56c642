"""Alignment attempts run in the background: `finished_at` says when one ended.

An attempt is recorded RUNNING when `alignJudge` answers and finishes later (ADOPTED,
REJECTED, REFUSED or FAILED); the decision column already holds any of these words.
Rows written before this migration keep NULL (they were finished when written).
"""

from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields


class Migration(migrations.Migration):
    dependencies = [('models', '0018_search')]

    initial = False

    operations = [
        ops.AddField(
            model_name='AlignmentRow',
            name='finished_at',
            field=fields.DatetimeField(null=True, auto_now=False, auto_now_add=False),
        ),
    ]
