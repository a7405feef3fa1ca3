"""The state of a Steel War battle: sides, squads, figures, the activation and the procedure
in progress.

Everything is an immutable ``NamedTuple`` (cheap to copy-with-changes: a fact replaces only the
squad it touches, and the squad only the figures it touches). Ids never change during a
battle, so the id -> position index is computed once and shared by every later state.

JSON (:func:`to_json` / :func:`from_json`) omits fields that hold their default value, which
keeps a squad of ten well under the 2 KB budget.

The fragment of the rulebook has no turn sequence (digest §0, §1), so the engine makes it
explicit: a ``begin_activation`` of one squad, its actions, ``end_activation``, and
``end_turn``. Bookkeeping that lives for one activation (actions used of 2, weapons fired,
suppression removals, reorganisation) sits in :class:`Activation`, because only one squad is
activated at a time; which squads have activated this turn and who fired at whom sit on the
:class:`BattleState` (``activated``, ``fired_upon``: beginning an activation or firing copies
no squad for them); the rest of the turn's bookkeeping (failed reaction tests) sits on the
:class:`Squad`. The JSON writes them on each squad (``activated``, ``fired_at_by``), as the
state's format always has.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from rules.core.errors import RuleError, gettext_noop
from rules.core.kept import KeptByIdentity
from rules.core.procedures import Followup, Resolution, Rulebook, freeze
from rules.steelwar.firepower import COVER_STEPS
from rules.steelwar.options import Options
from rules.steelwar.tables import GRADE_LADDER

# --- figure statuses (§2.8, §2.10, §2.11) -------------------------------------------------

OK = "ok"
WOUNDED_UNCHECKED = "wounded_unchecked"  # an unchecked casualty (§2.12)
STABILISED = "stabilised"
RETURNED = "returned"  # returned to duty at reorganisation: fights again
KILLED = "killed"
PRISONER = "prisoner"
DESTROYED = "destroyed"  # robots and man-sized weapons
LOST_IN_MELEE = "lost_in_melee"  # down in a melee still going on; fate rolled at its end (§2.10)
STATUSES = (OK, WOUNDED_UNCHECKED, STABILISED, RETURNED, KILLED, PRISONER, DESTROYED,
            LOST_IN_MELEE)
#: Statuses of a figure that is in the ranks and fights.
FIGHTING = frozenset({OK, RETURNED})

# --- figure kinds ---------------------------------------------------------------------------

HUMAN = "human"
ANDROID = "android"
ROBOT = "robot"
WEAPON = "weapon"  # a man-sized weapon counted as a figure (§2.9)
KINDS = (HUMAN, ANDROID, ROBOT, WEAPON)

# --- squad presence ------------------------------------------------------------------------

ON_TABLE = "on_table"
LEFT_TABLE = "left_table"  # moved off its own table edge
REMOVED = "removed"  # e.g. failed "Not one step back!" (§2.15)
SURRENDERED = "surrendered"

#: Morale grades best to worst (§2.12) and covers (§2.4), as the rule tables define them.
MORALE_GRADES = GRADE_LADDER
COVERS = tuple(COVER_STEPS)


class Figure(NamedTuple):
    """One figure of a squad (or a man-sized weapon counted as one, §2.9).

    ``armour`` is an armour id of ``data/armour.json``; ``immobilised`` is the robot's first
    damage (§2.9); ``ammo`` counts shots left for limited weapons (§2.5); ``mounted`` is a
    rider with his horse; ``cold_weapon`` a fixed bayonet, sword or axe (+1 melee die step,
    §2.10); ``captured_by`` the side holding a prisoner (§2.10); ``name`` the figure's own
    name where the setup gives one (a campaign's soldier), shown instead of its id.
    """

    id: str
    role: str = "rifleman"
    weapon: str | None = None
    armour: str = "human"
    kind: str = HUMAN
    specialist: bool = False
    status: str = OK
    immobilised: bool = False
    ammo: int | None = None
    psi_die: int | None = None
    mounted: bool = False
    cold_weapon: bool = False
    captured_by: str | None = None
    name: str = ""

    @property
    def fighting(self) -> bool:
        return self.status in FIGHTING


def any_fighting(figures: Iterable[Figure]) -> bool:
    """Whether any of ``figures`` is in the ranks and fights (none: the squad is wiped out,
    §2.8)."""
    for f in figures:  # noqa: SIM110 - a plain loop is 5x cheaper than any() here
        if f.status in FIGHTING:
            return True
    return False


class Squad(NamedTuple):
    """A squad (or a vehicle, a gun and crew: anything that activates as one unit)."""

    id: str
    side: int
    name: str
    quality: int  # the quality die, d4..d12 (§2.0)
    leadership: int  # the squad commander's leadership, 1 best .. 3 worst
    figures: tuple[Figure, ...]
    morale: str
    starting_morale: str  # the ceiling of rallies (§2.12)
    movement_class: str = "infantry"
    speed: int | None = None  # base move in inches; None = not known (digest §2.1)
    capacity: int | None = None  # vehicles: figures it may carry (not in the source)
    amphibious: bool = False  # vehicles that may cross deep water (§3.1)
    suppression: int = 0  # suppression markers, 0..3 (§2.7)
    prone: bool = False
    cover: str = "none"  # none / light / hard (§2.4)
    presence: str = ON_TABLE
    panicking: bool = False
    panic_immune: bool = False
    no_step_back: bool = False
    fearsome: bool = False
    keno_guard: bool = False
    embarked_in: str | None = None
    limbered: bool = False  # its gun is hitched or packed: unlimber first (§2.2)
    wounded_left_behind: bool = False
    under_bombardment: bool = False
    ever_suppressed: bool = False  # "first time" flags (§2.12, §2.14)
    ever_fired_upon: bool = False
    seen_enemy: bool = False
    seen_armour: bool = False
    failed_reactions: tuple[str, ...] = ()  # reaction tests failed this turn (§2.13)
    # chain of command (§2.18): formations above the squad, top down ("bn1", "coy3", "plt1");
    # an officer's unit also names the formation its commander leads ("bn1", "coy3")
    chain: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    avert_eyes_turn: int = 0  # the turn in which psi "avert eyes" shields it (§3.6)
    # a melee that goes on next turn (§2.10): the enemy squad, whether this squad charged, the
    # turn of the last round fought and the terrain id of the fight (riders +2 on easy terrain)
    engaged_with: str | None = None
    melee_attacker: bool = False
    melee_turn: int = 0
    melee_terrain: str | None = None

    @property
    def on_table(self) -> bool:
        return self.presence == ON_TABLE

    def fighting_figures(self) -> tuple[Figure, ...]:
        return tuple([f for f in self.figures if f.status in FIGHTING])

    def has_fighting_figure(self) -> bool:
        return any_fighting(self.figures)

    def unchecked_casualties(self) -> int:
        """Wounded figures whose fate no reorganisation has settled yet (§2.12)."""
        count = 0
        for f in self.figures:  # a plain loop is cheaper than sum() over a generator here
            if f.status == WOUNDED_UNCHECKED:
                count += 1
        return count

    def figure_index(self, figure_id: str) -> int:
        for i, f in enumerate(self.figures):
            if f.id == figure_id:
                return i
        raise RuleError(
            "bad_command",
            template=gettext_noop("{squad} has no figure {figure_id!r}"),
            params={"squad": self.name, "figure_id": figure_id},
            field="params",
        )

    def figure(self, figure_id: str) -> Figure:
        """The figure ``figure_id`` (``bad_command`` naming it if the squad has none)."""
        for f in self.figures:
            if f.id == figure_id:
                return f
        return self.figures[self.figure_index(figure_id)]  # raises, naming the figure

    def with_figure(self, index: int, figure: Figure) -> Squad:
        figures = list(self.figures)
        figures[index] = figure
        return self._replace(figures=tuple(figures))


class Side(NamedTuple):
    """One side of the battle: its motivation and fatigue for this scenario (§2.17)."""

    id: str
    name: str
    motivation: str  # low / medium / high
    fatigue: str  # fresh / tired / exhausted


class Activation(NamedTuple):
    """The activation in progress (engine's reading, see the module docstring)."""

    squad: int
    actions_used: int = 0  # of 2 (§1)
    fired: tuple[str, ...] = ()  # figure ids, once per shot (§2.3)
    suppression_removals: int = 0  # at most 2 (§2.7)
    reorganised: bool = False  # at most once (§2.11)
    psi_powers: tuple[str, ...] = ()  # psi powers used, each once by default (§2.16)


class BattleState(NamedTuple):
    """The whole state of one battle."""

    options: Options
    sides: tuple[Side, ...]
    squads: tuple[Squad, ...]
    index: Mapping[str, int]  # squad id -> position; derived, shared, not serialised
    turn: int = 1
    activated: frozenset[int] = frozenset()  # squads (positions) activated this turn (§1)
    # who fired at whom this turn (§2.12 Broken shoots only back): (target position, shooter
    # id), in squad order, each target's shooters in the order they fired (the JSON's
    # fired_at_by)
    fired_upon: tuple[tuple[int, str], ...] = ()
    activation: Activation | None = None
    resolution: Resolution | None = None  # the procedure in progress (rules.core.procedures)
    queue: tuple[Followup, ...] = ()  # its follow-ups; their ``unit`` is a squad position

    def squad(self, squad_id: str) -> tuple[int, Squad]:
        """Position and squad for ``squad_id`` (RuleError ``bad_command`` if unknown)."""
        try:  # a mappingproxy's get is a method call on the dict behind it; [] is not
            i = self.index[squad_id]
        except KeyError:
            raise RuleError(
                "bad_command",
                template=gettext_noop("there is no squad {squad_id!r}"),
                params={"squad_id": squad_id},
                field="unit",
            ) from None
        return i, self.squads[i]

    def with_squad(self, i: int, squad: Squad, **changes: Any) -> BattleState:
        """A copy with squad ``i`` replaced (and other battle fields changed, if given)."""
        return self._replace(squads=self.squads_with(i, squad), **changes)

    def squads_with(self, i: int, squad: Squad) -> tuple[Squad, ...]:
        """The squads with squad ``i`` replaced (for a copy that changes other fields too:
        ``done(battle, fx, squads=battle.squads_with(i, squad))``)."""
        squads = list(self.squads)
        squads[i] = squad
        return tuple(squads)

    def side_of(self, squad: Squad) -> Side:
        return self.sides[squad.side]

    def has_fired_at(self, shooter_id: str, target_id: str) -> bool:
        """Whether squad ``shooter_id`` has fired at squad ``target_id`` this turn."""
        return (self.index[target_id], shooter_id) in self.fired_upon

    def fired_upon_with(self, shooter_id: str, target_id: str) -> tuple[tuple[int, str], ...]:
        """``fired_upon`` with ``shooter_id`` firing at ``target_id``, kept in squad order."""
        at = self.index[target_id]
        pair, pairs = (at, shooter_id), self.fired_upon
        if pair in pairs:
            return pairs
        k = bisect_left(pairs, (at + 1,))  # after the target's shooters so far
        return pairs[:k] + (pair,) + pairs[k:]


_MEMOS: dict[Options, dict] = {}
_MEMO_LIMIT = 64
_MEMO_ENTRIES = 100_000


def memo(options: Options) -> dict:
    """A cache of pure lookups for battles played under ``options`` (terrain classes, what a
    morale grade allows...), shared by every battle played under equal options (the lookups
    depend on nothing else); the oldest are dropped, and one grown past ``_MEMO_ENTRIES`` (a
    pathological stream) starts again when a battle under other options hands it back. The
    last one asked for is answered first, as it is (a fact asks several times for its
    battle's)."""
    global _LAST
    last = _LAST
    if last[0] is options:
        return last[1]
    cache = _memo(options)
    if len(cache) > _MEMO_ENTRIES:  # a pathological stream: start again
        cache.clear()
    _LAST = (options, cache)
    return cache


_LAST: tuple[Options | None, dict] = (None, {})


def _memo(options: Options) -> dict:
    cache = _MEMOS.get(options)
    if cache is None:
        if len(_MEMOS) >= _MEMO_LIMIT:
            del _MEMOS[next(iter(_MEMOS))]
        cache = _MEMOS[options] = {}
    return cache


def make_index(squads: tuple[Squad, ...]) -> Mapping[str, int]:
    return MappingProxyType({s.id: i for i, s in enumerate(squads)})


# --- JSON ------------------------------------------------------------------------------------


def _compact(record: tuple) -> dict[str, Any]:
    """A NamedTuple as a dict without the fields that hold their default value."""
    defaults = record._field_defaults  # type: ignore[attr-defined]
    out = {}
    for name, value in zip(record._fields, record, strict=True):  # type: ignore[attr-defined]
        if name in defaults and defaults[name] == value:
            continue
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


#: The JSON of figures and squads, kept by identity (:mod:`rules.core.kept`): states share
#: the records an event did not change, so writing the state after each event compacts only
#: what changed. What is kept is never handed out: ``_squad_json`` returns copies (a figure's
#: JSON holds scalars, a squad's lists of scalars).
_FIGURE_JSON = KeptByIdentity(8192)
_SQUAD_JSON = KeptByIdentity(2048)


def _figure_json(f: Figure) -> dict[str, Any]:
    """The figure's kept JSON (shared: copy it before it leaves this module)."""
    kept = _FIGURE_JSON.get(f)
    return kept if kept is not None else _FIGURE_JSON.keep(f, _compact(f))


def _squad_json(s: Squad) -> dict[str, Any]:
    kept = _SQUAD_JSON.get(s)
    if kept is None:
        fields = _compact(s)
        fields["figures"] = None  # keeps its place among the keys; filled in below
        kept = _SQUAD_JSON.keep(s, (fields, [_figure_json(f) for f in s.figures]))
    fields, figures = kept
    out = {k: v.copy() if v.__class__ is list else v for k, v in fields.items()}
    out["figures"] = [f.copy() for f in figures]
    return out


def to_json(battle: BattleState, rulebook: Rulebook) -> dict[str, Any]:
    """The battle as JSON; ``rulebook`` serialises the procedure in progress and the queue
    (whose unit is written as ``"squad"``)."""
    out: dict[str, Any] = {
        "turn": battle.turn,
        "options": battle.options.changed(),
        "sides": [s._asdict() for s in battle.sides],
        "squads": [_squad_json(s) for s in battle.squads],
    }
    squads = out["squads"]
    for i in battle.activated:
        squads[i]["activated"] = True
    for target, shooter in battle.fired_upon:
        squads[target].setdefault("fired_at_by", []).append(shooter)
    if battle.activation is not None:
        out["activation"] = _compact(battle.activation)
    if battle.resolution is not None:
        out["resolution"] = rulebook.resolution_to_json(battle.resolution, unit_key="squad")
    if battle.queue:
        out["queue"] = rulebook.queue_to_json(battle.queue, unit_key="squad")
    return out


def _record(cls, d: Mapping[str, Any]):
    return cls(**{k: freeze(v) for k, v in d.items()})


#: What the JSON writes on a squad but the state keeps on the battle.
_BATTLE_KEYS = frozenset({"activated", "fired_at_by"})


def _squad_record(d: Mapping[str, Any]) -> Squad:
    """A squad from its JSON; its ``activated`` and ``fired_at_by`` belong to the battle."""
    fields = {k: v for k, v in d.items() if k not in _BATTLE_KEYS}
    fields["figures"] = tuple(_record(Figure, f) for f in d["figures"])
    return _record(Squad, fields)


def from_json(d: Mapping[str, Any], rulebook: Rulebook) -> BattleState:
    """Inverse of :func:`to_json`."""
    squads = tuple(_squad_record(s) for s in d["squads"])
    activation = _record(Activation, d["activation"]) if "activation" in d else None
    resolution = None
    if "resolution" in d:
        resolution = rulebook.resolution_from_json(d["resolution"], unit_key="squad")
    return BattleState(
        options=Options.from_dict(d.get("options", {})),
        sides=tuple(Side(**s) for s in d["sides"]),
        squads=squads,
        index=make_index(squads),
        turn=d["turn"],
        activated=frozenset(i for i, s in enumerate(d["squads"]) if s.get("activated")),
        fired_upon=tuple((i, shooter) for i, s in enumerate(d["squads"])
                         for shooter in s.get("fired_at_by", ())),
        activation=activation,
        resolution=resolution,
        queue=rulebook.queue_from_json(d.get("queue", ()), unit_key="squad"),
    )
