"""Clubs and memberships move here from the campaign app, rows and all.

The tables are renamed (``campaign_club`` -> ``clubs_club``, ``campaign_membership`` ->
``clubs_membership``), not copied: every row keeps its primary key, and the foreign keys of
memberships, campaigns and battles follow the rename on both databases (PostgreSQL's
constraints refer to the table, not its name; SQLite >= 3.26 rewrites the references on
``ALTER TABLE ... RENAME``).
The state gains ``clubs.Club`` and ``clubs.Membership`` on the same tables; ``battles``
0007 and ``campaign`` 0004 point their foreign keys at them and drop the old models from
the state only. The content types (and so the admin permissions and log entries) move along.
"""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("club", "membership")


class AlterCampaignTable(migrations.AlterModelTable):
    """``AlterModelTable`` of a model of the campaign app: its table is renamed and, from
    here on, the state says so too (a migration of another app that runs between this one
    and ``campaign`` 0004 -- a SQLite table rebuild pointing at the club -- sees the real
    table)."""

    def state_forwards(self, app_label, state):
        super().state_forwards("campaign", state)

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        super().database_forwards("campaign", schema_editor, from_state, to_state)


def move_content_types(source: str, target: str):
    def move(apps, schema_editor):
        content_type = apps.get_model("contenttypes", "ContentType")
        rows = content_type.objects.using(schema_editor.connection.alias)
        for model in MODELS:
            if not rows.filter(app_label=target, model=model).exists():
                rows.filter(app_label=source, model=model).update(app_label=target)
    return move


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("campaign", "0003_outbox"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        AlterCampaignTable(name="club", table="clubs_club"),
        AlterCampaignTable(name="membership", table="clubs_membership"),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Club",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("name", models.CharField(max_length=120, unique=True, verbose_name="name")),
                        ("slug", models.SlugField(max_length=120, unique=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        "verbose_name": "club",
                        "verbose_name_plural": "clubs",
                        "ordering": ["name"],
                    },
                ),
                migrations.CreateModel(
                    name="Membership",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("role", models.CharField(choices=[("organizer", "organizer"), ("player", "player")], default="player", max_length=16)),
                        ("joined_at", models.DateTimeField(auto_now_add=True)),
                        ("club", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="memberships", to="clubs.club")),
                        ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="memberships", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "verbose_name": "membership",
                        "verbose_name_plural": "memberships",
                        "constraints": [models.UniqueConstraint(fields=("club", "user"), name="one_membership_per_club")],
                    },
                ),
            ],
        ),
        migrations.RunPython(
            move_content_types("campaign", "clubs"), move_content_types("clubs", "campaign")
        ),
    ]
