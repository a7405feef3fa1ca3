"""The battle table view: thin views over battles.selectors; writes go to the REST API (JS)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from battles import selectors, services
from battles.models import Battle
from battles.pages.table import table_context
from battles.signals import battle_links, battle_review
from config.api_errors import localized_message
from config.errors import DomainError
from config.request_input import ascii_int


def _battle_or_404(request, pk: int):
    try:
        return selectors.battle_for(user=request.user, battle_id=pk)
    except DomainError as error:  # outsiders: the battle's existence is not disclosed
        raise Http404(error.message) from None


@login_required
def battle_list(request):
    """Battles of my clubs, newest first."""
    battles = selectors.visible_battles(user=request.user)
    return render(request, "battles/list.html", {"battles": battles})


@login_required
def battle_table(request, pk: int):
    """The table: each unit's state, what to roll next, the log, the replay slider.

    ``?at=N`` shows the battle after its N-th event (read-only).
    """
    with selectors.one_snapshot():  # the row, the snapshot and the events of one moment
        battle = _battle_or_404(request, pk)
        version = ascii_int(request.GET.get("at"))
        if version is not None and not 1 <= version <= battle.version:
            version = None
        context = table_context(user=request.user, battle=battle, version=version)
    context["head_url"] = reverse("battles_pages:table", args=[battle.pk])
    context["links"] = _links(battle, request.user)
    context["review_extra"] = _review(battle) if context["can_write"] else []
    context["js_messages"] = _js_messages()
    return render(request, "battles/table.html", context)


def _links(battle: Battle, user) -> list[dict]:
    """The pages other apps give the battle (:data:`battles.signals.battle_links`)."""
    answers = battle_links.send(sender=Battle, battle=battle, user=user)
    return [link for _receiver, links in answers for link in links or ()]


def _review(battle: Battle) -> list[dict]:
    """What else concluding the battle changes, from other apps
    (:data:`battles.signals.battle_review`)."""
    answers = battle_review.send(sender=Battle, battle=battle)
    return [group for _receiver, groups in answers for group in groups or ()]


@login_required
@require_POST
def reopen(request, pk: int):
    """An organizer reopens the concluded battle (``battles.services.reopen_battle``) with a
    reason; a refusal is shown on the table."""
    battle = _battle_or_404(request, pk)
    try:
        services.reopen_battle(battle_id=battle.pk, user=request.user,
                               expected_version=battle.version,
                               reason=request.POST.get("reason", ""))
    except DomainError as error:
        messages.error(request, localized_message(error.code, error.message)[0])
    return redirect("battles_pages:table", pk=battle.pk)


def _js_messages() -> dict:
    """The sentences battle.js shows, in the page's language."""
    return {
        "required": _("Enter the die's value."),
        "whole_number": _("Enter a whole number from the die (d%(sides)s)."),
        "out_of_range": _("%(value)s is not a face of a d%(sides)s: enter 1 to %(sides)s."),
        "exploding": _(
            "An exploding d%(sides)s totals a number that is not a multiple of %(sides)s."
        ),
        "bad_json": _("The declaration could not be read:"),
        "no_unit": _("— none (the whole table) —"),
        "no_action": _("Choose an action."),
        "network": _("The server could not be reached. Nothing was recorded; try again."),
        "failed": _("The server refused it"),
        "reload": _("Someone recorded something meanwhile: reload the page to see it."),
        "working": _("Working it out…"),
        "odds_caption": _("Odds if declared now"),
        "outcome": _("Outcome"),
        "chance": _("Chance"),
        "other_outcomes": _("%(n)s less likely outcomes"),
        "outcome_title": _("What the rules made of it:"),
        "rolled": _("The server rolled:"),
        "no_effect": _("Recorded; nothing else followed from it."),
        "choose_result": _("Choose the result of %(side)s."),
        "two_winners": _("%(sides)s cannot all win: at most one side wins a battle"),
        "win_and_draw": _("%(winner)s wins, so %(drawn)s cannot draw: the others lose"),
        "lone_draw": _("%(side)s cannot draw alone: a draw is shared by at least two sides"),
    }
