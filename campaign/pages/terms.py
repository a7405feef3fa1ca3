"""The game's words as the pages show them, translated (the Russian side uses the rulebook's
own terms: боевой дух, подавление, непроверенная потеря...).

Rule systems and apps speak in machine ids (``"shaken"``, ``"suppression"``); these maps give
each id its label. An id not listed is shown as it is, never hidden.
"""
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

MORALE = {
    "confident": pgettext_lazy("morale", "Confident"),
    "steady": pgettext_lazy("morale", "Steady"),
    "shaken": pgettext_lazy("morale", "Shaken"),
    "broken": pgettext_lazy("morale", "Broken"),
    "routing": pgettext_lazy("morale", "Routing"),
}
FATIGUE = {
    "fresh": pgettext_lazy("fatigue", "fresh"),
    "tired": pgettext_lazy("fatigue", "tired"),
    "exhausted": pgettext_lazy("fatigue", "exhausted"),
}
MOTIVATION = {
    "low": pgettext_lazy("motivation", "low"),
    "medium": pgettext_lazy("motivation", "medium"),
    "high": pgettext_lazy("motivation", "high"),
}
QUALITY = {
    "untrained": pgettext_lazy("quality", "untrained"),
    "recruit": pgettext_lazy("quality", "recruits"),
    "regular": pgettext_lazy("quality", "regulars"),
    "veteran": pgettext_lazy("quality", "veterans"),
    "elite": pgettext_lazy("quality", "elite"),
}
#: A soldier's or a squad's standing in the campaign.
STATUS = {
    "fit": pgettext_lazy("status", "fit"),
    "wounded": pgettext_lazy("status", "wounded"),
    "recovering": pgettext_lazy("status", "recovering"),
    "dead": pgettext_lazy("status", "dead"),
    "killed": pgettext_lazy("status", "killed"),
    "captured": pgettext_lazy("status", "captured"),
    "prisoner": pgettext_lazy("status", "captured"),
    "ok": pgettext_lazy("status", "unharmed"),
    "unchecked": pgettext_lazy("status", "unchecked casualty"),
    "wounded_unchecked": pgettext_lazy("status", "unchecked casualty"),
    "stabilised": pgettext_lazy("status", "stabilised"),
    "returned": pgettext_lazy("status", "returned to duty"),
    "returned_to_duty": pgettext_lazy("status", "returned to duty"),
    "destroyed": pgettext_lazy("status", "destroyed"),
    "replaced": pgettext_lazy("status", "commander replaced"),
}
#: Labels of the keys of a unit's status in a battle.
UNIT_FIELDS = {
    "morale": _("morale"),
    "starting_morale": _("starting morale"),
    "suppression": _("suppression"),
    "suppression_markers": _("suppression"),
    "prone": _("prone"),
    "cover": _("cover"),
    "casualties": _("casualties"),
    "unchecked_casualties": _("unchecked casualties"),
    "figures": _("figures"),
    "figures_left": _("figures left"),
    "fighting": _("fighting"),
    "killed": _("killed"),
    "wounded": _("wounded"),
    "quality": _("quality"),
    "leadership": _("leadership"),
    "panicking": _("panic"),
    "presence": _("position"),
    "no_step_back": _("“Not one step back!”"),
}
PRESENCE = {
    "on_table": _("on the table"),
    "left_table": _("left the table"),
    "removed": _("removed from the table"),
    "surrendered": _("surrendered"),
}
COVER = {
    "none": pgettext_lazy("cover", "none"),
    "light": pgettext_lazy("cover", "light cover"),
    "hard": pgettext_lazy("cover", "hard cover"),
}
VALUES = {"morale": MORALE, "starting_morale": MORALE, "cover": COVER}


def term(table: dict, value) -> str:
    """The label of ``value`` in ``table``, or the value itself."""
    return table.get(value, value) if isinstance(value, str) else value


def unit_facts(status: dict) -> list[dict]:
    """A unit's battle status (a rule system's summary JSON) as labelled facts
    ``{key, label, value, css}``: morale, suppression, prone and casualties first.

    ``figures`` and ``fighting`` give the casualties; ``statuses`` (figure status -> count)
    gives one fact per kind of casualty (unchecked, killed...). Flags that are off and
    defaults that say nothing (on the table, no panic) are left out; unknown keys are shown.
    """
    facts: list[dict] = []

    def add(key, value, label=None, css=""):
        facts.append({"key": key, "label": label or UNIT_FIELDS.get(key, key.replace("_", " ")),
                      "value": value, "css": css})

    if "morale" in status:
        add("morale", term(MORALE, status["morale"]), css=status["morale"])
    if "suppression" in status:
        add("suppression", status["suppression"])
    if "prone" in status:
        add("prone", _("yes") if status["prone"] else _("no"))
    if "figures" in status and "fighting" in status:
        add("fighting", f"{status['fighting']} / {status['figures']}")
        add("casualties", status["figures"] - status["fighting"])
    for figure_status, count in (status.get("statuses") or {}).items():
        if figure_status not in ("ok", "returned"):
            add(f"statuses.{figure_status}", count, label=term(STATUS, figure_status))
    shown = {"morale", "suppression", "prone", "figures", "fighting", "statuses", "text"}
    for key, value in status.items():
        if key in shown or isinstance(value, dict | list) or value is None:
            continue
        if isinstance(value, bool):
            if value:
                add(key, _("yes"))
        elif key == "presence":
            if value != "on_table":
                add(key, term(PRESENCE, value))
        else:
            add(key, term(VALUES.get(key, {}), value))
    return facts


#: Declarable actions (Steel War names; other systems' ids are shown as they are).
ACTIONS = {
    "begin_activation": _("begin activation"),
    "end_activation": _("end activation"),
    "end_turn": _("end turn"),
    "fire": _("fire"),
    "remove_suppression": _("remove suppression"),
    "go_prone": _("go prone"),
    "stand_up": _("stand up"),
    "move": _("move"),
    "combat_move": _("combat move"),
    "march_move": _("march move"),
    "charge": _("charge (melee)"),
    "reorganise": _("reorganise"),
    "rally": _("rally test"),
    "observe": _("observe"),
    "communicate": _("communicate"),
    "embark": _("embark"),
    "disembark": _("disembark"),
    "unlimber": _("unlimber"),
    "psi_power": _("psionic power"),
    "panic_recovery": _("end the panic"),
    "no_step_back": _("“Not one step back!”"),
    "pass_action": _("pass the action"),
    "morale_test": _("morale test"),
    "reaction_test": _("reaction test"),
    "commander_replacement": _("commander replacement"),
    "hits": _("hits"),
    "surrender": _("surrender (Routing, enemy within 12\")"),
}

RESULT = {
    "win": pgettext_lazy("result", "win"),
    "lose": pgettext_lazy("result", "loss"),
    "draw": pgettext_lazy("result", "draw"),
}
POSTURE = {"front": _("at the front"), "rest": _("at rest")}

#: What happened to a soldier, squad or force, by history kind (campaign ledger effects).
HISTORY_KINDS = {
    "battle_fought": _("battle"),
    "battle_started": _("battle set up"),
    "wounded": _("wounded"),
    "recovered": _("recovered"),
    "killed": _("killed"),
    "died": _("died"),
    "died_of_wounds": _("died of wounds"),
    "evacuated": _("evacuated"),
    "stabilised": _("stabilised"),
    "returned_to_duty": _("returned to duty"),
    "recovery_roll": _("recovery roll"),
    "reorganisation_roll": _("reorganisation roll"),
    "formation_raised": _("formation raised"),
    "scenario_planned": _("scenario planned"),
    "scenario_linked": _("scenarios linked"),
    "calendar_advanced": _("calendar"),
    "campaign_started": _("campaign started"),
    "campaign_finished": _("campaign finished"),
    "house_rules_changed": _("house rules changed"),
    "captured": _("captured"),
    "released": _("released"),
    "command_taken": _("took command"),
    "command_lost": _("lost command"),
    "commander_replaced": _("commander replaced"),
    "fatigue_changed": _("fatigue"),
    "motivation_set": _("motivation"),
    "units_picked": _("picked for a scenario"),
    "force_raised": _("force raised"),
    "squad_raised": _("squad raised"),
    "recruited": _("recruited"),
    "replacement": _("replacement"),
    "transferred": _("transferred"),
    "soldier_left": _("left the force"),
    "sent_to_rest": _("sent to rest"),
    "sent_to_front": _("sent to the front"),
    "leadership_changed": _("leadership"),
    "amended": _("record amended"),
    "scenario_result": _("scenario result"),
    "result_taken_over": _("battle result taken over"),
}
