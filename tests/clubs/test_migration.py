"""The clubs move (``clubs`` 0001, ``battles`` 0007, ``campaign`` 0004): a database holding
the demo campaign, and a club made before the move, migrates from the state before the move
to the state after it and loses nothing -- clubs, members and roles keep their keys, and
campaigns and battles stay linked to them.

The demo is loaded through the services, which speak the current models; the database is
then migrated back to the state before the move (where the checks read it through the
historical ``campaign.Club``), a club is added there, and the move is applied again.
"""
from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from battles.selectors import battle_role
from campaign.selectors.campaigns import visible_campaigns
from campaign.services.ledger import state_of
from clubs.models import Club, Membership

pytestmark = pytest.mark.django_db(transaction=True)


def the_move(executor: MigrationExecutor) -> dict[str, tuple[str, str]]:
    """The move's migration in each app, found by name (their numbers may change)."""
    nodes = executor.loader.graph.nodes
    return {
        "clubs": ("clubs", "0001_initial"),
        "battles": next(k for k in nodes if k[0] == "battles" and k[1].endswith("_club_in_clubs_app")),
        "campaign": next(k for k in nodes if k[0] == "campaign" and k[1].endswith("_clubs_moved")),
    }


def before_the_move(executor: MigrationExecutor) -> list[tuple[str, str | None]]:
    """Migration targets just before the move: no clubs app, battles and campaign at the
    migration before theirs."""
    graph, move = executor.loader.graph, the_move(executor)
    targets: list[tuple[str, str | None]] = [("clubs", None)]
    for app in ("battles", "campaign"):
        parents = [p for p in graph.node_map[move[app]].parents if p.key[0] == app]
        targets.append(parents[0].key)
    return targets


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection)  # a fresh loader sees what is applied now


def applied_apps(executor: MigrationExecutor):
    """The models as the applied migrations left them (historical models)."""
    loader = executor.loader
    return loader.project_state([k for k in loader.applied_migrations if k in loader.graph.nodes]).apps


def rows(apps, club_app: str) -> dict:
    """Everything the move must keep, read through ``apps`` (historical or current)."""
    club = apps.get_model(club_app, "Club")
    membership = apps.get_model(club_app, "Membership")
    campaign = apps.get_model("campaign", "Campaign")
    battle = apps.get_model("battles", "Battle")
    link = apps.get_model("campaign", "CampaignBattle")
    return {
        "clubs": sorted(club.objects.values_list("pk", "name", "slug")),
        "members": sorted(membership.objects.values_list("pk", "club__slug", "user__username",
                                                          "role")),
        "campaigns": sorted(campaign.objects.values_list("pk", "name", "club__slug")),
        "battles": sorted(battle.objects.values_list("pk", "name", "club__slug", "status")),
        "campaign battles": sorted(link.objects.values_list("battle_id", "campaign__club__slug",
                                                            "battle__club__slug")),
    }


def test_the_demo_campaign_survives_the_move_of_clubs():
    # the Steel War's: older schemas held its attributes in columns of their own
    call_command("load_demo", rule_system="steelwar")
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    after = rows(applied_apps(executor), "clubs")
    club_type = ContentType.objects.get_by_natural_key("clubs", "club").pk
    assert len(after["members"]) == 3 and len(after["battles"]) == 2 and after["campaigns"]

    old = before_the_move(executor)
    try:
        executor = migrate(old)
        old_apps = applied_apps(executor)
        assert not any(app == "clubs" for app, _name in executor.loader.applied_migrations)
        assert rows(old_apps, "campaign") == after
        content_type = old_apps.get_model("contenttypes", "ContentType")
        assert content_type.objects.get(app_label="campaign", model="club").pk == club_type
        old_club = old_apps.get_model("campaign", "Club").objects.create(
            name="Old Guard", slug="old-guard")
        user = old_apps.get_model("auth", "User").objects.get(username="alice")
        old_apps.get_model("campaign", "Membership").objects.create(
            club=old_club, user=user, role="organizer")
    finally:
        executor = migrate(leaves)

    moved = rows(applied_apps(executor), "clubs")
    assert moved["clubs"] == sorted([*after["clubs"], (old_club.pk, "Old Guard", "old-guard")])
    assert [m for m in moved["members"] if m[1] != "old-guard"] == after["members"]
    assert {k: v for k, v in moved.items() if k not in ("clubs", "members")} == {
        k: v for k, v in after.items() if k not in ("clubs", "members")}
    assert ContentType.objects.get_by_natural_key("clubs", "club").pk == club_type
    assert not ContentType.objects.filter(app_label="campaign", model="club").exists()

    # the current code works on the moved rows: roles, visibility, the ledger, new keys
    organizer = Membership.objects.get(role="organizer", club__slug=after["clubs"][0][2]).user
    campaign = visible_campaigns(user=organizer).get()
    assert state_of(campaign_id=campaign.pk).scenarios
    assert {battle_role(user=organizer, battle=b) for b in campaign.club.battles.all()} == {
        "organizer"}
    assert Membership.objects.get(club__slug="old-guard").user.username == "alice"
    newer = Club.objects.create(name="After the move", slug="after")
    assert newer.pk > max(pk for pk, _name, _slug in moved["clubs"])
    Membership.objects.create(club=newer, user=organizer, role="player")
