from tortoise import migrations
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from uuid import uuid4
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0013_monitoring_partitions')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ReviewAnswerRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('item_id', fields.UUIDField(db_index=True)),
                ('reviewer', fields.CharField(max_length=260)),
                ('reviewer_key_id', fields.UUIDField()),
                ('answer', fields.JSONField(encoder=JSON_DUMPS, decoder=loads)),
                ('note', fields.TextField(null=True, unique=False)),
                ('seconds', fields.FloatField(null=True)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'review_answers', 'app': 'models', 'pk_attr': 'id', 'table_description': "One reviewer's answer to one item: the case level, each rubric entry, goal, finding."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ReviewAppealRow',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('item_id', fields.UUIDField(db_index=True)),
                ('appeal_item_id', fields.UUIDField()),
                ('verdict_source', fields.CharField(max_length=16)),
                ('appealed_verdict', fields.JSONField(encoder=JSON_DUMPS, decoder=loads)),
                ('appealed_reviewer_key_id', fields.UUIDField(null=True)),
                ('reason', fields.TextField(unique=False)),
                ('appealed_by', fields.CharField(max_length=260)),
                ('appealed_by_key_id', fields.UUIDField()),
                ('status', fields.CharField(default='OPEN', max_length=16)),
                ('overturned', fields.BooleanField(null=True)),
                ('decided_by', fields.CharField(null=True, max_length=260)),
                ('decided_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'review_appeals', 'app': 'models', 'pk_attr': 'id', 'table_description': "An appeal of an item's verdict (automatic or human) and how it was decided."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ReviewItemRow',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('queue_id', fields.UUIDField(db_index=True)),
                ('position', fields.IntField()),
                ('stage', fields.CharField(max_length=16)),
                ('parent_id', fields.UUIDField(null=True, db_index=True)),
                ('kind', fields.CharField(max_length=16)),
                ('target', fields.CharField(max_length=260)),
                ('run_id', fields.UUIDField(null=True)),
                ('eval_id', fields.UUIDField(null=True)),
                ('reasons', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('rubric', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('double_review', fields.BooleanField(default=False)),
                ('excluded_key_ids', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('status', fields.CharField(default='OPEN', max_length=16)),
                ('claimed_by_key_id', fields.UUIDField(null=True)),
                ('claimed_until', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('final', fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)),
                ('final_source', fields.CharField(null=True, max_length=16)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('done_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'review_items', 'app': 'models', 'pk_attr': 'id', 'table_description': 'One piece of work: a first review, a blind second review, an arbitration or an appeal.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ReviewPlanRow',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=200)),
                ('spec', fields.JSONField(encoder=JSON_DUMPS, decoder=loads)),
                ('created_by', fields.CharField(max_length=260)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'review_plans', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A sampling plan: which items of which runs and evals a queue gets (domain/review_queues).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ReviewQueueRow',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=200)),
                ('plan_id', fields.UUIDField(null=True)),
                ('sources', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('second_review_share', fields.FloatField(default=0.0)),
                ('reviewer_key_ids', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('created_by', fields.CharField(max_length=260)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'review_queues', 'app': 'models', 'pk_attr': 'id', 'table_description': 'Items to review, filled from a plan. reviewer_key_ids: the REVIEWER keys given it.'},
            bases=['Model'],
        ),
    ]
