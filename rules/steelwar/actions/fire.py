"""Fire (digest §2.3-§2.7; examples #3, #4, #8, #28): the declaration, the dice, suppression.

``fire`` params:

- ``target``: the squad fired at;
- ``weapons``: ids of the figures whose weapons fire together in this action;
- ``distance``: inches to the target (range zone by the shooter's quality die, §2.4);
- ``cover``: the target's cover against this fire (none / light / hard; default: its recorded
  cover), ``cover_protects`` (whether that cover can protect against this attack; default by
  §2.4: hard always, light only against aimed fire);
- ``exposed``: target figures outside cover when the group is only partly covered (they are
  hit first, §2.8).

The shooter rolls its quality die, one ROF die for the small arms (their ROFs summed) and one
die per support weapon; the target rolls its range die (``firepower.shooter_dice``,
``firepower.range_die``). Each weapon fires once per activation, ground-emplaced heavy
weapons twice (§2.3); limited ammunition is counted (§2.5). Shooter dice strictly above the
range die decide: none -> no effect, one -> a suppression marker (at most 3), two or more ->
a marker and potential hits = faces / faces rounded half up (§2.6-§2.8), resolved by
:mod:`.hits`. A first suppression queues a morale test (§2.12); recruits fired upon for the
first time take a panic test after the fire (§2.14, :func:`.panic.followups_after_fired_upon`).

The procedure is also startable without a declaration (:func:`start_fire`): melee gives the
defender a free shot that cannot suppress (§2.10).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.facts import Command
from rules.core.system import Effect, Step
from rules.steelwar import effects, tables, terms
from rules.steelwar.actions import hits, panic
from rules.steelwar.actions.procedure import (
    Action,
    Procedure,
    Rolls,
    ask_dice,
    done,
    forbid,
    request,
)
from rules.steelwar.commands import (
    acting_squad,
    check_morale_allows,
    check_suppression_allows,
    choice,
    is_vehicle,
    number,
    param,
    text,
    texts,
)
from rules.steelwar.firepower import (
    MAX_ZONE,
    NO_EFFECT,
    SUPPRESS_AND_HITS,
    active_specials,
    dice_beating,
    fires_per_activation,
    outcome_of_beats,
    potential_hits,
    range_die,
    range_zone,
    shooter_dice,
    shot_power_die,
    shot_weapons,
    suppression_after_fire,
    vehicle_armour_die,
)
from rules.steelwar.state import COVERS, FIGHTING, BattleState, Resolution, Squad, memo
from rules.steelwar.tables import is_fragmentation

NAME = "fire"
RULE = "§2.3"
QUALITY_KEY = "shooter.quality"
ROF_KEY = "shooter.rof"
RANGE_KEY = "target.range"


class Context(NamedTuple):
    """Everything the fire procedure carries from the declaration to the last hit."""

    shooter: int
    target: int
    figures: tuple[str, ...]  # the figures whose weapons fire
    weapons: tuple[tuple[str, int], ...]  # (weapon id, count): firepower's "weapons firing"
    dice: tuple[int, ...]  # the shooter's dice sizes
    keys: tuple[str, ...]  # their request keys, in the same order
    range_die: int
    zone: int
    power: int
    attack: str  # aimed / fragmentation; PSI_MURDER: no shot, a murdered operator's blast
    specials: tuple[str, ...]  # special rules in force (empty in support fire, §2.5)
    exposed: tuple[str, ...] | None  # target figures outside cover, None = not partly covered
    suppresses: bool = True  # False for melee's free shot (§2.10)
    first_suppressed: bool = False
    hits: int = 0  # potential hits still to allocate
    victims: tuple[str, ...] = ()  # target figures hit by the shot, in order
    pending_hits: tuple[tuple, ...] = ()  # (squad, figure, power, autowound) to resolve
    blasts: tuple[tuple[int, str], ...] = ()  # exploding backpacks still to place, (squad, fig)
    hit_count: int = 0  # hits resolved so far (numbers the dice keys)
    losses: tuple[tuple[int, int, bool], ...] = ()  # (squad, casualties, commander lost)
    ranks: tuple[str, ...] | None = None  # the target's figures in the ranks, while allocating


class Shot(NamedTuple):
    """A validated shot, before anything is spent."""

    shooter: int
    target: int
    ctx: Context
    requests: tuple
    limited: tuple[int, ...] = ()  # positions of the firing figures with limited ammo (§2.5)


def _firing_figures(squad: Squad, figure_ids: tuple[str, ...]) -> list:
    """The squad's figures named in ``figure_ids``, in that order (``bad_command`` if one is
    not in the squad)."""
    return [squad.figure(fid) for fid in figure_ids]


def _weapon_counts(figures: list) -> tuple[tuple[str, int], ...]:
    """firepower's "weapons firing": ``(weapon id, count)`` in the order they first appear."""
    counts: dict[str, int] = {}
    for figure in figures:
        weapon_id = figure.weapon
        counts[weapon_id] = counts.get(weapon_id, 0) + 1
    return tuple(counts.items())


def _check_figures(battle: BattleState, squad: Squad, figures: list) -> None:
    """Each of the firing ``figures`` fights, has a weapon with shots left, and has not fired
    too often (§2.3). Only the activated squad's shots count: melee's free shot is another
    squad's (§2.10)."""
    act = battle.activation
    fired = act.fired if act is not None and battle.squads[act.squad].id == squad.id else ()
    limbered = squad.limbered
    emplaced = squad.embarked_in is None and not limbered
    for figure in figures:
        fid = figure.id
        if figure.status not in FIGHTING:
            raise forbid(
                gettext_noop("{squad}'s figure {fid} is {status} and cannot fire"),
                "§2.8",
                "params.weapons",
                squad=squad.name,
                fid=fid,
                status=terms.figure_status(figure.status),
            )
        weapon_id = figure.weapon
        if weapon_id is None:
            raise forbid(
                gettext_noop("{squad}'s figure {fid} has no weapon"),
                RULE,
                "params.weapons",
                squad=squad.name,
                fid=fid,
            )
        if limbered:
            weapon = tables.weapon(weapon_id)
            if weapon.man_sized or weapon.heavy_ground_mount:
                raise forbid(
                    gettext_noop("{squad}'s {weapon} is hitched or packed: unlimber it first"),
                    "§2.2", "params.weapons", squad=squad.name, weapon=terms.weapon(weapon))
        if fid in fired:  # a weapon that has not fired this activation may always fire once
            allowed = fires_per_activation(weapon_id, ground_emplaced=emplaced)
            if fired.count(fid) >= allowed:
                raise forbid(
                    gettext_noop(
                        "{squad}'s {weapon} ({fid}) has already fired once this activation: "
                        "each weapon fires once per activation"
                    ) if allowed == 1 else gettext_noop(
                        "{squad}'s {weapon} ({fid}) has already fired twice this activation: "
                        "each weapon fires twice per activation"
                    ),
                    RULE,
                    "params.weapons",
                    squad=squad.name,
                    weapon=terms.weapon(tables.weapon(weapon_id)),
                    fid=fid,
                )
        ammo = figure.ammo
        if ammo is not None and ammo <= 0:
            raise forbid(
                gettext_noop("{squad}'s {weapon} ({fid}) has no shots left this battle"),
                "§2.5",
                "params.weapons",
                squad=squad.name,
                weapon=terms.weapon(tables.weapon(weapon_id)),
                fid=fid,
            )


def plan_shot(
    battle: BattleState,
    shooter_i: int,
    target_id: str,
    figure_ids: tuple[str, ...],
    distance: float,
    cover: str | None = None,
    cover_protects: bool | None = None,
    exposed: Iterable[str] | None = None,
    suppresses: bool = True,
) -> Shot:
    """Validate a shot by ``shooter_i`` and compute its dice (nothing is spent)."""
    shooter = battle.squads[shooter_i]
    if not figure_ids:
        raise RuleError(
            "bad_command",
            template=gettext_noop("a shot needs at least one weapon (§2.3)"),
            field="params.weapons",
        )
    target_i, target = battle.squad(target_id)
    if target.side == shooter.side:
        raise forbid(
            gettext_noop("{target} is on {shooter}'s own side"),
            RULE,
            "params.target",
            target=target.name,
            shooter=shooter.name,
        )
    if not target.on_table or not target.has_fighting_figure():
        raise forbid(gettext_noop("{target} has no figure left on the table to fire at"), RULE,
                     "params.target", target=target.name)
    if is_vehicle(target) or target.embarked_in is not None:
        vehicle_armour_die()  # refuses: vehicle armour is not in the source (§9)
    firing = _firing_figures(shooter, figure_ids)
    _check_figures(battle, shooter, firing)
    weapons = _weapon_counts(firing)
    cover = target.cover if cover is None else cover
    if exposed is not None:
        exposed = tuple(exposed)
        for fid in exposed:
            target.figure_index(fid)
    dice, keys, requests, die, zone, power, attack, specials = _dice_plan(
        battle, shooter, target, weapons, distance, cover, cover_protects)
    ctx = Context(shooter_i, target_i, figure_ids, weapons, dice, keys, die, zone, power, attack,
                  specials, exposed, suppresses)
    limited = {shooter.figures.index(f) for f in firing if f.ammo is not None}
    return Shot(shooter_i, target_i, ctx, requests, tuple(sorted(limited)) if limited else ())


def _dice_plan(battle: BattleState, shooter: Squad, target: Squad, weapons: tuple, distance: float,
               cover: str, cover_protects: bool | None) -> tuple:
    """The dice of a shot (§2.3-§2.5): the shooter's dice and their requests, the range die,
    zone, power, attack kind and the special rules in force."""
    opts = battle.options
    quality = shooter.quality
    cache = memo(opts)
    key = ("shot", quality, weapons)
    try:
        found = cache.get(key)
        if found is None:
            found = cache[key] = _weapons_plan(quality, weapons, opts)
        dice, zone_limit, inches_limit, attack, power, specials, support = found
        zone = range_zone(distance, quality, options=opts)
        if zone is None or zone > zone_limit or distance > inches_limit:
            raise _OutOfRange
    except (RuleError, _OutOfRange):
        try:  # the rule's own refusal, in the order firepower checks (§2.3-§2.5)
            shooter_dice(quality, weapons, distance=distance, options=opts)
        except RuleError as exc:
            raise RuleError(exc.code, exc.message, rule=exc.rule, field="params.weapons"
                            ) from None
        raise AssertionError("shooter_dice accepted a shot the plan refused") from None
    die = range_die(quality, distance, prone=target.prone, cover=cover, attack=attack,
                    cover_protects=cover_protects, options=opts, zone=zone)
    keys, requests = _shot_requests(shooter.id, shooter.name, dice, support, target.id,
                                    target.name, die)
    return dice, keys, requests, die, zone, power, attack, specials


class _OutOfRange(Exception):
    """A weapon of the shot does not reach the target (``shooter_dice`` says why)."""


def _weapons_plan(quality: int, weapons: tuple, opts) -> tuple:
    """What the shooter's quality die and weapons alone decide, memoised per battle: the
    shooter's dice (§2.3, §2.5), the nearest range limits of its weapons (zone, inches, §2.4),
    the attack kind, power die, special rules in force and support weapons' names."""
    dice = shooter_dice(quality, weapons, options=opts)
    shot = shot_weapons(weapons)
    fragmentation = True
    zone_limit, inches_limit = MAX_ZONE, math.inf
    for w, _ in shot:
        if not is_fragmentation(w, options=opts):
            fragmentation = False
        if w.range_zone_limit is not None:
            zone_limit = min(zone_limit, w.range_zone_limit)
        if w.range_inches_limit is not None:
            inches_limit = min(inches_limit, w.range_inches_limit)
    specials = active_specials(weapons)
    return (dice, zone_limit, inches_limit, "fragmentation" if fragmentation else "aimed",
            shot_power_die(weapons, options=opts),
            tuple(sorted(specials)) if specials else (),
            tuple([w.name for w, n in shot if w.is_support for _ in range(n)]))


@lru_cache(maxsize=4096)
def _shot_requests(unit: str, name: str, dice: tuple[int, ...], support: tuple[str, ...],
                   target: str, target_name: str, range_die: int) -> tuple[tuple[str, ...], tuple]:
    """The keys of the shooter's dice (quality, small arms ROF if any, one per support weapon)
    and the requests of all the shot's dice, the target's range die last (cached: the same
    shooters fire at the same targets again and again)."""
    keys = [QUALITY_KEY]
    labels = ["quality die"]
    if len(dice) > len(support) + 1:
        keys.append(ROF_KEY)
        labels.append("small arms ROF die")
    for n, weapon_name in enumerate(support, start=1):
        keys.append(f"shooter.support.{n}")
        labels.append(f"{weapon_name} die")
    requests = [_die_request(k, unit, name, label, d)
                for k, label, d in zip(keys, labels, dice, strict=True)]
    requests.append(_die_request(RANGE_KEY, target, target_name, "range die", range_die))
    return tuple(keys), tuple(requests)


def _die_request(key: str, unit: str, name: str, what: str, sides: int):
    """One die of a shot: ``"<name> <what> d<sides>"``, rolled by ``unit``."""
    return request(key, f"{name} {what} d{sides}", sides, 1, unit)


def _plan_command(battle: BattleState, cmd: Command) -> Shot:
    i, shooter = acting_squad(battle, cmd)
    target_id = text(cmd, "target")
    kind = "shoot_back" if battle.has_fired_at(target_id, shooter.id) else "shoot"
    check_morale_allows(battle, shooter, kind)
    check_suppression_allows(shooter, "fire", "fire")
    exposed = param(cmd, "exposed", None)
    cover_protects = param(cmd, "cover_protects", None)
    if cover_protects is not None and not isinstance(cover_protects, bool):
        raise RuleError(
            "bad_command",
            template=gettext_noop("cover_protects must be true or false"),
            field="params.cover_protects",
        )
    return plan_shot(
        battle,
        i,
        target_id,
        texts(cmd, "weapons"),
        number(cmd, "distance"),
        cover=choice(cmd, "cover", COVERS, None),
        cover_protects=cover_protects,
        exposed=texts(cmd, "exposed") if exposed is not None else None,
    )


def validate(battle: BattleState, cmd: Command) -> None:
    _plan_command(battle, cmd)


def declare(battle: BattleState, cmd: Command) -> Step:
    shot = _plan_command(battle, cmd)
    return start_fire(battle, shot, counts_as_fired=True, actions=1)


def start_fire(battle: BattleState, shot: Shot, *, counts_as_fired: bool = True,
               actions: int = 0) -> Step:
    """Fire ``shot``: spend ``actions`` of the activation (one for a declared fire), record the
    shots (weapons fired this activation, ammunition, who fired at whom) and ask for the fire
    dice. ``counts_as_fired=False`` for a shot outside the shooter's activation (melee's free
    action). The new battle is built once, with every change."""
    ctx = shot.ctx
    squads = battle.squads
    shooter = squads[shot.shooter]
    target = squads[shot.target]  # never the shooter: a shot is at an enemy
    fx: list[Effect] = []
    changed: dict[int, Squad] = {}
    firing = ctx.figures
    if shot.limited:  # limited ammunition (§2.5)
        figures = list(shooter.figures)
        for n in shot.limited:
            figure = figures[n] = figures[n]._replace(ammo=figures[n].ammo - 1)
            fx.append(effects.ammo_spent(shooter, figure))
        changed[shot.shooter] = shooter._replace(figures=tuple(figures))
    act = battle.activation
    if act is not None and (actions or counts_as_fired):
        act = act._replace(actions_used=act.actions_used + actions,
                           fired=act.fired + firing if counts_as_fired else act.fired)
    # §2.14: recruits fired upon for the first time take a panic test after this fire
    queue = panic.followups_after_fired_upon(battle, shot.target) + battle.queue
    if not target.ever_fired_upon:
        changed[shot.target] = target._replace(ever_fired_upon=True)
    if changed:
        new_squads = list(squads)
        for i, squad in changed.items():
            new_squads[i] = squad
        squads = tuple(new_squads)
    fx.insert(0, effects.fire_declared(shooter, target, ctx.dice, ctx.range_die, ctx.zone,
                                       firing))
    return ask_dice(battle, NAME, "fire", shot.shooter, ctx, shot.requests, fx,
                    squads=squads, activation=act, queue=queue,
                    fired_upon=battle.fired_upon_with(shooter.id, target.id))


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    if res.stage != "fire":
        return hits.on_dice(battle, res, rolls)
    ctx: Context = res.ctx
    shooter_rolls = tuple([rolls[k][0] for k in ctx.keys])
    target_roll = rolls[RANGE_KEY][0]
    beats = dice_beating(shooter_rolls, target_roll)
    outcome = outcome_of_beats(beats)
    shooter, target = battle.squads[ctx.shooter], battle.squads[ctx.target]
    fx = [effects.fire_result(shooter, target, outcome, shooter_rolls, target_roll, beats)]
    if outcome == NO_EFFECT:
        return done(battle, fx)
    first_suppressed = ctx.first_suppressed
    squads = battle.squads  # the battle is copied once, below
    if ctx.suppresses:
        if target.no_step_back:
            fx.append(effects.not_suppressible(target))
        else:
            markers = suppression_after_fire(target.suppression, outcome)
            fx.append(effects.suppressed(target, markers, markers > target.suppression))
            first_suppressed = not target.ever_suppressed
            target = target._replace(suppression=markers, ever_suppressed=True)
            squads = battle.squads_with(ctx.target, target)
    if first_suppressed != ctx.first_suppressed:
        ctx = ctx._replace(first_suppressed=first_suppressed)
    if outcome != SUPPRESS_AND_HITS:  # no hits (a suppression changes no figure)
        return done(battle, fx, hits.morale_followups(squads, ctx, hits.fire_losses(ctx)),
                    squads=squads)
    if squads is not battle.squads:
        battle = battle._replace(squads=squads)
    potential = potential_hits(ctx.dice, ctx.range_die)
    fx.append(effects.potential_hits(target, potential, sum(ctx.dice), ctx.range_die))
    return hits.allocate(battle, ctx, potential, fx)


def odds(battle: BattleState, cmd: Command):
    """Exact odds of the shot (:func:`rules.steelwar.odds.fire_odds`)."""
    from rules.steelwar.odds import fire_odds  # odds builds on this module

    return fire_odds(battle, cmd)


def murder_blast(battle: BattleState, psionic: int, target: int, operator: str,
                 commander_lost: bool, fx: list[Effect]) -> Step:
    """A psi murder's victim was a Keno backpack flamethrower operator (§3.6 with §2.9): his
    backpack explodes as when a shot hits him, and the blast is resolved as fire's (the
    player names the figures within 4", each takes a flamethrower hit). No shot was fired:
    the context holds only the blast. The murdered squad's morale test at "commander lost"
    comes after the blast's hits, with the blast's casualties in it among its triggers
    (``hits.morale_followups``)."""
    ctx = Context(psionic, target, (), (), (), (), 0, 0, 0, hits.PSI_MURDER, (), None,
                  suppresses=False, blasts=((target, operator),),
                  losses=((target, 0, commander_lost),))
    return hits.ask_blast(battle, ctx, fx)


ACTIONS = (Action(NAME, RULE, validate, declare, odds),)
PROCEDURES = (Procedure(NAME, Context, on_dice=on_dice, on_decide=hits.on_decide),)
