from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from uuid import uuid4
from tortoise import fields

# Logged conversations judged offline (issue 26 item 2): the sets, and the runs that
# judged one (`offline`, with the set's id; no foreign key: a deleted set keeps its runs).


class Migration(migrations.Migration):
    dependencies = [('models', '0007_simulated_turns')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ConversationSet',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=200)),
                ('source_format', fields.CharField(max_length=16)),
                ('dialogs', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('dialog_count', fields.IntField(default=0)),
                ('turn_count', fields.IntField(default=0)),
                ('total_in_document', fields.IntField(default=0)),
                ('skipped', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('redacted', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'conversation_sets', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A conversation log as imported: its dialogs (user turns with the logged replies),'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='Run',
            name='offline',
            field=fields.BooleanField(default=False, db_default=False),
        ),
        ops.AddField(
            model_name='Run',
            name='conversation_set_id',
            field=fields.UUIDField(null=True),
        ),
    ]
