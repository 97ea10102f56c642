from tortoise import migrations
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from uuid import uuid4
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0014_review_queues')]

    initial = False

    operations = [
        ops.CreateModel(
            name='AlignmentRow',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('rule_type', fields.CharField(max_length=64)),
                ('language', fields.CharField(max_length=8)),
                ('judge_model', fields.CharField(max_length=200)),
                ('strategy', fields.CharField(max_length=32)),
                ('seed', fields.BigIntField()),
                ('decision', fields.CharField(max_length=16)),
                ('reason', fields.TextField(unique=False)),
                ('reviewed', fields.IntField(default=0)),
                ('corrections', fields.IntField(default=0)),
                ('held_out', fields.IntField(default=0)),
                ('split', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('candidate_examples', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('measurement', fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)),
                ('base_revision', fields.IntField(null=True)),
                ('adopted_revision', fields.IntField(null=True)),
                ('created_by', fields.CharField(null=True, max_length=260)),
                ('created_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'judge_alignments', 'app': 'models', 'pk_attr': 'id', 'table_description': 'One "align" attempt: split, strategy, κ before/after with intervals, decision.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='JudgeDriftAlertRow',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('rule_type', fields.CharField(max_length=64)),
                ('language', fields.CharField(max_length=8)),
                ('agreement', fields.FloatField()),
                ('kappa', fields.FloatField(null=True)),
                ('window', fields.IntField()),
                ('threshold', fields.FloatField()),
                ('is_open', fields.BooleanField(default=True)),
                ('open_key', fields.CharField(null=True, unique=True, max_length=80)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('closed_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'judge_drift_alerts', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A κ drift alert sent for (rule type, language), open until agreement recovers.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='JudgeRevisionRow',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('rule_type', fields.CharField(max_length=64)),
                ('language', fields.CharField(max_length=8)),
                ('judge_model', fields.CharField(max_length=200)),
                ('number', fields.IntField()),
                ('examples', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('alignment_id', fields.UUIDField(null=True)),
                ('active', fields.BooleanField(default=False)),
                ('created_by', fields.CharField(null=True, max_length=260)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('activated_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'judge_revisions', 'app': 'models', 'unique_together': (('rule_type', 'language', 'judge_model', 'number'),), 'pk_attr': 'id', 'table_description': 'One revision of the examples overlay of (rule type, language, judge model).'},
            bases=['Model'],
        ),
    ]
