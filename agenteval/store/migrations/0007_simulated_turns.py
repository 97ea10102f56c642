from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Simulated cases (issue 25 item 3): who wrote each turn's user message, and why a
# simulated dialog ended. Nullable: turns and outcomes stored before have neither.


class Migration(migrations.Migration):
    dependencies = [('models', '0006_list_indexes')]

    initial = False

    operations = [
        ops.AddField(
            model_name='RunTurn',
            name='author',
            field=fields.CharField(max_length=16, null=True),
        ),
        ops.AddField(
            model_name='CaseOutcome',
            name='simulation',
            field=fields.JSONField(null=True),
        ),
    ]
