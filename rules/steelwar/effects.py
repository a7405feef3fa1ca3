"""The effects a Steel War fold reports, with their English sentences.

Every effect has a machine ``kind``, the squad id as ``unit``, structured ``data`` and a
sentence that reads like a battle report ("2nd squad suppressed (2 markers)"). Keeping the
texts here keeps the procedures short and the wording consistent.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.system import Effect
from rules.steelwar.state import Figure, Squad


@lru_cache(maxsize=1024)
def _dice(sides: tuple[int, ...]) -> str:
    """``"d6 + d8"`` (cached: the same few shooter dice are declared again and again)."""
    return " + ".join([f"d{s}" for s in sides])


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def figure_name(squad: Squad, figure: Figure) -> str:
    return _figure_name(squad.name, figure.kind, figure.role, figure.weapon, figure.id,
                        figure.name)


@lru_cache(maxsize=4096)
def _figure_name(squad: str, kind: str, role: str, weapon: str | None, fid: str,
                 name: str = "") -> str:
    """Cached: every hit, allocation and fate names its figure: by its own name where it has
    one ("Cpl. Ivanov (rifle)"), else by its squad, role and id."""
    if name:
        return f"{name} ({weapon or role.replace('_', ' ')})"
    if kind == "weapon":
        return f"{possessive(squad)} {weapon or role}"
    return f"{possessive(squad)} {role.replace('_', ' ')} ({fid})"


# --- turn and activation --------------------------------------------------------------------


def activation_begun(squad: Squad, turn: int) -> Effect:
    return Effect("activation_begun", f"turn {turn}: {squad.name} is activated", squad.id,
                  {"turn": turn})


def activation_ended(squad: Squad, actions_used: int) -> Effect:
    return Effect("activation_ended", f"{squad.name} ends its activation "
                  f"({actions_used} of 2 actions used)", squad.id, {"actions_used": actions_used})


def turn_ended(turn: int) -> Effect:
    return Effect("turn_ended", f"turn {turn} ends", None, {"turn": turn})


# --- tests ------------------------------------------------------------------------------------


def test_rolled(squad: Squad, test: str, roll: int, die: int, threshold: int, passed: bool,
                rule: str, what: str) -> Effect:
    verdict = "passes" if passed else "fails"
    return Effect(
        f"{test}_test",
        f"{squad.name} {verdict} the {test.replace('_', ' ')} test to {what}: "
        f"d{die} rolled {roll}, needed more than {threshold} ({rule})",
        squad.id,
        {"roll": roll, "die": die, "threshold": threshold, "passed": passed, "action": what,
         "rule": rule},
    )


def auto_pass(squad: Squad, test: str, why: str, rule: str) -> Effect:
    return Effect(f"{test}_test", f"{squad.name} passes the {test.replace('_', ' ')} test "
                  f"automatically: {why} ({rule})", squad.id,
                  {"passed": True, "automatic": True, "why": why, "rule": rule})


# --- suppression --------------------------------------------------------------------------


def suppressed(squad: Squad, markers: int, added: bool) -> Effect:
    plural = "marker" if markers == 1 else "markers"
    text = (f"{squad.name} suppressed ({markers} {plural})" if added
            else f"{squad.name} is already at the limit of 3 suppression markers (§2.7)")
    return Effect("suppressed", text, squad.id, {"markers": markers, "added": added})


def not_suppressible(squad: Squad) -> Effect:
    return Effect("suppression_ignored", f"{squad.name} stands in \"Not one step back!\" and "
                  "takes no suppression marker (§2.15)", squad.id)


def suppression_removed(squad: Squad, markers: int) -> Effect:
    return Effect("suppression_removed", f"{squad.name} removes a suppression marker "
                  f"({markers} left)", squad.id, {"markers": markers})


# --- movement ---------------------------------------------------------------------------------


def moved(squad: Squad, mode: str, allowance: int, detail: str, distance: float | None) -> Effect:
    moved_text = f"moves {distance:g}\"" if distance is not None else f"may move up to {allowance}\""
    return Effect("moved", f"{squad.name} {moved_text} ({mode} move, {detail})", squad.id,
                  {"mode": mode, "allowance": allowance, "distance": distance})


def went_prone(squad: Squad) -> Effect:
    return Effect("went_prone", f"{squad.name} goes prone (+1 range die step, §2.4)", squad.id)


def stood_up(squad: Squad) -> Effect:
    return Effect("stood_up", f"{squad.name} stands up", squad.id)


def action_lost(squad: Squad, what: str, rule: str) -> Effect:
    return Effect("action_lost", f"{squad.name} fails to {what}: the action is spent and it "
                  f"may not try again this turn ({rule})", squad.id,
                  {"action": what, "rule": rule})


def embarked(squad: Squad, vehicle: Squad) -> Effect:
    return Effect("embarked", f"{squad.name} embarks on {vehicle.name}", squad.id,
                  {"vehicle": vehicle.id})


def disembarked(squad: Squad, vehicle: Squad) -> Effect:
    return Effect("disembarked", f"{squad.name} disembarks from {vehicle.name}", squad.id,
                  {"vehicle": vehicle.id})


def unlimbered(squad: Squad) -> Effect:
    return Effect("unlimbered", f"{squad.name} unhitches and deploys its gun (a full activation, "
                  "§2.2)", squad.id)


def left_table(squad: Squad) -> Effect:
    return Effect("left_table", f"{squad.name} leaves the table by its own edge", squad.id)


# --- fire -------------------------------------------------------------------------------------


def fire_declared(shooter: Squad, target: Squad, shooter_dice: tuple[int, ...], range_die: int,
                  zone: int, weapons: tuple[str, ...]) -> Effect:
    return Effect(
        "fire_declared",
        f"{shooter.name} fires at {target.name} (zone {zone}): {_dice(shooter_dice)} "
        f"against range die d{range_die}",
        shooter.id,
        {"target": target.id, "shooter_dice": list(shooter_dice), "range_die": range_die,
         "zone": zone, "weapons": list(weapons)},
    )


_OUTCOMES = {
    "no_effect": "no effect",
    "suppress": "suppression",
    "suppress_and_hits": "suppression and hits",
}


def fire_result(shooter: Squad, target: Squad, outcome: str, shooter_rolls: tuple[int, ...],
                target_roll: int, beats: int) -> Effect:
    return Effect(
        "fire_result",
        f"{shooter.name} rolls {', '.join(map(str, shooter_rolls))} against "
        f"{possessive(target.name)} "
        f"{target_roll}: {beats} {'die beats' if beats == 1 else 'dice beat'} it, "
        f"{_OUTCOMES[outcome]} (§2.6)",
        target.id,
        {"outcome": outcome, "shooter_rolls": list(shooter_rolls), "target_roll": target_roll,
         "beats": beats, "shooter": shooter.id},
    )


def potential_hits(target: Squad, hits: int, faces: int, target_faces: int) -> Effect:
    return Effect("potential_hits", f"{target.name} takes {hits} potential "
                  f"{'hit' if hits == 1 else 'hits'} ({faces}/{target_faces}, rounded half up, "
                  "§2.8)", target.id,
                  {"hits": hits, "faces": faces, "target_faces": target_faces})


def hit_allocated(target: Squad, figure: Figure) -> Effect:
    return Effect("hit_allocated", f"the hit falls on {figure_name(target, figure)}", target.id,
                  {"figure": figure.id})


def surplus_hits(target: Squad, lost: int) -> Effect:
    return Effect("surplus_hits", f"{lost} surplus {'hit is' if lost == 1 else 'hits are'} "
                  f"lost: no figure of {target.name} is left to take {'it' if lost == 1 else 'them'}"
                  " (§2.8)", target.id, {"lost": lost})


def hit_resolved(target: Squad, figure: Figure, result: str, power: int, power_roll: int,
                 armour: int, armour_roll: int, outcome_text: str, outcome: str) -> Effect:
    return Effect(
        "hit_resolved",
        f"{figure_name(target, figure)}: power d{power} rolled {power_roll} against armour "
        f"d{armour} {armour_roll}: {outcome_text}",
        target.id,
        {"figure": figure.id, "result": result, "power_roll": power_roll,
         "armour_roll": armour_roll, "power": power, "armour": armour, "outcome": outcome},
    )


def figure_fate(target: Squad, figure: Figure, kind: str, text: str) -> Effect:
    return Effect(kind, f"{figure_name(target, figure)} {text}", target.id,
                  {"figure": figure.id, "status": figure.status})


def commander_replaced(squad: Squad, successor: Figure, old: int, new: int, roll: int) -> Effect:
    change = "worse" if new > old else ("better" if new < old else "the same")
    return Effect(
        "commander_replaced",
        f"{figure_name(squad, successor)} takes command of {squad.name}: d6 rolled {roll}, "
        f"leadership {old} -> {new} ({change}, §2.9)",
        squad.id,
        {"figure": successor.id, "roll": roll, "old_leadership": old, "leadership": new},
    )


def squad_wiped_out(squad: Squad) -> Effect:
    return Effect("wiped_out", f"{squad.name} has no fighting figure left", squad.id)


def ammo_spent(squad: Squad, figure: Figure) -> Effect:
    return Effect("ammo_spent", f"{figure_name(squad, figure)} has {figure.ammo} "
                  f"{'shot' if figure.ammo == 1 else 'shots'} left (§2.5)", squad.id,
                  {"figure": figure.id, "ammo": figure.ammo})


# --- morale -----------------------------------------------------------------------------------


def morale_changed(squad: Squad, old: str, new: str, why: str) -> Effect:
    return Effect("morale_changed", f"{possessive(squad.name)} morale drops from {old} to {new} ({why})",
                  squad.id, {"from": old, "to": new})


def morale_test(squad: Squad, roll: int, threshold: int, grades: int, breakdown: str) -> Effect:
    result = ("passes" if grades == 0 else
              f"fails and loses {grades} {'grade' if grades == 1 else 'grades'}")
    return Effect(
        "morale_test",
        f"{squad.name} takes a morale test ({breakdown} = {threshold}): d{squad.quality} "
        f"rolled {roll}, {result} (§2.12)",
        squad.id,
        {"roll": roll, "die": squad.quality, "threshold": threshold, "grades_lost": grades},
    )


# --- reorganisation (§2.11) -------------------------------------------------------------------


def reorganised(squad: Squad, unchecked: int) -> Effect:
    wounded = (f"; {unchecked} unchecked {'casualty is' if unchecked == 1 else 'casualties are'} "
               "seen to" if unchecked else "")
    return Effect("reorganised", f"{squad.name} reorganises: the figures regroup around the "
                  f"commander{wounded} (§2.11)", squad.id, {"unchecked": unchecked})


def wounded_fate(squad: Squad, figure: Figure, roll: int, bonus: int, fate: str) -> Effect:
    words = {
        "killed": "dies of the wounds",
        "stabilised": "is stabilised: cannot fight or move alone, must be carried or left in a "
                      "safe place to await evacuation",
        "returned_to_duty": "returns to duty",
    }
    modified = f" {'+' if bonus >= 0 else '-'} {abs(bonus)} = {roll + bonus}" if bonus else ""
    return Effect("wounded_fate", f"{figure_name(squad, figure)}: d6 rolled {roll}{modified}, "
                  f"{words[fate]} (§2.11)", squad.id,
                  {"figure": figure.id, "roll": roll, "bonus": bonus, "fate": fate})


# --- rally (§2.18) -----------------------------------------------------------------------------


def comms_automatic(officer: Squad, squad: Squad, why: str) -> Effect:
    return Effect("comms_test", f"{officer.name} is in contact with {squad.name} without a "
                  f"comms test: {why} (§2.18)", officer.id,
                  {"passed": True, "automatic": True, "squad": squad.id})


def rally_test(squad: Squad, officer: str, roll: int, die: int, threshold: int, breakdown: str,
               passed: bool) -> Effect:
    verdict = "passes" if passed else "fails"
    return Effect(
        "rally_test",
        f"{squad.name} {verdict} the rally test of {officer} ({breakdown} = {threshold}): "
        f"d{die} rolled {roll}, needed more than {threshold} (§2.18)",
        squad.id,
        {"roll": roll, "die": die, "threshold": threshold, "passed": passed, "officer": officer},
    )


def morale_raised(squad: Squad, old: str, new: str, why: str) -> Effect:
    if old == new:
        return Effect("morale_at_ceiling", f"{squad.name} stays {old}: morale never rises above "
                      f"its starting grade, {squad.starting_morale} ({why}, §2.12)", squad.id,
                      {"from": old, "to": new})
    return Effect("morale_changed", f"the morale of {squad.name} rises from {old} to {new} "
                  f"({why})", squad.id, {"from": old, "to": new})


# --- panic (§2.14) -----------------------------------------------------------------------------


def no_panic_test(squad: Squad, why: str) -> Effect:
    return Effect("no_panic_test", f"{squad.name} takes no panic test: {why}", squad.id)


def panic_began(squad: Squad, why: str) -> Effect:
    return Effect("panicking", f"{squad.name} panics ({why}): it can do nothing in its "
                  "activations but try to end the panic, which takes a whole activation "
                  "(§2.14)", squad.id)


def panic_ended(squad: Squad, immune: bool) -> Effect:
    never = ", and it will never panic again this battle" if immune else ""
    return Effect("panic_ended", f"{squad.name} keeps its nerve: any panic ends{never} (§2.14)",
                  squad.id, {"panic_immune": immune})


# --- "Not one step back!" (§2.15) --------------------------------------------------------------


def no_step_back_test(squad: Squad, roll: int, die: int, needed: int, passed: bool) -> Effect:
    verdict = "passes" if passed else "fails"
    return Effect("no_step_back_test", f"{squad.name} {verdict} the \"Not one step back!\" test: "
                  f"d{die} rolled {roll}, needed {needed} or more (§2.15)", squad.id,
                  {"roll": roll, "die": die, "needed": needed, "passed": passed})


def no_step_back_entered(squad: Squad, markers_removed: int, why: str) -> Effect:
    cleared = (f"; its {markers_removed} suppression "
               f"{'marker is' if markers_removed == 1 else 'markers are'} removed"
               if markers_removed else "")
    return Effect("no_step_back", f"{squad.name} stands in \"Not one step back!\" ({why}): it "
                  "has no morale any more, passes every morale and reaction test, takes no "
                  f"suppression marker and is fearsome in melee{cleared} (§2.15)", squad.id,
                  {"markers_removed": markers_removed})


def squad_removed(squad: Squad, outcome: str, rule: str) -> Effect:
    how = ("its men surrender to the enemy within 12\"" if outcome == "surrendered"
           else "its men scatter")
    return Effect("squad_removed", f"{squad.name} is removed from the table: {how} ({rule})",
                  squad.id, {"outcome": outcome, "rule": rule})


def no_step_back_ended(squad: Squad, morale: str) -> Effect:
    return Effect("no_step_back_ended", f"no enemy but broken ones is left in view of "
                  f"{squad.name}: \"Not one step back!\" ends and its morale becomes {morale} "
                  "(§2.15)", squad.id, {"morale": morale})


# --- psionics (§2.16, §3.6) --------------------------------------------------------------------


def psi_power_rolled(squad: Squad, figure: Figure, power: str, target: Squad, zone: int,
                     die: int, roll: int, threshold: int, passed: bool, at_least: bool) -> Effect:
    verdict = "works" if passed else "fails"
    need = f"{threshold} or more" if at_least else f"more than {threshold}"
    return Effect(
        "psi_power",
        f"{figure_name(squad, figure)} uses {power.replace('_', ' ')} on {target.name} "
        f"(zone {zone}, psi die d{die}): rolled {roll}, needed {need}, the power {verdict} "
        "(§2.16)",
        squad.id,
        {"figure": figure.id, "power": power, "target": target.id, "zone": zone, "die": die,
         "roll": roll, "threshold": threshold, "passed": passed},
    )


def suppression_cleared(squad: Squad, markers: int) -> Effect:
    return Effect("suppression_removed", f"{squad.name} loses all {markers} suppression "
                  f"{'marker' if markers == 1 else 'markers'} at once (§3.6)", squad.id,
                  {"markers": 0, "removed": markers})


def activation_lost(squad: Squad, already: bool, why: str, rule: str) -> Effect:
    text = (f"{squad.name} has already been activated this turn: {why} changes nothing "
            f"({rule})" if already else
            f"{squad.name} loses its activation this turn: {why} ({rule})")
    return Effect("activation_lost", text, squad.id, {"already_activated": already, "rule": rule})


def psi_observation(squad: Squad, power: str, text: str) -> Effect:
    return Effect("psi_observation", f"{squad.name}: {text} (§3.6; observation is in a chapter "
                  "missing from the source)", squad.id, {"power": power})


def comrade_fires(squad: Squad, shooter: Figure, victim: Figure) -> Effect:
    return Effect("comrade_fires", f"{figure_name(squad, shooter)}, controlled by a psionic, "
                  f"fires at {figure_name(squad, victim)} (§3.6)", squad.id,
                  {"shooter": shooter.id, "victim": victim.id})


# --- melee (§2.10) ------------------------------------------------------------------------------


def charge_refused(squad: Squad, target: Squad) -> Effect:
    return Effect("charge_refused", f"{squad.name} will not charge {target.name}: the charge "
                  "test failed and the whole activation is lost (§2.10)", squad.id,
                  {"target": target.id})


def charge_moved(squad: Squad, target: Squad, rolls: tuple[int, ...], allowance: int,
                 remaining: float, contact: bool) -> Effect:
    where = (f"ends {remaining:g}\" from {target.name}: contact" if contact else
             f"ends {remaining:g}\" from {target.name}: short of the 2\" it needs")
    return Effect("charge_moved", f"{squad.name} charges {allowance}\" (2d6 rolled "
                  f"{'+'.join(map(str, rolls))}) and {where} (§2.10)", squad.id,
                  {"target": target.id, "rolls": list(rolls), "allowance": allowance,
                   "remaining": remaining, "contact": contact})


def charge_failed(squad: Squad, target: Squad, why: str, back_to_start: bool) -> Effect:
    where = "goes back to its starting position" if back_to_start else "stays where it stopped"
    return Effect("charge_failed", f"{possessive(squad.name)} charge on {target.name} fails: "
                  f"{why}; it {where} (§2.10)", squad.id,
                  {"target": target.id, "back_to_start": back_to_start})


def no_free_shot(squad: Squad, attacker: Squad, why: str) -> Effect:
    return Effect("no_free_shot", f"{squad.name} takes no free shot at {attacker.name}: {why}",
                  squad.id, {"attacker": attacker.id})


def surrendered(squad: Squad, enemy: Squad) -> Effect:
    return Effect("surrendered", f"{squad.name} is Routing with {enemy.name} upon it and "
                  "surrenders (§2.12)", squad.id, {"to": enemy.id})


def melee_contact(attacker: Squad, defender: Squad, attackers: int, defenders: int,
                  outnumbering: int, threat: int, fearsome: bool) -> Effect:
    why = f"{attackers} attackers against {defenders}: outnumbering +{outnumbering}"
    if fearsome:
        why += ", the whole threat doubled by fearsome attackers"
    return Effect("melee_contact", f"{attacker.name} reaches {defender.name}: {why}; threat "
                  f"{threat} for {possessive(defender.name)} morale test (§2.10)", defender.id,
                  {"attacker": attacker.id, "attackers": attackers, "defenders": defenders,
                   "outnumbering": outnumbering, "threat": threat, "fearsome": fearsome})


def melee_round_begins(attacker: Squad, defender: Squad, turn: int) -> Effect:
    return Effect("melee_round", f"turn {turn}: the melee between {attacker.name} and "
                  f"{defender.name} goes on (§2.10)", attacker.id,
                  {"defender": defender.id, "turn": turn})


def melee_paired(attacker: Squad, defender: Squad, pairs: tuple[tuple[str, str], ...]) -> Effect:
    return Effect("melee_paired", f"{attacker.name} and {defender.name} pair off: "
                  + ", ".join(f"{a} vs {d}" for a, d in pairs) + " (§2.10)", attacker.id,
                  {"defender": defender.id, "pairs": [list(p) for p in pairs]})


def melee_rolled(attacker: Squad, defender: Squad,
                 pairs: list[tuple[str, int, str, int]], fallen: list[str],
                 ids: list[tuple[str, int, str, int]], fallen_ids: list[str]) -> Effect:
    """``pairs`` and ``fallen`` by the figures' names, ``ids`` and ``fallen_ids`` the same by
    qualified id ("attacker.<id>", "defender.<id>") for sentences in other languages."""
    fights = "; ".join(f"{a} {ra} vs {d} {rd}" for a, ra, d, rd in pairs)
    result = ("falls: " if len(fallen) == 1 else "fall: ") + ", ".join(fallen) if fallen \
        else "nobody falls"
    return Effect("melee_rolled", f"melee: {fights}; {result} (§2.10)", attacker.id,
                  {"defender": defender.id, "rolls": [[a, ra, d, rd] for a, ra, d, rd in pairs],
                   "fallen": fallen, "ids": [list(p) for p in ids],
                   "fallen_ids": list(fallen_ids)})


def melee_goes_on(attacker: Squad, defender: Squad) -> Effect:
    return Effect("melee_goes_on", f"neither {attacker.name} nor {defender.name} gives way: the "
                  "melee goes on next turn (§2.10)", attacker.id, {"defender": defender.id})


def melee_over(winner: Squad, loser: Squad, falls_back: bool) -> Effect:
    what = f"falls back 6\" from {winner.name}" if falls_back else "is out of the fight"
    return Effect("melee_over", f"{loser.name} {what}; {winner.name} holds and the melee is "
                  "over (§2.10)", loser.id, {"winner": winner.id, "falls_back": falls_back})


def melee_fate(squad: Squad, figure: Figure, roll: int, fate: str, outcome: str) -> Effect:
    became = {"killed": "is dead", "prisoner": "is taken prisoner",
              "returned_to_duty": "returns to the ranks",
              "unchecked_casualty": "is an unchecked casualty"}[outcome]
    return Effect("melee_fate", f"{figure_name(squad, figure)}, lost in the melee: d6 rolled "
                  f"{roll}, {fate}; {became} (§2.10)", squad.id,
                  {"figure": figure.id, "roll": roll, "fate": fate, "outcome": outcome,
                   "status": figure.status, "captured_by": figure.captured_by})
