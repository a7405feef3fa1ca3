from django.db import migrations


class Migration(migrations.Migration):
    """One name for one thing: a battle's ``rule_system``/``rule_version``, as a campaign's."""

    dependencies = [
        ("battles", "0007_idempotent_response_without_status"),
    ]

    operations = [
        migrations.RenameField("battle", "rules_system", "rule_system"),
        migrations.RenameField("battle", "rules_version", "rule_version"),
    ]
