from tortoise import migrations
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from uuid import uuid4
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0010_storable_text')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ScorecardRecord',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=80)),
                ('version', fields.IntField()),
                ('content_hash', fields.CharField(max_length=71)),
                ('document', fields.JSONField(encoder=JSON_DUMPS, decoder=loads)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'scorecards', 'app': 'models', 'unique_together': (('name', 'version'),), 'pk_attr': 'id', 'table_description': 'One version of a scorecard: its document as written (validated) and content hash.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='WordLibraryRecord',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=80)),
                ('version', fields.IntField()),
                ('content_hash', fields.CharField(max_length=71)),
                ('words', fields.JSONField(encoder=JSON_DUMPS, decoder=loads)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'word_libraries', 'app': 'models', 'unique_together': (('name', 'version'),), 'pk_attr': 'id', 'table_description': 'One version of a word library (sensitive / forbidden words).'},
            bases=['Model'],
        ),
    ]
