"""Any ledger entry a person entered can be amended (issue 19): each kind of the core and of
the Steel War's plug-in is amended, checked by the command that recorded it on the campaign
as it stood just before it, and the fold reads it amended (the head state and a fresh fold
agree, projections and as-of views follow); bad amendments are refused naming the field and
change nothing; entries nobody typed say why they cannot be amended."""
import pytest

from campaign.ledger.fold import fold
from campaign.models import HistoryEntry
from campaign.services import campaigns, corrections, forces, scenarios, soldiers
from campaign.services.ledger import ledger_of, state_of
from campaign.services.projection import project_campaign, rebuild_campaign
from campaign.systems.steelwar import services as steelwar
from config.api_errors import domain_status
from config.errors import DomainError

pytestmark = pytest.mark.django_db

RIFLEMAN = {"weapon": "rifle", "armour": "human", "quality": "regular"}


def refusal(call) -> tuple[int, str, str | None]:
    with pytest.raises(DomainError) as error:
        call()
    return domain_status(error.value), error.value.code, error.value.field


def _version(recorded) -> int:
    return recorded.events[0].version


def _amend(campaign, people, version, data, reason="typed wrong"):
    return corrections.amend_entry(user=people["org"], campaign=campaign,
                                   target_version=version, data=data, reason=reason)


@pytest.fixture
def more(campaign, people, armies):
    """A company and two platoons in Steel, a second Steel squad, a planned scenario."""
    alice, org = people["alice"], people["org"]
    steel = armies["steel"]["force"]
    company = forces.raise_formation(user=alice, campaign=campaign, force_id=steel,
                                     level="company", name="1st company")
    company_id = company.events[0].data["formation_id"]
    platoons = [forces.raise_formation(user=alice, campaign=campaign, force_id=steel,
                                       level="platoon", name=f"{n} platoon",
                                       parent_id=company_id).events[0].data["formation_id"]
                for n in ("1st", "2nd")]
    company2 = forces.raise_formation(user=alice, campaign=campaign, force_id=steel,
                                      level="company", name="2nd company"
                                      ).events[0].data["formation_id"]
    second = forces.raise_squad(user=alice, campaign=campaign, force_id=steel,
                                name="Steel 2nd", establishment=6,
                                attributes={"quality": "regular"}).events[0].data["squad_id"]
    scenario = scenarios.plan_scenario(
        user=org, campaign=campaign, name="River crossing",
        force_ids=[steel, armies["keno"]["force"]]).events[0].data["scenario_id"]
    return {"company": company_id, "company2": company2, "platoons": platoons, "second": second,
            "scenario": scenario}


def _cases():
    """(name, record the entry -> its version, the amendment, what the state then shows)."""

    def squad_of(state, ref):
        return state.squads[ref]

    return [
        ("calendar", lambda c, p, a, m: _version(campaigns.advance_calendar(
            user=p["org"], campaign=c, days=30)),
         {"days": 3}, lambda s, a, m: (s.date - s.start_date).days == 4),  # and the 1 after
        ("house rules", lambda c, p, a, m: _version(campaigns.change_house_rules(
            user=p["org"], campaign=c, changes={"fatigue": {"tired_at": 4}})),
         {"house_rules": {"fatigue": {"tired_at": 5}}},
         lambda s, a, m: s.house_rules.fatigue.tired_at == 5),
        ("battle options", lambda c, p, a, m: _version(campaigns.set_battle_options(
            user=p["org"], campaign=c, options={"mixed_path_terrain": "per_segment"})),
         {"options": {"wheeled_bushes": "impassable"}},
         lambda s, a, m: s.battle_options == {"wheeled_bushes": "impassable"}),
        ("force raised", lambda c, p, a, m: 2, {"name": "Iron", "faction": "Steel"},
         lambda s, a, m: (s.forces[a["steel"]["force"]].name,
                          s.forces[a["steel"]["force"]].faction) == ("Iron", "Steel")),
        ("formation raised", lambda c, p, a, m: _formation_entry(c, m["company"]),
         {"name": "Guards company"},
         lambda s, a, m: s.formations[m["company"]].name == "Guards company"),
        ("formation amended", lambda c, p, a, m: _version(forces.amend_formation(
            user=p["alice"], campaign=c, formation_id=m["company"],
            changes={"name": "Guard company"})),
         {"changes": {"name": "Guards company"}},
         lambda s, a, m: s.formations[m["company"]].name == "Guards company"),
        ("formation commander", _formation_commander,
         {"soldier_id": "steel commander"},
         lambda s, a, m: s.formations[m["company"]].commander_id == a["steel"]["soldiers"][0]),
        ("formation reattached", lambda c, p, a, m: _version(forces.reattach_formation(
            user=p["alice"], campaign=c, formation_id=m["platoons"][0],
            to_parent_id=m["company2"])),
         {"to_parent_id": None},
         lambda s, a, m: s.formations[m["platoons"][0]].parent_id is None),
        ("squad raised", lambda c, p, a, m: _squad_entry(c, m["second"]),
         {"name": "Assault group", "establishment": 4, "formation_id": "platoon",
          "attributes": {"quality": "veteran"}},
         lambda s, a, m: (squad_of(s, m["second"]).name, squad_of(s, m["second"]).establishment,
                          squad_of(s, m["second"]).formation_id,
                          squad_of(s, m["second"]).attributes["quality"]) == (
             "Assault group", 4, m["platoons"][0], "veteran")),
        ("squad amended", lambda c, p, a, m: _version(forces.amend_squad(
            user=p["alice"], campaign=c, squad_id=m["second"], changes={"establishment": 5})),
         {"changes": {"establishment": 3}},
         lambda s, a, m: squad_of(s, m["second"]).establishment == 3),
        ("squad transferred", lambda c, p, a, m: _version(forces.transfer_squad(
            user=p["alice"], campaign=c, squad_id=m["second"],
            to_formation_id=m["platoons"][0])),
         {"to_formation_id": "platoon 2"},
         lambda s, a, m: squad_of(s, m["second"]).formation_id == m["platoons"][1]),
        ("recruited", lambda c, p, a, m: _version(soldiers.recruit_soldier(
            user=p["alice"], campaign=c, force_id=a["steel"]["force"], name="Private Late",
            role="rifleman", squad_id=None, attributes=RIFLEMAN)),
         {"name": "Private Early", "squad_id": "second",
          "attributes": {**RIFLEMAN, "weapon": "smg"}},
         lambda s, a, m: [(x.name, x.squad_id, x.attributes["weapon"])
                          for x in s.soldiers.values() if x.name.startswith("Private")] == [
             ("Private Early", m["second"], "smg")]),
        ("replacement", lambda c, p, a, m: _version(soldiers.add_replacement(
            user=p["org"], campaign=c, squad_id=m["second"], name="Private Spare",
            role="rifleman", attributes=RIFLEMAN)),
         {"name": "Private Fresh"},
         lambda s, a, m: [x.name for x in s.soldiers.values()
                          if x.squad_id == m["second"]] == ["Private Fresh"]),
        ("soldier amended", lambda c, p, a, m: _version(soldiers.amend_soldier(
            user=p["alice"], campaign=c, soldier_id=a["steel"]["soldiers"][2],
            changes={"name": "Ivan"})),
         {"changes": {"name": "Pyotr", "attributes": {"weapon": "smg"}}},
         lambda s, a, m: (s.soldiers[a["steel"]["soldiers"][2]].name,
                          s.soldiers[a["steel"]["soldiers"][2]].attributes["weapon"]) == (
             "Pyotr", "smg")),
        ("soldier transferred", lambda c, p, a, m: _version(soldiers.transfer_soldier(
            user=p["alice"], campaign=c, soldier_id=a["steel"]["soldiers"][3],
            to_squad_id=None)),
         {"to_squad_id": "second"},
         lambda s, a, m: s.soldiers[a["steel"]["soldiers"][3]].squad_id == m["second"]),
        ("died", lambda c, p, a, m: _version(soldiers.record_death(
            user=p["org"], campaign=c, soldier_id=a["keno"]["soldiers"][3], cause="sentry")),
         {"cause": "a mine"}, lambda s, a, m: s.soldiers[a["keno"]["soldiers"][3]].status
         == "dead"),
        ("captured", lambda c, p, a, m: _version(soldiers.record_capture(
            user=p["org"], campaign=c, soldier_id=a["keno"]["soldiers"][4])),
         {"by_force_id": "steel"},
         lambda s, a, m: s.soldiers[a["keno"]["soldiers"][4]].held_by_force_id
         == a["steel"]["force"]),
        ("exchanged", lambda c, p, a, m: _exchange(c, p, a),
         {"soldier_ids": ["keno 5"]},
         lambda s, a, m: (s.soldiers[a["keno"]["soldiers"][4]].status,
                          s.soldiers[a["keno"]["soldiers"][5]].status) == ("captured", "fit")),
        ("scenario planned", lambda c, p, a, m: _scenario_entry(c, m["scenario"]),
         {"name": "Bridge at dawn", "description": "fog"},
         lambda s, a, m: (s.scenarios[m["scenario"]].name,
                          s.scenarios[m["scenario"]].description) == ("Bridge at dawn", "fog")),
        ("units picked", lambda c, p, a, m: _version(scenarios.pick_units(
            user=p["alice"], campaign=c, scenario_id=m["scenario"],
            force_id=a["steel"]["force"], squads=[{"squad_id": a["steel"]["squad"]}])),
         {"squads": [{"squad_id": "steel squad", "soldier_ids": ["steel 0", "steel 1"]}]},
         lambda s, a, m: s.scenarios[m["scenario"]].picks[a["steel"]["force"]] == (
             (a["steel"]["squad"], tuple(a["steel"]["soldiers"][:2])),)),
        ("leadership", lambda c, p, a, m: _version(steelwar.change_leadership(
            user=p["org"], campaign=c, soldier_id=a["steel"]["soldiers"][0], leadership=1)),
         {"leadership": 3},
         lambda s, a, m: s.soldiers[a["steel"]["soldiers"][0]].attributes["leadership"] == 3),
        ("motivation", lambda c, p, a, m: _version(steelwar.set_motivation(
            user=p["org"], campaign=c, scenario_id=m["scenario"],
            force_id=a["steel"]["force"], motivation="low")),
         {"motivation": "high"},
         lambda s, a, m: s.scenarios[m["scenario"]].side_attributes[a["steel"]["force"]][
             "motivation"] == "high"),
    ]


def _entry_of(campaign, event_type, key, value) -> int:
    return next(e.version for e in ledger_of(campaign_id=campaign.pk)
                if e.type == event_type and e.data.get(key) == value)


def _formation_entry(campaign, formation_id):
    return _entry_of(campaign, "formation.raised", "formation_id", formation_id)


def _squad_entry(campaign, squad_id):
    return _entry_of(campaign, "squad.raised", "squad_id", squad_id)


def _scenario_entry(campaign, scenario_id):
    return _entry_of(campaign, "scenario.planned", "scenario_id", scenario_id)


def _formation_commander(campaign, people, armies, more):
    soldiers.amend_soldier(user=people["alice"], campaign=campaign,
                           soldier_id=armies["steel"]["soldiers"][1],
                           changes={"attributes": {"leadership": 3}})
    return _version(forces.assign_formation_commander(
        user=people["alice"], campaign=campaign, formation_id=more["company"],
        soldier_id=armies["steel"]["soldiers"][1]))


def _exchange(campaign, people, armies):
    for n in (4, 5):
        soldiers.record_capture(user=people["org"], campaign=campaign,
                                soldier_id=armies["keno"]["soldiers"][n],
                                by_force_id=armies["steel"]["force"])
    return _version(soldiers.exchange_prisoners(user=people["org"], campaign=campaign,
                                                soldier_ids=[armies["keno"]["soldiers"][4]]))


def _resolve(value, armies, more):
    """Names in a case's amendment -> the ids the fixtures handed out."""
    names = {"steel commander": armies["steel"]["soldiers"][0], "company": more["company"],
             "platoon": more["platoons"][0], "platoon 2": more["platoons"][1],
             "second": more["second"], "steel": armies["steel"]["force"],
             "keno 5": armies["keno"]["soldiers"][5], "steel squad": armies["steel"]["squad"],
             "steel 0": armies["steel"]["soldiers"][0],
             "steel 1": armies["steel"]["soldiers"][1]}
    if isinstance(value, dict):
        return {k: _resolve(v, armies, more) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, armies, more) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


CASES = _cases()


@pytest.mark.parametrize("name, record, data, check", CASES, ids=[c[0] for c in CASES])
def test_each_kind_is_amended_and_the_fold_reads_it_amended(
        campaign, people, armies, more, name, record, data, check):
    target = record(campaign, people, armies, more)
    campaigns.advance_calendar(user=people["org"], campaign=campaign, days=1)  # a later entry
    project_campaign(campaign_id=campaign.pk)
    amended = _amend(campaign, people, target, _resolve(data, armies, more))
    (event,) = amended.events
    assert event.type == "entry.amended" and event.data["target_version"] == target
    state = state_of(campaign_id=campaign.pk)
    assert check(state, armies, more), name
    assert fold(ledger_of(campaign_id=campaign.pk)) == state  # a fresh fold agrees
    project_campaign(campaign_id=campaign.pk)
    rows = HistoryEntry.objects.filter(campaign=campaign, version=target)
    assert rows and all(r.amended_by == event.version for r in rows)
    incremental = sorted(HistoryEntry.objects.filter(campaign=campaign)
                         .values_list("version", "seq", "subject", "subject_ref", "text"))
    rebuild_campaign(campaign_id=campaign.pk)
    assert sorted(HistoryEntry.objects.filter(campaign=campaign).values_list(
        "version", "seq", "subject", "subject_ref", "text")) == incremental


def test_the_amended_ids_stay_and_the_as_of_view_before_shows_the_original(
        campaign, people, armies, more, clients):
    recruit = soldiers.recruit_soldier(
        user=people["alice"], campaign=campaign, force_id=armies["steel"]["force"],
        name="Private Late", role="rifleman", squad_id=None, attributes=RIFLEMAN)
    version, soldier_id = _version(recruit), recruit.events[0].data["soldier_id"]
    _amend(campaign, people, version, {"name": "Private Early"})
    state = state_of(campaign_id=campaign.pk)
    assert state.soldiers[soldier_id].name == "Private Early"
    body = clients["member"].get(f"/api/campaigns/{campaign.pk}/as-of/",
                                 {"version": version}).json()
    assert {s["id"]: s["name"] for s in body["soldiers"]}[soldier_id] == "Private Early"
    before = clients["member"].get(f"/api/campaigns/{campaign.pk}/as-of/",
                                   {"version": version - 1}).json()
    assert soldier_id not in {s["id"] for s in before["soldiers"]}


@pytest.mark.parametrize("what, data, expected", [
    ("recruit", {"name": 7}, (400, "bad_amendment", "data.name")),
    ("recruit", {"squad_id": "second"}, None),  # fine: the control case
    ("recruit", {"squad_id": 999}, (404, "not_found", "data.squad_id")),
    ("recruit", {"attributes": {**RIFLEMAN, "weapon": "trebuchet"}},
     (422, "bad_attribute", "data.attributes.weapon")),
    ("recruit", {"attributes": "rifle"}, (400, "bad_amendment", "data.attributes")),
    ("recruit", {"soldier_id": 99}, (400, "bad_amendment", "data.soldier_id")),
    ("squad", {"establishment": 0}, (400, "bad_establishment", "data.establishment")),
    ("squad", {"formation_id": "keno formation"}, (404, "not_found", "data.formation_id")),
    ("captured", {"by_force_id": "keno"}, (422, "own_force", "data.by_force_id")),
    ("leadership", {"leadership": 4}, (400, "bad_leadership", "data.leadership")),
    ("motivation", {"motivation": "fearless"}, (400, "bad_amendment", "data.motivation")),
    ("reattached", {"to_parent_id": "platoon 2"},
     (422, "bad_chain_of_command", "data.to_parent_id")),
    ("transferred", {"to_squad_id": "steel squad"}, (422, "amendment_records_nothing", "data")),
    ("commander", {"soldier_id": "steel 2"},  # Steel War: a commander needs a leadership
     (422, "no_leadership", "data.attributes.leadership")),
    ("result", {"results": [{"force_id": "steel", "result": "triumph"}]},
     (400, "bad_result", "data.results.steel")),
])
def test_bad_amendments_are_refused_naming_the_field_and_change_nothing(
        campaign, people, armies, more, what, data, expected):
    org, alice = people["org"], people["alice"]
    keno_formation = forces.raise_formation(
        user=people["bob"], campaign=campaign, force_id=armies["keno"]["force"],
        level="company", name="Keno company").events[0].data["formation_id"]
    targets = {
        "recruit": lambda: soldiers.recruit_soldier(
            user=alice, campaign=campaign, force_id=armies["steel"]["force"], name="Late",
            role="rifleman", squad_id=None, attributes=RIFLEMAN),
        "squad": lambda: forces.raise_squad(user=alice, campaign=campaign,
                                            force_id=armies["steel"]["force"], name="Third",
                                            establishment=5,
                                            attributes={"quality": "regular"}),
        "captured": lambda: soldiers.record_capture(user=org, campaign=campaign,
                                                    soldier_id=armies["keno"]["soldiers"][2]),
        "leadership": lambda: steelwar.change_leadership(
            user=org, campaign=campaign, soldier_id=armies["steel"]["soldiers"][0],
            leadership=1),
        "motivation": lambda: steelwar.set_motivation(
            user=org, campaign=campaign, scenario_id=more["scenario"],
            force_id=armies["steel"]["force"], motivation="low"),
        "reattached": lambda: forces.reattach_formation(
            user=alice, campaign=campaign, formation_id=more["platoons"][0],
            to_parent_id=None),
        "transferred": lambda: soldiers.transfer_soldier(
            user=alice, campaign=campaign, soldier_id=armies["steel"]["soldiers"][3],
            to_squad_id=more["second"]),
        "commander": lambda: forces.assign_squad_commander(
            user=alice, campaign=campaign, squad_id=armies["steel"]["squad"],
            soldier_id=armies["steel"]["soldiers"][0]),
        "result": lambda: scenarios.record_scenario_result(
            user=org, campaign=campaign, scenario_id=more["scenario"],
            results={armies["steel"]["force"]: "win"}),
    }
    recorded = targets[what]()
    version = _version(recorded) if recorded.events else None
    if what == "commander":  # raise_army's own assignment: soldier 0 of a leadership
        version = _entry_of(campaign, "squad.commander_assigned", "squad_id",
                            armies["steel"]["squad"])
    names = {"keno formation": keno_formation, "keno": armies["keno"]["force"],
             "steel 2": armies["steel"]["soldiers"][2]}
    amendment = _resolve({k: (names.get(v, v) if isinstance(v, str) else v)
                          for k, v in data.items()}, armies, more)
    if what == "result":
        amendment = {"results": [{"force_id": armies["steel"]["force"],
                                  "result": "triumph"}]}
        expected = (400, "bad_result", f"data.results.{armies['steel']['force']}")
    head = len(ledger_of(campaign_id=campaign.pk))
    if expected is None:
        _amend(campaign, people, version, amendment)
        return
    assert refusal(lambda: _amend(campaign, people, version, amendment)) == expected
    assert len(ledger_of(campaign_id=campaign.pk)) == head


def test_entries_nobody_typed_or_a_battle_stands_on_say_why(campaign, people, armies, more):
    rest = _version(steelwar.send_force_to_rest(user=people["org"], campaign=campaign,
                                                force_id=armies["steel"]["force"]))
    status, code, field = refusal(lambda: _amend(campaign, people, rest, {"force_id": 1}))
    assert (status, code, field) == (422, "not_amendable", "target_version")
    status, code, _field = refusal(lambda: _amend(campaign, people, 1, {"name": "x"}))
    assert (status, code) == (422, "not_correctable")
    # a change that changes nothing is said to be so
    step = _version(campaigns.advance_calendar(user=people["org"], campaign=campaign, days=2))
    assert refusal(lambda: _amend(campaign, people, step, {"days": 2}))[1] == (
        "amendment_changes_nothing")


def test_picks_a_battle_was_set_up_from_stand(campaign, people, armies, ready_scenario):
    from campaign.services.battle_setup import start_scenario_battle

    picks = _entry_of(campaign, "scenario.units_picked", "force_id", armies["steel"]["force"])
    start_scenario_battle(user=people["org"], campaign=campaign, scenario_id=ready_scenario)
    status, code, field = refusal(lambda: _amend(
        campaign, people, picks, {"squads": [{"squad_id": armies["steel"]["squad"]}]}))
    assert (status, code, field) == (422, "not_amendable", "target_version")


def test_the_api_amends_a_recruit_and_refuses_players(campaign, clients, people, armies):
    recruit = soldiers.recruit_soldier(
        user=people["alice"], campaign=campaign, force_id=armies["steel"]["force"],
        name="Late", role="rifleman", squad_id=None, attributes=RIFLEMAN)
    version = _version(recruit)
    url = f"/api/campaigns/{campaign.pk}/ledger/{version}/amend/"

    def body(data):
        return {"expected_version": state_of(campaign_id=campaign.pk).version,
                "reason": "typo", "data": data}

    assert clients["alice"].post(url, body({"name": "Early"}), format="json"
                                 ).status_code == 403
    refused = clients["org"].post(url, body({"role": 5}), format="json",
                                  HTTP_ACCEPT_LANGUAGE="ru")
    assert (refused.status_code, refused.json()["field"]) == (400, "data.role")
    assert "роль" in refused.json()["message"]
    response = clients["org"].post(url, body({"name": "Early"}), format="json")
    assert response.status_code == 200, response.json()
    soldier_id = recruit.events[0].data["soldier_id"]
    assert state_of(campaign_id=campaign.pk).soldiers[soldier_id].name == "Early"


def test_an_entered_recovery_die_is_amended_and_a_server_roll_stands(
        django_capture_on_commit_callbacks, monkeypatch):
    """On the demo (its first battle leaves wounded recovering, server dice from a fixed
    seed): a die entered from the table is amended to a miss and the soldier is recovering
    again; a server's roll cannot be amended (it is derived from the campaign's seed)."""
    from django.contrib.auth import get_user_model

    from campaign.systems.steelwar.demo import load_demo

    monkeypatch.setattr("battles.dice.new_seed", lambda: "0" * 64)
    with django_capture_on_commit_callbacks(execute=True):
        demo = load_demo().campaign
    organizer = get_user_model().objects.get(username="organizer")
    people = {"org": organizer}
    lucky = next(s.id for s in state_of(campaign_id=demo.pk).soldiers.values()
                 if s.status == "recovering")
    # rolls any day (house rule), so a server's roll can follow the amended one
    campaigns.change_house_rules(user=organizer, campaign=demo,
                                 changes={"recovery": {"roll_interval_days": 0}})
    entered = _version(steelwar.roll_recovery(user=organizer, campaign=demo, soldier_id=lucky,
                                              entered_roll=6))
    assert state_of(campaign_id=demo.pk).soldiers[lucky].status == "fit"
    assert refusal(lambda: _amend(demo, people, entered, {"roll": 9})) == (
        400, "die_out_of_range", "data.roll")
    _amend(demo, people, entered, {"roll": 1})
    assert state_of(campaign_id=demo.pk).soldiers[lucky].status == "recovering"
    assert fold(ledger_of(campaign_id=demo.pk)) == state_of(campaign_id=demo.pk)
    server = _version(steelwar.roll_recovery(user=organizer, campaign=demo, soldier_id=lucky))
    status, code, field = refusal(lambda: _amend(demo, people, server, {"roll": 6}))
    assert (status, code, field) == (422, "not_amendable", "target_version")


def test_an_amendment_carries_the_entry_ids_export_and_import_map():
    """``entry.amended`` holds the amended entry's whole data: a force's owner (a user id of
    this database) inside it is mapped on import like the entry's own."""
    from campaign.ledger.references import USER_ID_FIELDS, ids_in, remapped

    data = {"target_version": 2, "target_type": "force.raised", "reason": "typo",
            "data": {"force_id": 1, "owner_id": 7, "name": "Iron", "faction": ""}}
    assert ids_in(USER_ID_FIELDS, "entry.amended", data) == {"data.owner_id": 7}
    moved = remapped(USER_ID_FIELDS, "entry.amended", data, lambda old: old + 100)
    assert moved["data"]["owner_id"] == 107 and data["data"]["owner_id"] == 7
    assert ids_in(USER_ID_FIELDS, "entry.amended", {**data, "target_type": "soldier.died"}
                  ) == {}


def test_a_campaign_with_amendments_round_trips_through_export_and_import(
        campaign, club, people, clients, armies):
    from campaign.services import transfer

    _amend(campaign, people, 2, {"name": "Iron"})
    step = _version(campaigns.advance_calendar(user=people["org"], campaign=campaign, days=9))
    _amend(campaign, people, step, {"days": 2})
    document = clients["org"].get(f"/api/campaigns/{campaign.pk}/export/").json()
    copy = transfer.import_campaign(user=people["org"], club=club, document=document,
                                    name="Lantern copy").campaign
    original, imported = state_of(campaign_id=campaign.pk), state_of(campaign_id=copy.pk)
    assert imported.forces[1].name == "Iron" and imported.forces[1].owner_id == (
        people["alice"].pk)
    assert imported.date == original.date
