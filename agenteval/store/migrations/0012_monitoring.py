from tortoise import migrations
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.base import OnDelete
from tortoise.fields.data import JSON_DUMPS
from uuid import uuid4
from tortoise import fields
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('models', '0011_scorecards')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Monitor',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(unique=True, max_length=200)),
                ('source_id', fields.UUIDField(null=True)),
                ('metadata_match', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('judge', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('red_lines', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('sample_rate', fields.FloatField(default=1.0)),
                ('stratify_by', fields.CharField(null=True, max_length=100)),
                ('daily_model_budget', fields.IntField(null=True)),
                ('active', fields.BooleanField(default=True)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'monitors', 'app': 'models', 'pk_attr': 'id', 'table_description': "What to judge among a source's conversations and how often."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MonitorAlert',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('monitor_id', fields.UUIDField(db_index=True)),
                ('kind', fields.CharField(max_length=16)),
                ('conversation_id', fields.UUIDField(null=True)),
                ('rule_type', fields.CharField(null=True, max_length=64)),
                ('detail', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('state', fields.CharField(default='OPEN', max_length=16)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'monitor_alerts', 'app': 'models', 'pk_attr': 'id', 'table_description': "An alert sent (through the webhooks' outbox) about a red line or a drop."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MonitorVerdict',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('monitor_id', fields.UUIDField()),
                ('conversation_id', fields.UUIDField(db_index=True)),
                ('version', fields.IntField()),
                ('status', fields.CharField(max_length=16)),
                ('passed', fields.BooleanField(null=True)),
                ('success_level', fields.CharField(null=True, max_length=16)),
                ('score', fields.FloatField(null=True)),
                ('results', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('model_judged', fields.BooleanField(default=False)),
                ('error', fields.TextField(null=True, unique=False)),
                ('judged_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'monitor_verdicts', 'app': 'models', 'unique_together': (('monitor_id', 'conversation_id', 'version'),), 'pk_attr': 'id', 'table_description': "A monitor's judgement of one version of a conversation (the old ones are kept)."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MonitoredSource',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('name', fields.CharField(unique=True, max_length=200)),
                ('target_id', fields.UUIDField(null=True)),
                ('quiet_period_s', fields.FloatField(default=300.0)),
                ('masking', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('retention_days', fields.FloatField(null=True)),
                ('pseudonym_key', fields.CharField(max_length=64)),
                ('auto_created', fields.BooleanField(default=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'monitored_sources', 'app': 'models', 'pk_attr': 'id', 'table_description': 'Where production conversations come from, created by an OPERATOR or on first ingest.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MonitoredConversation',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('source', fields.ForeignKeyField('models.MonitoredSource', source_field='source_id', db_constraint=True, to_field='id', related_name='conversations', on_delete=OnDelete.CASCADE)),
                ('external_id', fields.CharField(max_length=200)),
                ('first_seen_day', fields.DateField()),
                ('first_seen_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('last_turn_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('turn_count', fields.IntField(default=0)),
                ('metadata', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('status', fields.CharField(default='OPEN', max_length=8)),
                ('ended', fields.BooleanField(default=False)),
                ('version', fields.IntField(default=0)),
                ('claimed_by', fields.CharField(null=True, max_length=64)),
                ('claimed_until', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('inferred', fields.BooleanField(default=False)),
            ],
            options={'table': 'monitored_conversations', 'app': 'models', 'unique_together': (('source', 'external_id'),), 'indexes': [Index(fields=['status', 'last_turn_at'])], 'pk_attr': 'id', 'table_description': 'One production conversation. `version` counts the times it closed (a late turn'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MonitoredTurn',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('conversation_id', fields.UUIDField()),
                ('first_seen_day', fields.DateField()),
                ('message_key', fields.CharField(max_length=200)),
                ('position', fields.IntField(null=True)),
                ('role', fields.CharField(max_length=16)),
                ('content', fields.TextField(unique=False)),
                ('sent_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('received_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('latency_ms', fields.IntField(null=True)),
                ('raw_response', fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)),
                ('tool_calls', fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)),
                ('metadata', fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)),
                ('personal_data', fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)),
                ('red_line_pending', fields.BooleanField(default=False)),
            ],
            options={'table': 'monitored_turns', 'app': 'models', 'unique_together': (('conversation_id', 'message_key', 'first_seen_day'),), 'indexes': [Index(fields=['red_line_pending', 'received_at'])], 'pk_attr': 'id', 'table_description': 'One message of a conversation as stored: masked, made storable.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='RedLineHit',
            fields=[
                ('id', fields.UUIDField(primary_key=True, default=uuid4, unique=True, db_index=True)),
                ('monitor_id', fields.UUIDField()),
                ('conversation_id', fields.UUIDField(db_index=True)),
                ('rule_type', fields.CharField(max_length=64)),
                ('turn_position', fields.IntField()),
                ('quote', fields.TextField(unique=False)),
                ('detail', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('turn_received_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'red_line_hits', 'app': 'models', 'unique_together': (('monitor_id', 'conversation_id', 'rule_type'),), 'pk_attr': 'id', 'table_description': 'A red line crossed in a conversation: at most one per monitor, conversation and'},
            bases=['Model'],
        ),
    ]
