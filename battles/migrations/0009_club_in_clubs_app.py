"""A battle's club is ``clubs.Club`` (moved from the campaign app by ``clubs`` 0001).

State only: the foreign key already points at the renamed table, rows untouched.
"""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("battles", "0008_rule_system_and_version"),
        ("clubs", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="battle",
                    name="club",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="battles", to="clubs.club"),
                ),
            ],
        ),
    ]
