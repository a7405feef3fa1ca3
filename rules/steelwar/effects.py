"""The effects a Steel War fold reports, with their English sentences.

Every effect has a machine ``kind``, the squad id as ``unit``, structured ``data`` and a
sentence that reads like a battle report ("2nd squad suppressed (2 markers)"). Keeping the
texts here keeps the procedures short and the wording consistent.
"""

from __future__ import annotations

from rules.core.system import Effect
from rules.steelwar.state import Figure, Squad


def _dice(sides: tuple[int, ...] | list[int]) -> str:
    return " + ".join(f"d{s}" for s in sides)


def figure_name(squad: Squad, figure: Figure) -> str:
    if figure.kind == "weapon":
        return f"{squad.name}'s {figure.weapon or figure.role}"
    return f"{squad.name}'s {figure.role.replace('_', ' ')} ({figure.id})"


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
        {"roll": roll, "die": die, "threshold": threshold, "passed": passed, "action": what},
    )


def auto_pass(squad: Squad, test: str, why: str, rule: str) -> Effect:
    return Effect(f"{test}_test", f"{squad.name} passes the {test.replace('_', ' ')} test "
                  f"automatically: {why} ({rule})", squad.id, {"passed": True, "automatic": True})


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
                  f"may not try again this turn ({rule})", squad.id, {"action": what})


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


def fire_result(shooter: Squad, target: Squad, outcome: str, shooter_rolls: tuple[int, ...],
                target_roll: int, beats: int) -> Effect:
    texts = {
        "no_effect": "no effect",
        "suppress": "suppression",
        "suppress_and_hits": "suppression and hits",
    }
    return Effect(
        "fire_result",
        f"{shooter.name} rolls {', '.join(map(str, shooter_rolls))} against {target.name}'s "
        f"{target_roll}: {beats} {'die beats' if beats == 1 else 'dice beat'} it, "
        f"{texts[outcome]} (§2.6)",
        target.id,
        {"outcome": outcome, "shooter_rolls": list(shooter_rolls), "target_roll": target_roll,
         "beats": beats, "shooter": shooter.id},
    )


def potential_hits(target: Squad, hits: int, faces: int, target_faces: int) -> Effect:
    return Effect("potential_hits", f"{target.name} takes {hits} potential "
                  f"{'hit' if hits == 1 else 'hits'} ({faces}/{target_faces}, rounded half up, "
                  "§2.8)", target.id, {"hits": hits})


def hit_allocated(target: Squad, figure: Figure) -> Effect:
    return Effect("hit_allocated", f"the hit falls on {figure_name(target, figure)}", target.id,
                  {"figure": figure.id})


def surplus_hits(target: Squad, lost: int) -> Effect:
    return Effect("surplus_hits", f"{lost} surplus {'hit is' if lost == 1 else 'hits are'} "
                  f"lost: no figure of {target.name} is left to take {'it' if lost == 1 else 'them'}"
                  " (§2.8)", target.id, {"lost": lost})


def hit_resolved(target: Squad, figure: Figure, result: str, power: int, power_roll: int,
                 armour: int, armour_roll: int, outcome_text: str) -> Effect:
    return Effect(
        "hit_resolved",
        f"{figure_name(target, figure)}: power d{power} rolled {power_roll} against armour "
        f"d{armour} {armour_roll}: {outcome_text}",
        target.id,
        {"figure": figure.id, "result": result, "power_roll": power_roll,
         "armour_roll": armour_roll, "power": power, "armour": armour},
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
    return Effect("morale_changed", f"{squad.name}'s morale drops from {old} to {new} ({why})",
                  squad.id, {"from": old, "to": new})


def morale_test(squad: Squad, roll: int, threshold: int, grades: int, breakdown: str) -> Effect:
    result = ("passes" if grades == 0 else
              f"fails and loses {grades} {'grade' if grades == 1 else 'grades'}")
    return Effect(
        "morale_test",
        f"{squad.name} takes a morale test ({breakdown} = {threshold}): d{squad.quality} "
        f"rolled {roll}, {result} (§2.12)",
        squad.id,
        {"roll": roll, "threshold": threshold, "grades_lost": grades},
    )
