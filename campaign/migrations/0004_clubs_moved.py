"""Clubs and memberships now live in the ``clubs`` app (``clubs`` 0001 renamed their tables,
rows and primary keys kept): a campaign's club is ``clubs.Club``, and the campaign app's
own ``Club`` and ``Membership`` leave the state. State only: nothing in the database
changes here.
"""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("campaign", "0003_outbox"),
        ("clubs", "0001_initial"),
        ("battles", "0009_club_in_clubs_app"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="campaign",
                    name="club",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="campaigns", to="clubs.club"),
                ),
                migrations.DeleteModel(name="Membership"),
                migrations.DeleteModel(name="Club"),
            ],
        ),
    ]
