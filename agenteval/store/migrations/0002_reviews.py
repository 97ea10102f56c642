from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0001_initial')]

    initial = False

    operations = [
        ops.CreateModel(
            name='HumanReviewRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('run_id', fields.UUIDField(null=True, db_index=True)),
                ('eval_id', fields.UUIDField(null=True, db_index=True)),
                ('target', fields.CharField(max_length=260)),
                ('reviewer', fields.CharField(max_length=260)),
                ('reviewer_key_id', fields.UUIDField()),
                ('note', fields.TextField(null=True, unique=False)),
                ('decision', fields.CharField(null=True, max_length=16)),
                ('success_level', fields.CharField(null=True, max_length=16)),
                ('goal_achieved', fields.BooleanField(null=True)),
                ('machine_label', fields.CharField(null=True, max_length=32)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'human_reviews', 'app': 'models', 'pk_attr': 'id', 'table_description': "One reviewer's judgement of a case attempt, a report finding or a session verdict."},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='ApiKey',
            name='revoked_by',
            field=fields.CharField(null=True, max_length=260),
        ),
        ops.AddField(
            model_name='Run',
            name='cancelled_by',
            field=fields.CharField(null=True, max_length=260),
        ),
        ops.AddField(
            model_name='Run',
            name='started_by',
            field=fields.CharField(null=True, max_length=260),
        ),
    ]
