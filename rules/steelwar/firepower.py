"""Infantry fire (digest §2.3-§2.8): range zones and the target's range die, rate of fire and
the shooter's dice, the shot's power, suppression, potential hits, power vs armour.

A shot is declared as ``weapons_firing``: pairs ``(weapon_id, count)`` of the weapons that fire
together in one action, e.g. ``[("smg", 4), ("lmg", 1)]``. The shooter rolls two or more dice,
the target one range die; shooter dice strictly above the target's roll decide the outcome
(§2.6). Each weapon fires once per activation (ground-emplaced heavy weapons twice): that
bookkeeping is the fold's, :func:`fires_per_activation` says how many times.

Rules the fragment only names (guidance-system die, evasion die, vehicle armour) are refused
with ``missing_table`` rather than invented: :func:`guidance_die`, :func:`evasion_die`,
:func:`vehicle_armour_die`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from rules.core.dice import DIE_SIZES, step
from rules.core.errors import RuleError, Sentence, gettext_noop
from rules.steelwar import terms
from rules.steelwar._ladder import check_die, check_distance, check_face
from rules.steelwar.options import DEFAULT_OPTIONS, Options
from rules.steelwar.psionics import psionic_armour_die
from rules.steelwar.reaction import quality_test
from rules.steelwar.tables import Weapon, armour, small_arm_rof, weapon

NO_EFFECT = "no_effect"
SUPPRESS = "suppress"
SUPPRESS_AND_HITS = "suppress_and_hits"

KILLED = "killed"
WOUNDED = "wounded"

#: §2.4: infantry beyond range zone 5 cannot be fired upon.
MAX_ZONE = 5
#: §2.4: the range die of each zone: zone 1 d4 ... zone 5 d12.
ZONE_DIE: tuple[int, ...] = DIE_SIZES
#: §2.4 / §4 #6: recruit zone bounds as printed (0-6, 6-12, 12-24, 24-30, 30-36).
PRINTED_RECRUIT_BOUNDS: tuple[int, ...] = (6, 12, 24, 30, 36)
#: §2.4: die steps a cover adds to the range die.
COVER_STEPS = {"none": 0, "light": 1, "hard": 2}
ATTACKS = ("aimed", "fragmentation")
#: §2.7: at most three suppression markers on any unit.
MAX_SUPPRESSION_MARKERS = 3
#: §2.7: the only actions suppressed infantry may take (reorganise only in cover).
SUPPRESSED_INFANTRY_ACTIONS = frozenset(
    {"observe", "communicate", "reorganise", "remove_suppression", "move_away_from_enemy"}
)

_MAX_INDEX = len(DIE_SIZES) - 1
_LADDER_SET = frozenset(DIE_SIZES)
_NUMBERS = (int, float)


# ---- §2.4 range zones and the range die ------------------------------------------------------


def range_zone(
    distance: float, quality_die: int, *, options: Options = DEFAULT_OPTIONS
) -> int | None:
    """§2.4: the range zone of a target ``distance`` inches from shooters of ``quality_die``.

    The zone width is the number of faces of the shooter's quality die (d6 -> 6"). By default
    ``zone = max(1, ceil(distance / width))``, so a target exactly on a boundary is in the
    lower zone (``options.zone_boundary``; ``options.recruit_zones`` for the printed recruit
    bounds). ``None`` beyond zone 5.
    """
    if quality_die not in _LADDER_SET:
        check_die(quality_die, "shooter's quality die", "§2.4")
    if distance.__class__ not in _NUMBERS or distance < 0:
        check_distance(distance)
    inner = options.zone_boundary == "inner"
    if quality_die == 6 and options.recruit_zones == "as_printed":
        for zone, bound in enumerate(PRINTED_RECRUIT_BOUNDS, start=1):
            if distance < bound or (inner and distance == bound):
                return zone
        return None
    zone = (math.ceil(distance / quality_die) or 1) if inner else int(distance // quality_die) + 1
    return zone if zone <= MAX_ZONE else None


def _zone_or_refuse(distance: float, quality_die: int, options: Options) -> int:
    zone = range_zone(distance, quality_die, options=options)
    if zone is None:
        raise RuleError(
            "target_out_of_range",
            template=gettext_noop(
                "infantry beyond range zone 5 cannot be fired upon (§2.4); the target is "
                "{distance}\" from d{quality_die} shooters ({quality_die}\" zones)"
            ),
            params={"distance": distance, "quality_die": quality_die},
            rule="§2.4",
        )
    return zone


def range_die(
    shooter_quality_die: int,
    distance: float,
    *,
    prone: bool = False,
    cover: str = "none",
    attack: str = "aimed",
    cover_protects: bool | None = None,
    options: Options = DEFAULT_OPTIONS,
    zone: int | None = None,
) -> int:
    """§2.4: the target's range die: the zone's die (zone 1 d4 ... zone 5 d12), +1 step if
    prone, +1 step in light cover, +2 steps in hard cover.

    Cover counts only where it can protect: by default hard cover protects against aimed fire
    and fragmentation, light cover (bushes, forest) against aimed fire only
    (``options.light_cover_vs_fragmentation``); ``cover_protects`` states it for a particular
    feature. Past d12 the die stays d12 (``options.range_die_above_d12``). ``zone``: the range
    zone of ``distance`` when the caller has just computed it (:func:`range_zone`).
    """
    if zone is None:
        zone = _zone_or_refuse(distance, shooter_quality_die, options)
    try:
        cover_steps = COVER_STEPS[cover]
    except KeyError:
        raise RuleError(
            "bad_command",
            template=gettext_noop("cover is one of none, light, hard; not {cover!r} (§2.4)"),
            params={"cover": cover},
            rule="§2.4",
        ) from None
    if attack not in ATTACKS:
        raise RuleError(
            "bad_command",
            template=gettext_noop("attack is aimed or fragmentation, not {attack!r} (§2.4)"),
            params={"attack": attack},
            rule="§2.4",
        )
    if cover_protects is None:
        cover_protects = (
            cover == "hard" or attack == "aimed" or options.light_cover_vs_fragmentation
        )
    index = zone - 1 + (1 if prone else 0) + (cover_steps if cover_protects else 0)
    if index > _MAX_INDEX:
        if options.range_die_above_d12 == "refuse":
            raise RuleError(
                "die_above_d12",
                template=gettext_noop(
                    "the range die would improve past d12, which the rules do not define (§2.4)"
                ),
                rule="§2.4",
            )
        index = _MAX_INDEX
    return ZONE_DIE[index]


def check_weapon_range(
    weapon_id: str, distance: float, quality_die: int, *, options: Options = DEFAULT_OPTIONS
) -> None:
    """§2.4/§3.2: refuse a weapon fired beyond its limit (pistols, SMGs, shotguns and
    primitive weapons: range zone 1 only; flamethrowers: 4") or a target beyond zone 5."""
    w = weapon(weapon_id)
    _check_range(w, distance, quality_die, _zone_or_refuse(distance, quality_die, options))


def _check_range(w: Weapon, distance: float, quality_die: int, zone: int) -> None:
    if w.range_zone_limit is not None and zone > w.range_zone_limit:
        raise RuleError(
            "weapon_out_of_range",
            template=gettext_noop(
                "{weapon}s fire only in range zone {limit} (§2.4); the target is in zone {zone} "
                "({distance}\" from d{quality_die} shooters)"
            ),
            params={
                "weapon": terms.weapon(w),
                "limit": w.range_zone_limit,
                "zone": zone,
                "distance": distance,
                "quality_die": quality_die,
            },
            rule="§2.4",
        )
    if w.range_inches_limit is not None and distance > w.range_inches_limit:
        raise RuleError(
            "weapon_out_of_range",
            template=gettext_noop(
                "the {weapon} reaches at most {limit:g}\" (§2.4); the target is {distance}\" away"
            ),
            params={
                "weapon": terms.weapon(w),
                "limit": w.range_inches_limit,
                "distance": distance,
            },
            rule="§2.4",
        )


# ---- §2.5 rate of fire, the shooter's dice and the shot's power ----------------------------


def rof_die(total: float, *, options: Options = DEFAULT_OPTIONS) -> int:
    """§2.5: the small arms' ROF die: the summed ROF rounded **down** to the nearest die; a
    total below 4 rounds **up** to d4 (four pistols fire like one). Above 12: d12
    (``options.rof_above_12``). ``options.rof_rounding="example_5"`` follows the source's
    inline example instead (a total that is not a die size drops one step further: 9 -> d6).
    """
    if total < 4:
        return 4
    if total >= 12:
        if total > 12 and options.rof_above_12 == "refuse":
            raise RuleError(
                "die_above_d12",
                template=gettext_noop(
                    "the small arms' rate of fire totals {total:g}, more than d12 (§2.5); split "
                    "the fire over two actions"
                ),
                params={"total": total},
                rule="§2.5",
            )
        return 12
    die = 4
    for size in DIE_SIZES:
        if size <= total:
            die = size
    if options.rof_rounding == "example_5" and die != total:
        return step(die, -1)
    return die


_SHOT_CACHE: dict[tuple, tuple[tuple[Weapon, int], ...]] = {}
_SHOT_CACHE_LIMIT = 4096


def _shot(weapons_firing: Iterable[tuple[str, int]]) -> tuple[tuple[Weapon, int], ...]:
    """Validate a declared shot and merge repeated weapon ids: ``((Weapon, count), ...)``.

    A shot given as a tuple of tuples (as immutable fold state holds it) is validated once and
    remembered: the fold asks about the same few shots on every replay.
    """
    key = weapons_firing if weapons_firing.__class__ is tuple else None
    if key is not None:
        try:
            return _SHOT_CACHE[key]
        except KeyError:
            pass
        except TypeError:  # unhashable entries (lists): validate every time
            key = None
    merged: dict[str, tuple[Weapon, int]] = {}
    for entry in weapons_firing:
        try:
            weapon_id, count = entry
        except (TypeError, ValueError):
            raise RuleError(
                "bad_command",
                template=gettext_noop("each weapon firing is (weapon_id, count), not {entry!r}"),
                params={"entry": entry},
            ) from None
        w = weapon(weapon_id)
        if count.__class__ is not int or count < 1:
            raise RuleError(
                "bad_command",
                template=gettext_noop(
                    "the number of {weapon_id} firing must be a positive whole number, not "
                    "{count!r}"
                ),
                params={"weapon_id": weapon_id, "count": count},
            )
        previous = merged.get(weapon_id)
        merged[weapon_id] = (w, count) if previous is None else (w, previous[1] + count)
    if not merged:
        raise RuleError(
            "bad_command",
            template=gettext_noop("a shot needs at least one weapon (§2.3)"),
            rule="§2.3",
        )
    shot = tuple(merged.values())
    if key is not None:
        if len(_SHOT_CACHE) >= _SHOT_CACHE_LIMIT:
            _SHOT_CACHE.clear()
        _SHOT_CACHE[key] = shot
    return shot


def shot_weapons(weapons_firing: Iterable[tuple[str, int]]) -> tuple[tuple[Weapon, int], ...]:
    """The weapon table rows of a declared shot, repeated ids merged: ``((Weapon, count),
    ...)`` (``bad_command`` / ``unknown_weapon`` for a malformed shot)."""
    return _shot(weapons_firing)


def _refuse_mixed_support(shot: tuple[tuple[Weapon, int], ...]) -> None:
    raise RuleError(
        "not_covered",
        template=gettext_noop(
            "the rules cover a support weapon firing alone or with the squad's small arms (§2.3, "
            "§2.5); different support weapons ({weapons}) firing without small arms are not "
            "covered: fire them in separate actions"),
        params={"weapons": ", ".join(w.id for w, _ in shot)},
        rule="§2.5",
    )


def shooter_dice(
    quality_die: int,
    weapons_firing: Iterable[tuple[str, int]],
    *,
    distance: float | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> tuple[int, ...]:
    """§2.3/§2.5: the shooter's dice: the quality die, one ROF die for all small arms firing
    (their ROFs summed, :func:`rof_die`) and one die per support weapon firing.

    A support weapon firing alone rolls quality + its own die (example #3: d6 + d8). With
    ``distance``, weapons beyond their range limit are refused (:func:`check_weapon_range`).
    """
    check_die(quality_die, "shooter's quality die", "§2.3")
    shot = _shot(weapons_firing)
    if distance is not None:  # every weapon within its range (the zone is the same for all)
        zone = _zone_or_refuse(distance, quality_die, options)
        for w, _ in shot:
            _check_range(w, distance, quality_die, zone)
    total = 0.0
    has_small_arms = False
    support: list[int] = []
    for w, n in shot:
        if w.rof_die is not None:
            support.extend([w.rof_die] * n)
        else:
            total += small_arm_rof(w, options=options) * n
            has_small_arms = True
    if not has_small_arms and len(shot) > 1:
        _refuse_mixed_support(shot)
    if has_small_arms:
        return (quality_die, rof_die(total, options=options), *support)
    return (quality_die, *support)


def shot_power_die(
    weapons_firing: Iterable[tuple[str, int]], *, options: Options = DEFAULT_OPTIONS
) -> int:
    """§2.5: the power die of the shot's hits.

    A support weapon firing with small arms takes the small arms' power (example #12: a
    sniper rifle with automats -> d8); a support weapon alone keeps its own (example #10:
    LMG d10). Small arms of different power: ``options.mixed_small_arms_power`` (default:
    the most numerous type, a tie to the lower power).
    """
    shot = _shot(weapons_firing)
    small = [(w, n) for w, n in shot if w.rof_die is None]
    if not small:
        if len(shot) > 1:
            _refuse_mixed_support(shot)
        return shot[0][0].power
    if len(small) == 1:
        return small[0][0].power
    rule = options.mixed_small_arms_power
    if rule == "lowest":
        return min(w.power for w, _ in small)
    if rule == "highest":
        return max(w.power for w, _ in small)
    most = max(n for _, n in small)
    powers = [w.power for w, n in small if n == most]
    return min(powers) if rule == "most_numerous_tie_lower" else max(powers)


def support_specials_active(weapons_firing: Iterable[tuple[str, int]]) -> bool:
    """§2.5/§2.9: a weapon's special rules (sniper picks the victim, flamethrower wounds
    automatically) work only when it fires on its own: with no other kind of weapon in the
    shot. In support of small arms every special rule is switched off."""
    return len(_shot(weapons_firing)) == 1


def active_specials(weapons_firing: Iterable[tuple[str, int]]) -> frozenset[str]:
    """§2.9: the special rules in force for this shot's hits (empty in support fire)."""
    shot = _shot(weapons_firing)
    return shot[0][0].specials if len(shot) == 1 else frozenset()


def fires_per_activation(weapon_id: str, *, ground_emplaced: bool) -> int:
    """§2.3: each weapon fires at most once per activation; ground-emplaced heavy infantry
    weapons (tripod MGs...) twice -- never when mounted on a vehicle."""
    w = weapon(weapon_id)
    return 2 if w.heavy_ground_mount and ground_emplaced else 1


def shots_per_battle(weapon_id: str) -> int | None:
    """§2.9 limited ammunition: grenade launchers 3 shots, the OPKa-13 flamethrower 4;
    ``None`` = unlimited."""
    return weapon(weapon_id).limited_ammo


# ---- §2.6 comparing the dice -----------------------------------------------------------------


def fire_outcome(
    shooter_rolls: Sequence[int],
    target_roll: int,
    *,
    shooter_dice: Sequence[int] | None = None,
    target_die: int | None = None,
) -> str:
    """§2.6: count shooter dice strictly above the target's roll: none -> ``"no_effect"``,
    one -> ``"suppress"``, two or more -> ``"suppress_and_hits"``.

    Give ``shooter_dice``/``target_die`` (the sizes rolled) to have the rolls checked.
    """
    if shooter_dice is not None:
        if len(shooter_dice) != len(shooter_rolls):
            raise RuleError(
                "wrong_die",
                template=gettext_noop("the shooter rolls {count} dice, got {got} (§2.3)"),
                params={"count": len(shooter_dice), "got": len(shooter_rolls)},
                rule="§2.3",
            )
        for roll, die in zip(shooter_rolls, shooter_dice):  # noqa: B905 (lengths checked)
            if roll.__class__ is not int or not 0 < roll <= die:
                check_face(roll, die, "shooter's die", "§2.6")
    if target_die is not None and (target_roll.__class__ is not int
                                   or not 0 < target_roll <= target_die):
        check_face(target_roll, target_die, "range die", "§2.6")
    return outcome_of_beats(dice_beating(shooter_rolls, target_roll))


def dice_beating(shooter_rolls: Sequence[int], target_roll: int) -> int:
    """§2.6: how many shooter dice rolled strictly above the target's range die."""
    beats = 0
    for roll in shooter_rolls:
        if roll > target_roll:
            beats += 1
    return beats


def outcome_of_beats(beats: int) -> str:
    """§2.6: none -> no effect, one -> suppress, two or more -> suppress and hits."""
    if beats == 0:
        return NO_EFFECT
    return SUPPRESS if beats == 1 else SUPPRESS_AND_HITS


# ---- §2.7 suppression ------------------------------------------------------------------------


def suppression_after_fire(markers: int, outcome: str, *, no_step_back: bool = False) -> int:
    """§2.7: a suppress or suppress-and-hits result adds one marker, at most 3 on a unit.
    §2.15: squads in the "Not one step back!" state are never given markers."""
    if outcome == NO_EFFECT or no_step_back:
        return markers
    return min(markers + 1, MAX_SUPPRESSION_MARKERS)


def remove_suppression_test(roll: int, leadership: int, *, die: int | None = None) -> bool:
    """§2.7: removing a suppression marker is a command test: the squad's quality die roll
    must beat its commander's leadership. Success removes one marker; failure spends the
    action. Up to twice per activation."""
    if die is not None:
        check_face(roll, die, "quality die", "§2.7")
    return quality_test(roll, leadership)


def suppressed_allows(action: str, *, in_cover: bool = False, vehicle: bool = False,
                      crew_must_get_out: bool = False) -> bool | str:
    """§2.7: what a suppressed unit may do. ``True`` or the reason it may not.

    Infantry: only observe, communicate, reorganise (only in cover), remove suppression and
    move away from the enemy. Vehicles: anything that does not need the crew or passengers to
    get out.
    """
    if vehicle:
        if crew_must_get_out:
            return Sentence(gettext_noop(
                "a suppressed vehicle may not do anything that needs its crew or passengers to "
                "get out (§2.7)"))
        return True
    if action not in SUPPRESSED_INFANTRY_ACTIONS:
        return Sentence(gettext_noop(
            "suppressed infantry may only observe, communicate, reorganise in cover, remove "
            "suppression or move away from the enemy (§2.7), not {action}"), action=action)
    if action == "reorganise" and not in_cover:
        return Sentence(gettext_noop("suppressed infantry may reorganise only in cover (§2.7)"))
    return True


# ---- §2.8 hits and casualties ----------------------------------------------------------------


def potential_hits(shooter_dice_sizes: Sequence[int], target_die: int) -> int:
    """§2.8: potential hits = (sum of the faces of every shooter die, including those that
    failed) / (faces of the target's range die), rounded half up "by the rules of arithmetic"
    (example #10: d6 + d10 vs d10 -> 16 / 10 -> 2; example #11: 14 / 10 -> 1).

    Exact integer arithmetic: ``floor(s/t + 1/2) == (2s + t) // 2t``, not Python's round().
    """
    check_die(target_die, "range die", "§2.8")
    total = 0
    for die in shooter_dice_sizes:
        check_die(die, "shooter's die", "§2.8")
        total += die
    return (2 * total + target_die) // (2 * target_die)


def hit_result(
    power_roll: int,
    armour_roll: int,
    *,
    flamethrower_autowound: bool = False,
    power_die: int | None = None,
    armour_die: int | None = None,
    options: Options = DEFAULT_OPTIONS,
) -> str:
    """§2.8: power vs armour for one hit: ``"killed"`` when the power roll is three times the
    armour roll (>= by default, ``options.killed_threshold``), else ``"wounded"`` when it is
    strictly greater, else ``"no_effect"`` (stopped by helmet, vest...).

    §2.9: a flamethrower firing on its own wounds every victim automatically; a "killed"
    result still kills.
    """
    if power_die is not None:
        check_face(power_roll, power_die, "power die", "§2.8")
    if armour_die is not None:
        check_face(armour_roll, armour_die, "armour die", "§2.8")
    three_times = 3 * armour_roll
    if power_roll > three_times or (
        power_roll == three_times and options.killed_threshold == "at_least_3x"
    ):
        return KILLED
    if flamethrower_autowound or power_roll > armour_roll:
        return WOUNDED
    return NO_EFFECT


def armour_die(
    armour_kind: str,
    *,
    fragmentation: bool = False,
    psi_die: int | None = None,
    aimed_small_arms: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> int:
    """§2.8/§3.3: the target figure's armour die: human or rider d4, full infantry armour d6,
    robot or man-sized equipment d8, power armour d10, flak vest d6 against fragmentation and
    d4 against everything else.

    §2.16: a psionic (``psi_die``) hit by aimed small-arms fire that is not from the air
    (``aimed_small_arms``) rolls the psi die as armour (:func:`psionics.psionic_armour_die`).
    """
    a = armour(armour_kind)
    die = a.vs_fragmentation if fragmentation else a.die
    if psi_die is not None and aimed_small_arms and not fragmentation:
        return psionic_armour_die(psi_die, die, options=options)
    return die


# ---- rules the fragment references but does not contain --------------------------------------


def guidance_die(*_: object, **__: object) -> int:
    """§2.3: heavy infantry and vehicle weapons roll quality + a guidance-system die, which is
    defined in a chapter missing from the source. Always refused."""
    raise RuleError(
        "missing_table",
        template=gettext_noop(
            "the guidance-system die of heavy and vehicle weapons is not in the Steel War source "
            "(§2.3); the engine will not invent it"
        ),
        rule="§2.3",
    )


def evasion_die(*_: object, **__: object) -> int:
    """§2.3: guided missiles roll against an evasion die, which is not in the source."""
    raise RuleError(
        "missing_table",
        template=gettext_noop(
            "the evasion die against guided missiles is not in the Steel War source (§2.3); the "
            "engine will not invent it"
        ),
        rule="§2.3",
    )


def vehicle_armour_die(*_: object, **__: object) -> int:
    """Vehicle armour and penetration are not in the source (§9). Always refused."""
    raise RuleError(
        "missing_table",
        template=gettext_noop(
            "vehicle armour and penetration are not in the Steel War source (§9); the engine "
            "will not invent them"
        ),
        rule="§9",
    )
