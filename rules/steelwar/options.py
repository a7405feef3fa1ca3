"""House-rule options: every reading of the Steel War rules that the source does not settle.

The digest (``shared/rules/000-steel-war.md``) marks such readings PROPOSED, reconstructs lost
table cells, and §7 lists 26 ambiguities. Each one is a field of :class:`Options` whose
default is the digest's reading, so a club can see and change its house interpretation
(``rules/steelwar/README.md`` is the table a club reads). Fields that override a table cell
(ROF of a pistol, a threat cell, a terrain cell...) are applied by the lookup functions of
:mod:`rules.steelwar.tables`, so a club's choice really changes outcomes.

Every field carries metadata: ``rule`` (the § reference), ``source`` (SOURCE, INFERRED or
PROPOSED), ``reading`` (what the default means), ``alternatives`` and ``reason``.
"""

from __future__ import annotations

import typing
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal

Cap = Literal["cap", "refuse"]
TerrainClassId = Literal["easy", "difficult", "very_difficult", "impassable"]


def _opt(default: Any, rule: str, source: str, reading: str, alternatives: str, reason: str,
         **limits: Any) -> Any:
    return field(
        default=default,
        metadata={
            "rule": rule,
            "source": source,
            "reading": reading,
            "alternatives": alternatives,
            "reason": reason,
            **limits,
        },
    )


@dataclass(frozen=True, slots=True)
class Options:
    """A club's reading of the Steel War rules. Defaults are the digest's proposals."""

    # ---- §2.1 movement -------------------------------------------------------------------
    mixed_path_terrain: Literal["worst_class", "per_segment"] = _opt(
        "worst_class", "§2.1", "PROPOSED",
        "a move crossing several terrain classes uses the worst class crossed for the whole move",
        "'per_segment': each inch costs 1 (easy), 2 (difficult) or 3 (very difficult)",
        "the source does not say how a path through several classes is measured")
    combat_move_terrain_modified: bool = _opt(
        True, "§2.1, §7 #11", "INFERRED",
        "the 2d6\" combat move is divided by terrain like any move",
        "False: terrain only forbids (impassable), never slows a combat move",
        "the forest example halves '2d6 if combat move'; the rule itself is in a lost chapter")
    wheeled_bushes: TerrainClassId = _opt(
        "very_difficult", "§3.1, §7 #25", "PROPOSED",
        "ordinary scrub is very difficult for plain wheeled vehicles",
        "any terrain class id (the source also says 'any bushes' are impassable)",
        "the wheeled list names bushes both very difficult and impassable")
    wheeled_dense_bushes: TerrainClassId = _opt(
        "impassable", "§3.1, §7 #25", "PROPOSED",
        "dense scrub is impassable for plain wheeled vehicles",
        "any terrain class id",
        "the wheeled list's 'any bushes are impassable' is read as dense scrub")
    rails_for_other_classes: Literal["surrounding_terrain", "easy"] = _opt(
        "surrounding_terrain", "§3.1", "PROPOSED",
        "intact rails count as the terrain around them for every class except rail transport",
        "'easy': rails are easy going for everyone",
        "rails are classified only for rail transport")

    # ---- §2.4 range zones and range die ------------------------------------------------------
    zone_boundary: Literal["inner", "outer"] = _opt(
        "inner", "§2.4, §7 #1", "PROPOSED",
        "zone = max(1, ceil(distance / width)): a target exactly on a boundary is in the inner "
        "(lower) zone",
        "'outer': zone = floor(distance / width) + 1, a boundary belongs to the outer zone",
        "the text writes zones as '0-6, 6-12' and leaves boundaries open; all examples fit")
    recruit_zones: Literal["uniform", "as_printed"] = _opt(
        "uniform", "§2.4, §4 #6", "PROPOSED",
        "recruits (d6) have uniform 6\" zones: 0-6, 6-12, 12-18, 18-24, 24-30",
        "'as_printed': the printed recruit zones 0-6, 6-12, 12-24, 24-30, 30-36",
        "the printed recruit example contradicts the stated rule of 6\" zones")
    range_die_above_d12: Cap = _opt(
        "cap", "§2.4, §7 #2", "PROPOSED",
        "a range die improved past d12 (zone 5 + cover + prone) stays d12",
        "'refuse': the engine refuses the shot with an error",
        "the text never says what lies beyond d12")
    light_cover_vs_fragmentation: bool = _opt(
        False, "§2.4", "PROPOSED",
        "light cover (bushes, forest, flimsy walls) protects only against aimed fire, hard "
        "cover against aimed fire and fragments; a caller may state per feature otherwise",
        "True: light cover also protects against fragmentation",
        "the source: bushes give nothing against artillery fragments but count against a sniper")

    # ---- §2.5 rate of fire and the shot's power ---------------------------------------------
    rof_rounding: Literal["down_to_die", "example_5"] = _opt(
        "down_to_die", "§2.5, §4 #5", "PROPOSED",
        "the ROF total rounds down to the nearest die: 9 -> d8, 10 -> d10, 12 -> d12",
        "'example_5': a total that is not a die size drops one further step (9 -> d6, as the "
        "source's example writes; 10 -> d10 and 12 -> d12 as in example #4)",
        "the inline example turns 9 into d6, contradicting the rule it illustrates")
    rof_above_12: Cap = _opt(
        "cap", "§2.5, §7 #3", "PROPOSED",
        "a ROF total above 12 gives d12",
        "'refuse': the engine refuses the shot; split the fire over two actions",
        "example #4 splits 7 SMGs into 4 + 3 rather than firing 21")
    rof_pistol: float = _opt(
        1, "§3.2, §7 #4", "PROPOSED", "pistol ROF 1",
        "any positive number (INFERRED to be at most 1)",
        "cell lost; four pistols fire no better than one", minimum=0)
    rof_shotgun: float = _opt(
        1, "§3.2, §7 #4", "PROPOSED", "shotgun ROF 1", "any positive number",
        "cell lost in conversion", minimum=0)
    rof_automat: float = _opt(
        2, "§3.2, §7 #4", "PROPOSED", "automat ROF 2", "any positive number",
        "cell lost in conversion", minimum=0)
    rof_improved_automat: float = _opt(
        3, "§3.2, §7 #4", "PROPOSED", "improved automat ROF 3", "any positive number",
        "cell lost; it must differ from the best automat's, the order is a guess", minimum=0)
    rof_best_automat: float = _opt(
        4, "§3.2, §7 #4", "PROPOSED", "best automat ('Queen') ROF 4", "any positive number",
        "cell lost in conversion", minimum=0)
    mixed_small_arms_power: Literal[
        "most_numerous_tie_lower", "most_numerous_tie_higher", "lowest", "highest"
    ] = _opt(
        "most_numerous_tie_lower", "§2.5, §7 #5", "PROPOSED",
        "small arms of different power in one shot: the power of the most numerous type, a "
        "tie goes to the lower power",
        "'most_numerous_tie_higher', 'lowest', 'highest'",
        "the source does not cover mixed small arms")
    grenade_launcher_fragmentation: bool = _opt(
        True, "§2.8", "PROPOSED",
        "grenade launcher hits on infantry are fragmentation hits (flak vests roll d6)",
        "False: they are ordinary hits",
        "the source says its round acts as HE, with fragments and blast, against infantry")

    # ---- §2.8 hits and casualties -------------------------------------------------------------
    killed_threshold: Literal["at_least_3x", "more_than_3x"] = _opt(
        "at_least_3x", "§2.8, §7 #6", "PROPOSED",
        "killed when power roll >= 3 x armour roll",
        "'more_than_3x': killed only when power roll > 3 x armour roll",
        "'three times as much' (втрое больше); no example tests the boundary")
    hit_allocation: Literal["ladder_die_reroll", "generic_die", "target_player_picks"] = _opt(
        "ladder_die_reroll", "§2.8, §7 #7", "PROPOSED",
        "number the eligible figures from the left; roll the smallest ladder die (d4..d12) "
        "with at least that many faces and roll again on a number above the count; above 12 "
        "figures roll a ladder die for the block of 12 and a d12 within it",
        "'generic_die': one die with exactly as many faces as eligible figures (a dice app); "
        "'target_player_picks': the target's player names each figure hit",
        "the example rolls d10 for 10 figures; other group sizes have no die on the ladder")
    hits_without_replacement: bool = _opt(
        True, "§2.8, §7 #7", "PROPOSED",
        "a figure already hit by this shot cannot be hit again; surplus hits are lost",
        "False: every hit is allocated among all eligible figures, a figure may be hit twice",
        "the source does not say")
    robot_undamaged_killed: Literal["destroyed", "immobilised"] = _opt(
        "destroyed", "§2.9, §7 #8", "PROPOSED",
        "a 'killed' result on an undamaged robot destroys it at once",
        "'immobilised': the first hit of any kind only immobilises",
        "the source describes only 'wounded' then the next hit")
    suit_or_horse_loss_is_casualty: bool = _opt(
        False, "§2.8", "PROPOSED",
        "a power-armour wearer losing the suit or a rider losing the horse ('wounded') is not a "
        "casualty for morale",
        "True: it counts as a casualty from fire",
        "the source says such a figure 'becomes an ordinary man', not that he is lost")
    robot_destroyed_is_casualty: bool = _opt(
        True, "§2.9", "PROPOSED",
        "a destroyed robot is a casualty for morale (an immobilised one is not)",
        "False: robots never count as casualties for morale",
        "the source excludes only destroyed man-sized weapons from morale casualties")
    backpack_explosion_hits: Literal["all_figures", "own_unit_only"] = _opt(
        "all_figures", "§2.9", "PROPOSED",
        "the exploding Keno backpack flamethrower hits every figure within 4\", friend or foe",
        "'own_unit_only'",
        "the source says 'all fighters within 4 inches'")

    # ---- §2.10 melee ---------------------------------------------------------------------------
    charge_threat_confident: int = _opt(
        0, "§2.10, §2.13, §7 #10", "PROPOSED", "a Confident squad charges at threat 0",
        "any threat, e.g. 1 as for Steady", "the source lists only Steady (+1) and Shaken (+3)",
        minimum=0)
    shaken_may_charge: bool = _opt(
        True, "§2.10, §2.12", "SOURCE",
        "a Shaken squad may declare a charge (charge test threat +3)",
        "False: Shaken squads never approach the enemy, so never charge",
        "the melee rule gives Shaken +3, the Shaken grade forbids approaching the enemy")
    charge_short_no_casualties: Literal["second_move_without_test", "charge_fails"] = _opt(
        "second_move_without_test", "§2.10, §7 #12", "PROPOSED",
        "when the defender's free fire causes no casualties the attacker makes the second "
        "combat move without a test",
        "'charge_fails': the charge ends where the first move ended",
        "the source covers only free fire that causes casualties")
    charge_still_short: Literal["stay_where_ended", "return_to_start"] = _opt(
        "stay_where_ended", "§2.10, §7 #12", "PROPOSED",
        "a second combat move that still falls short ends the charge where it stopped",
        "'return_to_start': the attackers go back to their starting positions",
        "the source does not say")
    fearsome_doubling: Literal["threat_total", "threat_and_leadership"] = _opt(
        "threat_total", "§2.10, §7 #13", "PROPOSED",
        "fearsome attackers double the defender's whole threat total, not its leadership",
        "'threat_and_leadership': the whole threshold is doubled",
        "'all threat modifiers are doubled, not only those caused by the attack'")
    melee_die_above_d12: Cap = _opt(
        "cap", "§2.10", "PROPOSED", "melee bonuses past d12 stay d12",
        "'refuse': the engine refuses the melee die", "the text never says what lies beyond d12")
    post_melee_tie_first: Literal["defender", "attacker"] = _opt(
        "defender", "§2.10, §7 #14", "PROPOSED",
        "when both sides lost as many figures, the defender tests first",
        "'attacker'", "the source names only 'the side with more casualties'")
    post_melee_second_threat: Literal["own_casualties", "first_side_casualties"] = _opt(
        "own_casualties", "§2.10, §7 #14", "PROPOSED",
        "the second side tests at +1 per its own casualty",
        "'first_side_casualties': at the same threat as the first side",
        "the text says 'the same test on the same conditions'")
    melee_winner_wounded: Literal["unchecked_casualty", "returned_to_duty"] = _opt(
        "unchecked_casualty", "§2.10", "PROPOSED",
        "the melee winner's wounded become unchecked casualties (settled at reorganisation)",
        "'returned_to_duty'", "the source says only what happens to the winner's unharmed")
    melee_tie: Literal["roll_again", "next_turn"] = _opt(
        "roll_again", "§2.10", "PROPOSED",
        "a pair whose melee dice tie rolls again at once, until one of the two falls (or one "
        "is taken down by another opponent); the post-melee tests follow",
        "'next_turn': a tie does nothing this round; the pair fights on if the melee goes on "
        "next turn",
        "'if the result is equal, the fight goes on' comes right after 'the lower is a casualty "
        "at once', and the tests come 'when all the fights have been fought out this way'")

    # ---- §2.11 reorganisation ----------------------------------------------------------------
    medic_surgeon_stacking: Literal["best_only", "cumulative"] = _opt(
        "best_only", "§2.11, §7 #16", "PROPOSED",
        "medic (+1) and field surgeon (+2) do not stack: the best applies, at most +2",
        "'cumulative': +3 with both", "the source does not say")

    # ---- §2.12 morale ------------------------------------------------------------------------
    morale_half_rule: Literal["twice_roll_at_most_threshold", "twice_roll_at_most_needed"] = _opt(
        "twice_roll_at_most_threshold", "§2.12, §7 #17", "PROPOSED",
        "two grades are lost when 2 x roll <= leadership + threat",
        "'twice_roll_at_most_needed': when 2 x roll <= leadership + threat + 1 (half of the "
        "lowest passing roll)",
        "'rolled half of what was needed'; both readings fit example #20")
    morale_below_routing: Literal["clamp", "surrender"] = _opt(
        "clamp", "§2.12, §7 #17", "PROPOSED",
        "a drop past Routing leaves the squad Routing",
        "'surrender': a drop past Routing removes the squad as surrendered",
        "the source does not say")
    threat_first_suppressed_low: int | None = _opt(
        1, "§3.4, §7 #18", "PROPOSED", "first suppression, low motivation: 1",
        "any threat, or null for 'no test'", "cell lost; pattern Low = Medium + 1", minimum=0)
    threat_first_suppressed_medium: int | None = _opt(
        0, "§3.4, §7 #18", "PROPOSED", "first suppression, medium motivation: 0",
        "any threat up to 3 (example #18), or null", "cell lost", minimum=0)
    threat_first_suppressed_high: int | None = _opt(
        None, "§3.4, §7 #18", "INFERRED", "first suppression, high motivation: no test",
        "any threat", "a 'No test' survived in this row; example #18 places it under High",
        minimum=0)
    threat_casualties_low: int | None = _opt(
        2, "§3.4, §7 #18", "PROPOSED", "casualties from fire, low motivation: 2",
        "any threat, or null", "cell lost; pattern Low = Medium + 1", minimum=0)
    threat_casualties_medium: int | None = _opt(
        1, "§3.4, §7 #18", "PROPOSED", "casualties from fire, medium motivation: 1",
        "any threat up to 3 (example #18), or null", "cell lost", minimum=0)
    threat_casualties_high: int | None = _opt(
        None, "§3.4, §7 #18", "INFERRED", "casualties from fire, high motivation: no test",
        "any threat", "a 'No test' survived in this row; example #18 places it under High",
        minimum=0)
    threat_lost_more_than_remain_medium: int | None = _opt(
        3, "§3.4, §7 #18", "PROPOSED", "lost more than remain, medium motivation: 3",
        "any threat, or null", "cell lost; low is 4 (example #20)", minimum=0)
    threat_lost_more_than_remain_high: int | None = _opt(
        2, "§3.4, §7 #18", "PROPOSED", "lost more than remain, high motivation: 2",
        "any threat, or null", "cell lost; pattern High = Low - 2", minimum=0)
    threat_commander_lost_low: int | None = _opt(
        4, "§3.4, §7 #18", "PROPOSED", "commander lost, low motivation: 4",
        "any threat, or null", "cell lost; medium is 3 (examples #18, #19)", minimum=0)
    threat_commander_lost_high: int | None = _opt(
        2, "§3.4, §7 #18", "PROPOSED", "commander lost, high motivation: 2",
        "any threat, or null", "cell lost; pattern High = Medium - 1", minimum=0)

    # ---- §2.13 reaction tests ----------------------------------------------------------------
    prone_move_threat: int = _opt(
        2, "§2.4, §2.13, §7 #9", "PROPOSED", "moving without leaving prone: threat 2",
        "0, as the prone paragraph's 'roll above leadership'",
        "the reaction list says 2, the prone paragraph a plain command test", minimum=0)
    shaken_leave_cover_threat: int = _opt(
        2, "§2.12, §2.13, §7 #9", "PROPOSED", "a Shaken squad leaving cover: threat 2",
        "0, as the Shaken description's 'roll above leadership'",
        "the reaction list says 2, the Shaken description a plain command test", minimum=0)

    # ---- §2.14 panic ---------------------------------------------------------------------------
    panic_outside_activation: Literal["next_activation_spent", "next_activation_free"] = _opt(
        "next_activation_spent", "§2.14, §7 #23", "PROPOSED",
        "a squad that starts panicking outside its activation spends its next own activation "
        "on the recovery test",
        "'next_activation_free': the failed test was its 'activation'; it may act next time",
        "the source says only 'the squad does nothing this activation'")
    panic_triggers_cumulative: bool = _opt(
        False, "§2.14", "PROPOSED",
        "each quality panics only on its own listed events (as printed)",
        "True: a lower grade also panics on every event listed for the grades above it",
        "the text gives one list per grade; young soldiers 'panic more easily'")

    # ---- §2.15 "Not one step back!" --------------------------------------------------------------
    no_step_back_enemy_counts: Literal["better_than_broken", "not_routing"] = _opt(
        "better_than_broken", "§2.15, §7 #24", "PROPOSED",
        "an enemy squad 'neither retreating nor routing' is one better than Broken",
        "'not_routing': Broken enemy squads count too",
        "'retreating' is read as Broken, whose only moves are retreats")
    no_step_back_timing: Literal["action", "free"] = _opt(
        "action", "§2.15, §7 #24", "PROPOSED",
        "the test is an action of the squad in its own activation when the conditions hold",
        "'free': it may be taken at any moment the conditions hold, at no action cost",
        "the timing is not stated")
    no_step_back_end: Literal["broken_or_routing", "broken_only"] = _opt(
        "broken_or_routing", "§2.15, §7 #24", "PROPOSED",
        "the state ends when no enemy is in view except Broken or Routing ones",
        "'broken_only': as printed, only Broken enemies may remain in view",
        "the text names only Broken; a Routing enemy is even less of a threat")
    no_step_back_clears_suppression: bool = _opt(
        True, "§2.15", "PROPOSED",
        "existing suppression markers are removed on success",
        "False: existing markers stay, only new ones are not given",
        "the source says such squads 'are not given suppression markers'")

    # ---- §2.16 psionics ------------------------------------------------------------------------
    psi_success_comparison: Literal["at_least", "greater_than"] = _opt(
        "at_least", "§2.16, §7 #21", "PROPOSED", "a power succeeds on roll >= its number",
        "'greater_than': roll > its number",
        "the power list says 'greater than or equal', the intro 'greater than'")
    psi_below_d4: Literal["impossible", "clamp_d4"] = _opt(
        "impossible", "§2.16, §7 #20", "PROPOSED",
        "a power whose psi die would fall below d4 with range cannot be used",
        "'clamp_d4': it is rolled on d4", "the source stops its example at d4")
    suppressed_psionic_may_use_powers: bool = _opt(
        False, "§2.16, §7 #21", "PROPOSED",
        "a suppressed psionic cannot use powers", "True",
        "powers have 'the same limitations as shooting'")
    psi_power_once_per_activation: bool = _opt(
        True, "§2.16, §7 #21", "PROPOSED",
        "each power at most once per activation (two different powers are allowed)", "False",
        "'the same limitations as shooting', where each weapon fires once")
    psionic_armour: Literal["better_of", "psi_die"] = _opt(
        "better_of", "§2.16, §7 #26", "PROPOSED",
        "a psionic hit by aimed small arms rolls the better of the psi die and the normal "
        "armour die",
        "'psi_die': always the psi die, as printed ('instead of the usual d4')",
        "the text assumes the usual d4; a d4 psionic in power armour would lose by it")
    android_psi_resist: Literal["min_quality_d6", "always_d6"] = _opt(
        "min_quality_d6", "§2.16, §7 #22", "PROPOSED",
        "androids resist psi on the worse of their quality die and d6",
        "'always_d6': on d6, as printed, even when their quality die is d4",
        "the text means a handicap")
    psi_inspire_default_leadership: int = _opt(
        2, "§3.6", "PROPOSED",
        "the inspire power uses the psionic's leadership, or 2 if the psionic has none",
        "1 or 3", "the rally threshold adds a commander's leadership", minimum=1, maximum=3)

    # ---- §2.18 rally -----------------------------------------------------------------------------
    rally_threat: Literal["additive_factors", "none"] = _opt(
        "additive_factors", "§2.18, §7 #19", "PROPOSED",
        "the rally's 'current threat level' is the sum of the '+' factors that apply now",
        "'none': no threat is added", "example #21 uses exactly the '+' factors (+0, +2)")
    rally_contact_inclusive: bool = _opt(
        True, "§2.18", "PROPOSED",
        "contact is automatic within 6\" (6\" included) and in line of sight",
        "False: strictly less than 6\"",
        "the requirement says 'within 6 inches', the comms test 'less than 6 inches'")
    comms_below_d4: Literal["impossible", "clamp_d4"] = _opt(
        "impossible", "§2.18, §7 #20", "PROPOSED",
        "a comms die worsened below d4 by bypassed links makes the rally impossible",
        "'clamp_d4': it is rolled on d4", "the source does not say")
    suppressed_commander_may_rally: bool = _opt(
        False, "§2.7, §2.18", "PROPOSED",
        "a suppressed commander's unit may not rally: the rally is not among the five actions "
        "of suppressed infantry", "True: the rally counts as 'communicate', which is allowed",
        "the rally's first stage is a comms test, and suppressed infantry may 'communicate'")

    def __post_init__(self) -> None:
        for name, spec in _SPECS.items():
            spec.check(name, getattr(self, name))

    @classmethod
    def from_dict(cls, d: typing.Mapping[str, Any]) -> Options:
        """Build options from a mapping (e.g. a club's JSON); missing keys keep the default.

        Raises ``ValueError`` naming the key for an unknown key, a wrong type or a value
        outside the allowed choices.
        """
        if not isinstance(d, typing.Mapping):
            raise ValueError(f"options must be a mapping, not {type(d).__name__}")
        for key in d:
            if key not in _SPECS:
                raise ValueError(
                    f"unknown Steel War option {key!r}; known options: {', '.join(_SPECS)}"
                )
        return cls(**d)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-ready; ``Options.from_dict(o.to_dict()) == o``."""
        return {name: getattr(self, name) for name in _SPECS}

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the digest's defaults (a club's house rules)."""
        return {
            name: getattr(self, name)
            for name, spec in _SPECS.items()
            if getattr(self, name) != spec.default
        }


@dataclass(frozen=True, slots=True)
class _Spec:
    """What values an option accepts (built once from the type hints and metadata)."""

    default: Any
    choices: tuple[Any, ...] | None
    kinds: tuple[type, ...]
    nullable: bool
    minimum: float | None
    maximum: float | None

    def check(self, key: str, value: Any) -> None:
        if value is None:
            if self.nullable:
                return
            raise ValueError(f"option {key!r} may not be null")
        if self.choices is not None:
            if value not in self.choices or isinstance(value, bool) != isinstance(
                self.choices[0], bool
            ):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise ValueError(f"option {key!r} must be one of {allowed}; got {value!r}")
            return
        is_bool = isinstance(value, bool)
        if (is_bool and bool not in self.kinds) or not isinstance(value, self.kinds):
            wanted = " or ".join(k.__name__ for k in self.kinds)
            raise ValueError(
                f"option {key!r} must be {wanted}, not {type(value).__name__} {value!r}"
            )
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {key!r} must be at least {self.minimum}; got {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {key!r} must be at most {self.maximum}; got {value!r}")


def _build_specs() -> dict[str, _Spec]:
    hints = typing.get_type_hints(Options)
    specs: dict[str, _Spec] = {}
    for f in fields(Options):
        hint = hints[f.name]
        args = typing.get_args(hint)
        nullable = type(None) in args
        if typing.get_origin(hint) is Literal:
            choices, kinds = args, (str,)
        elif hint is bool:
            choices, kinds = (True, False), (bool,)
        else:
            choices = None
            base = tuple(a for a in args if a is not type(None)) or (hint,)
            kinds = (int, float) if float in base else base
        assert f.default is not MISSING
        specs[f.name] = _Spec(
            default=f.default,
            choices=choices,
            kinds=kinds,
            nullable=nullable,
            minimum=f.metadata.get("minimum"),
            maximum=f.metadata.get("maximum"),
        )
    return specs


_SPECS: dict[str, _Spec] = _build_specs()

#: The digest's reading of everything; what every rule function uses unless told otherwise.
DEFAULT_OPTIONS = Options()


def _kind(spec: _Spec) -> str:
    """What a form asks for: ``bool``, ``choice``, ``int`` or ``number``."""
    if spec.choices is not None:
        return "bool" if isinstance(spec.choices[0], bool) else "choice"
    return "number" if float in spec.kinds else "int"


def describe() -> list[dict[str, Any]]:
    """Every option with its default and metadata, in declaration order (for docs and UIs):
    ``kind`` (bool / choice / int / number) and ``nullable`` say what values it takes."""
    return [
        {"name": f.name, "default": f.default, "choices": _SPECS[f.name].choices,
         "kind": _kind(_SPECS[f.name]), "nullable": _SPECS[f.name].nullable, **f.metadata}
        for f in fields(Options)
    ]
