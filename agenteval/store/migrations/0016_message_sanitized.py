from tortoise import migrations
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from tortoise import fields

# Issue 36: a session's reply says what was replaced to store it (lone_surrogate, nul),
# as a static run's turn does since 0010.


class Migration(migrations.Migration):
    dependencies = [('models', '0015_judge_revisions')]

    initial = False

    operations = [
        ops.AddField(
            model_name='EvalMessage',
            name='sanitized',
            field=fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads),
        ),
    ]
