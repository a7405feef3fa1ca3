"""The campaign's projections carry a rule system's values as the plug-in's ``attributes``
(JSON), not columns: the Steel War's columns of forces, squads, soldiers and scenarios move
into them, then go. (Days at the front or at rest were never stored:
``manage.py rebuild_campaign_projections`` fills them from the ledger.)"""
from django.db import migrations, models

SOLDIER = ("weapon", "armour", "quality", "specialties", "leadership", "traits")
SQUAD = ("quality", "traits")
SQUAD_RECORD = ("fire_given", "fire_taken", "morale_low")
FORCE = ("posture", "fatigue_points", "consecutive_battles", "fatigue")


#: What a column gets back when the JSON has no value for it (a squad that never fought has
#: no morale low point): the old column's default, so that it may be NOT NULL again.
BACK_DEFAULTS = {"morale_low": "", "fire_given": 0, "fire_taken": 0, "traits": {},
                 "specialties": [], "fatigue_points": 0, "consecutive_battles": 0}


def _move(model, columns, target="attributes", *, backwards=False):
    for row in model.objects.all().iterator():
        if backwards:
            values = getattr(row, target) or {}
            for column in columns:
                value = values.get(column)
                if value is None:
                    value = BACK_DEFAULTS.get(column)
                if value is not None:
                    setattr(row, column, value)
        else:
            setattr(row, target, {c: getattr(row, c) for c in columns})
        row.save(update_fields=list(columns) if backwards else [target])


def _immediate(schema_editor) -> None:
    """PostgreSQL checks the rows' deferred foreign keys now, so the same transaction may
    alter the tables afterwards (else: "pending trigger events")."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def forwards(apps, schema_editor):
    _immediate(schema_editor)
    _move(apps.get_model("campaign", "Soldier"), SOLDIER)
    _move(apps.get_model("campaign", "Squad"), SQUAD)
    _move(apps.get_model("campaign", "Squad"), SQUAD_RECORD, "record")
    _move(apps.get_model("campaign", "Force"), FORCE)
    Scenario = apps.get_model("campaign", "Scenario")
    for row in Scenario.objects.all().iterator():
        row.side_attributes = {force: {"motivation": m} for force, m in row.motivation.items()}
        row.save(update_fields=["side_attributes"])


def backwards(apps, schema_editor):
    _immediate(schema_editor)
    _move(apps.get_model("campaign", "Soldier"), SOLDIER, backwards=True)
    _move(apps.get_model("campaign", "Squad"), SQUAD, backwards=True)
    _move(apps.get_model("campaign", "Squad"), SQUAD_RECORD, "record", backwards=True)
    _move(apps.get_model("campaign", "Force"), FORCE, backwards=True)
    Scenario = apps.get_model("campaign", "Scenario")
    for row in Scenario.objects.all().iterator():
        row.motivation = {force: side.get("motivation")
                          for force, side in row.side_attributes.items()
                          if side.get("motivation")}
        row.save(update_fields=["motivation"])


class Migration(migrations.Migration):

    dependencies = [
        ("campaign", "0004_clubs_moved"),
    ]

    operations = [
        migrations.AddField(
            model_name="force", name="attributes",
            field=models.JSONField(blank=True, default=dict, verbose_name="attributes",
                                   help_text="the plug-in's force attributes and what it derives"),
        ),
        migrations.AddField(
            model_name="squad", name="attributes",
            field=models.JSONField(blank=True, default=dict, verbose_name="attributes",
                                   help_text="the plug-in's unit attributes"),
        ),
        migrations.AddField(
            model_name="squad", name="record",
            field=models.JSONField(blank=True, default=dict,
                                   help_text="the plug-in's totals of its battle reports"),
        ),
        migrations.AddField(
            model_name="soldier", name="attributes",
            field=models.JSONField(blank=True, default=dict, verbose_name="attributes",
                                   help_text="the plug-in's member attributes"),
        ),
        migrations.AddField(
            model_name="scenario", name="side_attributes",
            field=models.JSONField(blank=True, default=dict,
                                   help_text="force ref -> the plug-in's side attributes"),
        ),
        migrations.AlterField(
            model_name="squad", name="establishment",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="soldier", name="role",
            field=models.CharField(blank=True, max_length=40),
        ),
        # the old columns may be empty while the data moves back (a reversal re-adds them
        # before it fills them)
        *[migrations.AlterField(model_name=model, name=name, field=field) for model, name, field in (
            ("force", "posture", models.CharField(max_length=8, null=True)),
            ("force", "fatigue", models.CharField(max_length=12, null=True)),
            ("force", "fatigue_points", models.PositiveIntegerField(null=True)),
            ("force", "consecutive_battles", models.PositiveIntegerField(null=True)),
            ("squad", "quality", models.CharField(max_length=16, null=True)),
            ("squad", "morale_low", models.CharField(blank=True, max_length=16, null=True)),
            ("soldier", "weapon", models.CharField(max_length=40, null=True)),
            ("soldier", "armour", models.CharField(max_length=40, null=True)),
            ("soldier", "quality", models.CharField(max_length=16, null=True)),
        )],
        migrations.RunPython(forwards, backwards),
        *[migrations.RemoveField(model_name="soldier", name=n) for n in SOLDIER],
        *[migrations.RemoveField(model_name="squad", name=n) for n in SQUAD + SQUAD_RECORD],
        *[migrations.RemoveField(model_name="force", name=n) for n in FORCE],
        migrations.RemoveField(model_name="scenario", name="motivation"),
    ]
