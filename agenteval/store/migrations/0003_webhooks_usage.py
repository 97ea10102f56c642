from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from uuid import uuid4
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0002_reviews')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ModelUsage',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('run', fields.ForeignKeyField('models.Run', source_field='run_id', null=True, db_constraint=True, to_field='id', related_name='model_usage', on_delete=OnDelete.CASCADE)),
                ('eval', fields.ForeignKeyField('models.IntelligentEval', source_field='eval_id', null=True, db_constraint=True, to_field='id', related_name='model_usage', on_delete=OnDelete.CASCADE)),
                ('role', fields.CharField(max_length=16)),
                ('model', fields.CharField(max_length=200)),
                ('cached', fields.BooleanField(default=False)),
                ('prompt_tokens', fields.IntField(default=0)),
                ('completion_tokens', fields.IntField(default=0)),
                ('at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'model_usage', 'app': 'models', 'pk_attr': 'id', 'table_description': "One model call's tokens (`cached`: an answer the response cache gave, no call made)."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Webhook',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=200)),
                ('url', fields.TextField(unique=False)),
                ('format', fields.CharField(max_length=16)),
                ('events', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('last_delivery_ok', fields.BooleanField(null=True)),
                ('last_delivery_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('last_error', fields.TextField(null=True, unique=False)),
            ],
            options={'table': 'webhooks', 'app': 'models', 'pk_attr': 'id', 'table_description': 'Where notifications go. `url` is a secret: the API never reads it back.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='WebhookDelivery',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('webhook', fields.ForeignKeyField('models.Webhook', source_field='webhook_id', db_constraint=True, to_field='id', related_name='deliveries', on_delete=OnDelete.CASCADE)),
                ('event', fields.CharField(max_length=32)),
                ('subject_id', fields.CharField(max_length=64)),
                ('detail', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('payload', fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('status', fields.CharField(default='PENDING', db_index=True, max_length=16)),
                ('attempts', fields.IntField(default=0)),
                ('next_attempt_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('delivered_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('last_error', fields.TextField(null=True, unique=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'webhook_deliveries', 'app': 'models', 'pk_attr': 'id', 'table_description': 'An event to deliver to one webhook, written in the transaction of the change it reports.'},
            bases=['Model'],
        ),
    ]
