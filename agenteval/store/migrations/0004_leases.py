from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0003_webhooks_usage')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Lease',
            fields=[
                ('name', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=200)),
                ('owner', fields.CharField(default='', max_length=200)),
                ('epoch', fields.BigIntField(default=0)),
                ('expires_at', fields.FloatField(default=0.0, db_index=True)),
            ],
            options={'table': 'leases', 'app': 'models', 'pk_attr': 'name', 'table_description': 'One named piece of work, its owner, its fencing epoch and its expiry.'},
            bases=['Model'],
        ),
    ]
