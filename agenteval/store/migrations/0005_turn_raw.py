from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Per-turn raw responses (issue 25): what the target sent, as decoded, for the case view
# and for rules over the raw JSON. Nullable: turns stored before it have none.


class Migration(migrations.Migration):
    dependencies = [('models', '0004_leases')]

    initial = False

    operations = [
        ops.AddField(
            model_name='RunTurn',
            name='raw_response',
            field=fields.JSONField(null=True),
        ),
        ops.AddField(
            model_name='RunTurn',
            name='tool_calls',
            field=fields.JSONField(null=True),
        ),
    ]
