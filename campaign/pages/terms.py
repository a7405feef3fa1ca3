"""The campaign's words as the pages show them, translated.

The campaign speaks in machine ids (``"fit"``, ``"battle_fought"``); these maps give each id
its label. A rule system's own words (morale grades, quality, fatigue...) come from the
system's terms (``rules.core.registry.terms``) through :class:`SystemLabels`. An id not
listed is shown as it is, never hidden.
"""
from collections.abc import Iterator, Mapping

from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from battles.results import RESULT_LABELS
from campaign.plugins import supported
from rules.core import registry
from rules.core.terms import SYSTEM


class SystemLabels(Mapping):
    """The labels of one kind of a rule system's terms (``"morale"``, ``"quality"``) in the
    active language, from the systems campaigns support; ``term(MORALE, "shaken")``. ``own``
    labels of the campaign come first."""

    def __init__(self, kind: str, own: Mapping | None = None) -> None:
        self.kind = kind
        self.own = own or {}

    def __getitem__(self, key: str) -> str:
        if key in self.own:
            return self.own[key]
        for system in supported():
            label = registry.terms(system).label(self.kind, key, get_language() or "en")
            if label is not None:
                return label
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        system_keys = (k for s in supported() for k in registry.terms(s).keys(self.kind))
        return iter(dict.fromkeys([*self.own, *system_keys]))

    def __len__(self) -> int:
        return len(list(iter(self)))


MORALE = SystemLabels("morale")
#: A rule system's own name ("The Steel War", "Стальная война"), by its id.
SYSTEM_NAME = SystemLabels(SYSTEM)
#: A soldier's or a squad's standing in the campaign (then a figure's in a battle, from the
#: rule system: "unchecked casualty").
STATUS = SystemLabels("casualty", own={
    "fit": pgettext_lazy("status", "fit"),
    "wounded": pgettext_lazy("status", "wounded"),
    "recovering": pgettext_lazy("status", "recovering"),
    "dead": pgettext_lazy("status", "dead"),
    "killed": pgettext_lazy("status", "killed"),
    "captured": pgettext_lazy("status", "captured"),
    "prisoner": pgettext_lazy("status", "captured"),
    "returned_to_duty": pgettext_lazy("status", "returned to duty"),
})


def history_kind(plugin, kind: str) -> str:
    """A history row's kind as the pages label it: the plug-in's own kinds first."""
    if kind in plugin.history_kinds:
        return _(plugin.history_kinds[kind])
    return term(HISTORY_KINDS, kind)


def term(table: Mapping, value) -> str:
    """The label of ``value`` in ``table``, or the value itself."""
    return table.get(value, value) if isinstance(value, str) else value


#: A battle's outcomes, which scenario links condition on (``battles.results``).
RESULT = RESULT_LABELS
#: What happened to a soldier, squad or force, by history kind (the core's ledger effects;
#: a plug-in labels its own, ``CampaignPlugin.history_kinds``).
HISTORY_KINDS = {
    "battle_fought": _("battle"),
    "battle_started": _("battle set up"),
    "wounded": _("wounded"),
    "recovered": _("recovered"),
    "killed": _("killed"),
    "died": _("died"),
    "died_of_wounds": _("died of wounds"),
    "stabilised": _("stabilised"),
    "returned_to_duty": _("returned to duty"),
    "formation_raised": _("formation raised"),
    "scenario_planned": _("scenario planned"),
    "scenario_linked": _("scenarios linked"),
    "scenario_attributes_set": _("scenario set up"),
    "calendar_advanced": _("calendar"),
    "campaign_started": _("campaign started"),
    "campaign_finished": _("campaign finished"),
    "house_rules_changed": _("house rules changed"),
    "captured": _("captured"),
    "released": _("released"),
    "command_taken": _("took command"),
    "command_lost": _("lost command"),
    "commander_replaced": _("commander replaced"),
    "units_picked": _("picked for a scenario"),
    "force_raised": _("force raised"),
    "squad_raised": _("squad raised"),
    "squad_amended": _("squad changed"),
    "formation_amended": _("formation changed"),
    "squad_transferred": _("squad moved"),
    "formation_reattached": _("formation moved"),
    "recruited": _("recruited"),
    "replacement": _("replacement"),
    "transferred": _("transferred"),
    "soldier_left": _("left the force"),
    "amended": _("record amended"),
    "scenario_result": _("scenario result"),
    "result_taken_over": _("battle result taken over"),
    "entry_voided": _("entry voided"),
    "entry_amended": _("entry amended"),
}
