"""What of a ledger entry a person may amend, and how the amendment is checked (issue 19:
"any ledger entry can be amended"). Pure: the core's table is
``campaign.services.amendable``, a plug-in adds its own event types through
``CampaignPlugin.amendable()``.

An :class:`Amendable` names the entry's fields a person entered (:class:`AmendField`: its
name in the entry's data, its kind, its label) and the **command that recorded it**: the
amendment is the command run again, on the campaign as it stood just before the entry, with
the amended values (``arguments`` turns the entry's data into the command's keyword
arguments). Whatever that command refuses, the amendment refuses, naming the field.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

#: Kinds of an amendable field: what the value must be before the command sees it, and how
#: the ledger page asks for it. ``text``: a string (``role``: a soldier's role, a string the
#: page offers from the rule system's roles); ``int``: the command checks it;
#: ``object`` / ``list``: JSON the command checks; ``force`` / ``squad`` / ``formation`` /
#: ``soldier``: one of the campaign's (by name on the page), ``None`` allowed when
#: ``optional``; ``choice``: one of ``choices``.
KINDS = ("text", "role", "int", "object", "list", "force", "squad", "formation", "soldier", "choice")


@dataclass(frozen=True)
class AmendField:
    """A field of an entry's data that an amendment may change."""

    name: str
    kind: str
    label: str  # gettext_noop: the page translates it
    optional: bool = False
    #: A choice's values and their labels (gettext_noop), or a function of nothing giving them.
    choices: tuple[tuple[str, str], ...] | Callable[[], tuple[tuple[str, str], ...]] = ()
    #: An ``object`` of attributes: the plug-in's schema they follow (``"member_schema"``,
    #: ``"unit_schema"``, ``"scenario_schema"``...): the page asks for each by name.
    schema: str = ""
    #: An ``object`` of ``changes``: the subject's own fields it may hold besides
    #: ``attributes`` (``("name", "role")``).
    parts: tuple[str, ...] = ()
    #: A ``list`` of the campaign's things: what its items are, for the page to offer them
    #: by name: ``"prisoners"`` (soldier ids), ``"picks"`` (a force's squads, each with its
    #: soldiers), ``"officers"`` (a force's formation commanders' ids).
    items: str = ""

    def choice_list(self) -> tuple[tuple[str, str], ...]:
        return self.choices() if callable(self.choices) else self.choices


@dataclass(frozen=True)
class Amendable:
    """An entry type that may be amended: its ``fields``, the ``command`` (a write service,
    called as ``command(user=..., campaign=..., **arguments(data))``) and, optionally,
    ``refusal(data, state)``: why this entry cannot be amended after all (a gettext_noop
    message, e.g. a server's roll), ``None`` when it can; ``state`` is the campaign now."""

    fields: tuple[AmendField, ...]
    command: Callable[..., Any]
    arguments: Callable[[Mapping[str, Any]], dict]
    refusal: Callable[[Mapping[str, Any], Any], str | None] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)
