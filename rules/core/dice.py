"""Dice: die steps, named dice requests and validation of entered dice.

Rule systems never roll. They *ask* for dice with :class:`DiceRequest` (a stable ``key`` such
as ``"shooter.quality"``, a human ``label`` such as ``"shooter quality die d6"``, the die size
and how many), and the values arrive later in a ``dice`` fact -- typed in from physical dice
at the table or rolled by the server and recorded. :func:`check_roll` validates those values
against the request, so every rule system rejects a 7 on a d6 with the same error.

The requests are generic enough for every system in ``shared/rules``: d4..d12 steps, d3,
2d6 (``count=2``), d6 pools (``count=n``), exploding dice (``explodes=True``: a value is the
total of an exploding chain) and symbolic dice (``faces=(...)``: values are face labels).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.core.errors import RuleError, Sentence, gettext_noop

#: The ladder of die sizes used by die-step games ("+1 step" = next larger die).
DIE_SIZES: tuple[int, ...] = (4, 6, 8, 10, 12)

#: The ladder's dice by name, to translate where a page shows them ("d6"; Russian «к6», as
#: the rulebooks write dice).
DIE_LABELS: dict[int, str] = {4: gettext_noop("d4"), 6: gettext_noop("d6"), 8: gettext_noop("d8"),
                              10: gettext_noop("d10"), 12: gettext_noop("d12")}


def _index(die: int) -> int:
    try:
        return DIE_SIZES.index(die)
    except ValueError:
        raise RuleError(
            "wrong_die", template=gettext_noop("d{die} is not on the die ladder d4..d12"),
            params={"die": die}, field="die",
        ) from None


def step(die: int, n: int) -> int:
    """Move ``die`` ``n`` steps along :data:`DIE_SIZES`, clamping at d4 and d12.

    ``step(6, 1) == 8``; ``step(12, 2) == 12``; ``step(4, -1) == 4``.
    """
    i = _index(die) + n
    return DIE_SIZES[max(0, min(i, len(DIE_SIZES) - 1))]


def step_or_none(die: int, n: int) -> int | None:
    """Like :func:`step`, but ``None`` when the die would fall below d4 (still clamps at d12).

    For rules where a die worsened past d4 makes the action impossible.
    """
    i = _index(die) + n
    if i < 0:
        return None
    return DIE_SIZES[min(i, len(DIE_SIZES) - 1)]


def round_half_up(x: int | float | Fraction) -> int:
    """Round to the nearest integer, halves upwards ("by the rules of arithmetic").

    Unlike Python's ``round`` (banker's rounding): ``round_half_up(2.5) == 3``,
    ``round_half_up(Fraction(16, 10)) == 2``, ``round_half_up(Fraction(14, 10)) == 1``.
    Computed exactly on fractions.
    """
    return math.floor(Fraction(x) + Fraction(1, 2))


def die_name(sides: int, count: int = 1) -> str:
    """``"d6"``, ``"2d6"``."""
    return f"d{sides}" if count == 1 else f"{count}d{sides}"


@dataclass(frozen=True, slots=True)
class DiceRequest:
    """Dice a rule system needs next, named by purpose.

    ``key`` is stable and machine-readable (``"shooter.quality"``, ``"hit.1.power"``);
    ``label`` is what a player reads (``"shooter quality die d6"``); ``sides`` and ``count``
    say what to roll; ``unit`` names the unit that rolls, if any. ``explodes`` marks dice
    that are re-rolled and added on their top face; ``faces`` lists the face labels of a
    symbolic die (then ``len(faces) == sides`` and values are labels, not numbers).
    """

    key: str
    label: str
    sides: int
    count: int = 1
    unit: str | None = None
    explodes: bool = False
    faces: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.sides < 2 or self.count < 1:
            raise ValueError(f"bad dice request {self.key}: {self.count}d{self.sides}")
        if self.faces is not None and len(self.faces) != self.sides:
            raise ValueError(f"dice request {self.key}: {len(self.faces)} faces on a d{self.sides}")

    @property
    def die(self) -> str:
        """``"d6"`` or ``"2d6"``."""
        return die_name(self.sides, self.count)

    def to_json(self) -> dict:
        out: dict = {"key": self.key, "label": self.label, "sides": self.sides, "count": self.count}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.explodes:
            out["explodes"] = True
        if self.faces is not None:
            out["faces"] = list(self.faces)
        return out

    @classmethod
    def from_json(cls, d: Mapping) -> DiceRequest:
        faces = d.get("faces")
        return cls(
            key=d["key"],
            label=d["label"],
            sides=d["sides"],
            count=d.get("count", 1),
            unit=d.get("unit"),
            explodes=d.get("explodes", False),
            faces=tuple(faces) if faces is not None else None,
        )


def _is_face(request: DiceRequest, value: object) -> bool:
    if request.faces is not None:
        return value in request.faces
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        return False
    if request.explodes:
        # an exploding total is k full top faces plus one final non-top face
        return value % request.sides != 0
    return value <= request.sides


def check_roll(request: DiceRequest, values: object) -> tuple:
    """Validate entered dice for ``request`` and return them as a tuple.

    ``values`` is a sequence of ``request.count`` faces, a bare face when ``count == 1``, or a
    mapping ``{"sides": n, "values": [...]}`` that also states which die was rolled.
    Raises ``RuleError("wrong_die")`` for the wrong die size or number of dice, and
    ``RuleError("die_out_of_range")`` for a value that is not a face of the die.
    """
    if type(values) is list and len(values) == request.count and request.faces is None:
        sides, explodes = request.sides, request.explodes
        for value in values:  # the common case: plain faces
            if (type(value) is not int or value < 1
                    or (value % sides == 0 if explodes else value > sides)):
                break
        else:
            return tuple(values)
    what = request.label
    if isinstance(values, Mapping):
        sides = values.get("sides")
        if sides is not None and sides != request.sides:
            raise RuleError(
                "wrong_die",
                template=gettext_noop("{what} is a d{sides}, not a d{sent}"),
                params={"what": what, "sides": request.sides, "sent": sides},
                field=f"rolls.{request.key}",
            )
        values = values.get("values")
    if isinstance(values, int | str) and not isinstance(values, bool):
        values = (values,)
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise RuleError(
            "wrong_die", template=gettext_noop("{what}: expected a list of dice values"),
            params={"what": what}, field=f"rolls.{request.key}",
        )
    if len(values) != request.count:
        raise RuleError(
            "wrong_die",
            template=gettext_noop("{what} needs 1 die, got {got}") if request.count == 1
            else gettext_noop("{what} needs {count} dice, got {got}"),
            params={"what": what, "count": request.count, "got": len(values)},
            field=f"rolls.{request.key}",
        )
    for value in values:
        if not _is_face(request, value):
            raise RuleError(
                "die_out_of_range",
                template=gettext_noop("{value!r} is not a face of an exploding d{sides} ({what})")
                if request.explodes
                else gettext_noop("{value!r} is not a face of a d{sides} ({what})"),
                params={"value": value, "sides": request.sides, "what": what},
                field=f"rolls.{request.key}",
            )
    return tuple(values)


_NOT_SENT = object()


def check_rolls(
    requests: Sequence[DiceRequest], rolls: Mapping[str, object], *, partial: bool = True
) -> dict[str, tuple]:
    """Validate a ``rolls`` map (request key -> values) against the pending ``requests``.

    A key that is not pending is ``wrong_die``. With ``partial=False`` every request must be
    answered. Returns the validated values by key. When as many dice are sent as are pending
    (the common case) they are matched request by request, without an index of the requests
    by key.
    """
    if not rolls or not (type(rolls) is dict or isinstance(rolls, Mapping)):
        raise RuleError("wrong_die", template=gettext_noop("a dice fact needs a non-empty 'rolls' map"),
                        field="rolls")
    if len(rolls) == len(requests):  # every pending die sent at once: the common case
        out: dict[str, tuple] = {}
        for request in requests:
            values = rolls.get(request.key, _NOT_SENT)
            if values is _NOT_SENT:
                break  # a die that is not pending was sent instead: named below
            out[request.key] = check_roll(request, values)
        else:
            return out
    by_key = {r.key: r for r in requests}
    out = {}
    for key, values in rolls.items():
        request = by_key.get(key)
        if request is None:
            pending = ", ".join(by_key) or Sentence(gettext_noop("nothing"))
            raise RuleError(
                "wrong_die",
                template=gettext_noop("no die {key!r} is pending (pending: {pending})"),
                params={"key": key, "pending": pending},
                field=f"rolls.{key}",
            )
        out[key] = check_roll(request, values)
    if not partial:
        missing = [r.label for r in requests if r.key not in out]
        if missing:
            raise RuleError("wrong_die", template=gettext_noop("missing dice: {dice}"),
                            params={"dice": ", ".join(missing)}, field="rolls")
    return out
