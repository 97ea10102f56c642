"""Appeals of any verdict (issue 39 item 3), not only of items already in a queue.

`review_queues.appeals_of` names the run or eval ("run:<id>", "eval:<id>") whose
appeals queue this is; unique, so two processes opening the first appeal of one
run at once end with one queue (the loser of the insert reads the winner's).
`review_appeals.entry_key` is the rubric entry ("rule:<position>") when one judged
rule result is appealed rather than the whole verdict. Both nullable: additive.
"""

from tortoise import fields, migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('models', '0019_alignment_finished')]

    initial = False

    operations = [
        ops.AddField(model_name='ReviewQueueRow', name='appeals_of',
                     field=fields.CharField(max_length=80, null=True, unique=True)),
        ops.AddField(model_name='ReviewAppealRow', name='entry_key',
                     field=fields.CharField(max_length=260, null=True)),
    ]
