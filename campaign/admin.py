"""The Django admin for organizers: campaigns, the scenario graph, forces and units.

Everything under a campaign is a read projection of its ledger (``campaign.services.projection``): shown read-only, each unit
with its history newest first, and never edited. Campaigns, forces, scenarios and their
links are added through the set-up services (``campaign.admin_creation``). Corrections and the organizer's routine are
admin actions calling the campaign services, which append ledger events (DESIGN principles 4
and 6); a service's refusal comes back as an admin message and changes nothing.

A club's organizer (no staff flag or permission needed) sees only the campaigns of the clubs
he organizes and their rows, and runs the actions on them (``clubs.admin_scoping``); whoever
may see a campaign here may read its ledger's events. The actions use
``config.admin_actions``.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable

from django import forms
from django.contrib import admin, messages
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from campaign.admin_creation import (
    CampaignCreation,
    ForceCreation,
    LinkCreation,
    ScenarioCreation,
)
from campaign.models import (
    Campaign,
    CampaignBattle,
    Force,
    Formation,
    HistoryEntry,
    Scenario,
    ScenarioLink,
    Soldier,
    Squad,
)
from campaign.pages.terms import history_kind
from campaign.plugins import Attribute
from campaign.plugins import get as plugin_for
from campaign.plugins.labels import shown_attributes
from campaign.selectors.history import history
from campaign.services import campaigns as campaign_services
from campaign.services import soldiers as soldier_services
from campaign.services.ledger import STREAM_TYPE, stream_of
from clubs.admin_scoping import OrganizerScoped, OrganizerScopedInline
from config.admin_actions import call_services, form_action
from config.request_input import ascii_int
from eventstore.admin import EventAdmin, events_link

#: History rows shown on a change page; the link under them lists them all.
HISTORY_ROWS = 100


def one_campaign(model_admin: admin.ModelAdmin, request, queryset: QuerySet) -> Campaign | None:
    """The campaign of every selected row, or None (with a message) if they span several:
    ledger refs in the action's form are only meaningful within one campaign."""
    ids = set(queryset.values_list("campaign_id", flat=True))
    if len(ids) != 1:
        model_admin.message_user(
            request, "Select rows of a single campaign for this action.", messages.WARNING
        )
        return None
    return Campaign.objects.get(pk=ids.pop())


def attributes_column(schema: str) -> Callable:
    """A list/change column showing a row's ``attributes`` from its campaign plug-in's
    ``schema`` (``"member_schema"``...), labelled in the active language."""

    @admin.display(description=gettext_lazy("attributes"))
    def shown(model_admin, obj) -> SafeString:
        system = obj.campaign.rule_system
        rows = shown_attributes(getattr(plugin_for(system), schema), obj.attributes or {},
                                system)
        return format_html_join("; ", "{}: {}", ((r["label"], r["text"]) for r in rows))

    return shown


def attribute_field(attribute: Attribute) -> forms.Field | None:
    """A form field for an attribute of a plug-in's schema (choice, int, text, bool); lists
    and maps are not edited here (None)."""
    label = gettext(attribute.label)
    if attribute.kind == "choice":
        return forms.ChoiceField(required=False, label=label,
                                 choices=[("", "—"), *((c, c) for c in attribute.options())])
    if attribute.kind == "int":
        return forms.IntegerField(required=False, label=label, min_value=attribute.minimum,
                                  max_value=attribute.maximum)
    if attribute.kind == "text":
        return forms.CharField(required=False, label=label)
    if attribute.kind == "bool":
        return forms.NullBooleanField(required=False, label=label)
    return None


def admin_link(obj, text: object | None = None) -> SafeString:
    """A link to the object's change (or view) page."""
    if obj is None:
        return SafeString("-")
    opts = obj._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, obj if text is None else text)


# --- visibility and read-only projections ----------------------------------------------


class ProjectionAdmin(OrganizerScoped, admin.ModelAdmin):
    """A read projection of the ledger: listed and viewed, never added, edited or deleted
    (a rebuild would undo it; corrections are ledger events, see the actions)."""

    club_path = "campaign__club"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def named(queryset: QuerySet, **refs: tuple[type, str]) -> QuerySet:
    """Annotate each row with the name of the entity a ref points to, in the same query:
    ``named(qs, force_name=(Force, "force_ref"))``."""
    return queryset.annotate(**{
        name: Subquery(
            model.objects.filter(campaign=OuterRef("campaign"), ref=OuterRef(field))
            .values("name")[:1]
        )
        for name, (model, field) in refs.items()
    })


def ref_filter(model: type, field: str, parameter: str) -> type[admin.SimpleListFilter]:
    """A list filter by a projected entity (a force, a squad) that rows point to by ref;
    its choices are limited to the campaign chosen in the campaign filter, if any."""

    class RefFilter(admin.SimpleListFilter):
        title = model._meta.verbose_name
        parameter_name = parameter

        def lookups(self, request, model_admin):
            rows = model.objects.select_related("campaign").filter(
                campaign__in=model_admin.get_queryset(request).values("campaign")
            )
            campaign = ascii_int(request.GET.get("campaign__id__exact"))
            if campaign is not None:
                rows = rows.filter(campaign_id=campaign)
            return [(row.pk, f"{row.name} ({row.campaign})") for row in rows]

        def queryset(self, request, queryset):
            if not self.value():
                return queryset
            pk = ascii_int(self.value())
            row = model.objects.filter(pk=pk).first() if pk is not None else None
            if row is None:
                return queryset.none()
            return queryset.filter(campaign_id=row.campaign_id, **{field: row.ref})

    return RefFilter


class WithHistory:
    """Adds the unit's history (``campaign.selectors.history``), newest first, as a read-only
    table on its page: history rows point to units by ledger ref, not by a foreign key, so a
    Django inline cannot show them."""

    subject: str

    def _subject_ref(self, obj) -> int:
        return obj.ref

    @admin.display(description=gettext_lazy("history (newest first)"))
    def history_table(self, obj) -> SafeString:
        ref = self._subject_ref(obj)
        rows = history(campaign=obj.campaign, subject=self.subject, ref=ref).reverse()
        total = rows.count()
        if not total:
            return SafeString(gettext("no history yet"))
        headers = (gettext("ledger version"), gettext("in-game date"), gettext("what"),
                   gettext("record"), gettext("battle"))
        shown = list(rows[:HISTORY_ROWS])
        plugin = plugin_for(obj.campaign.rule_system)
        battles = dict(CampaignBattle.objects.filter(
            campaign=obj.campaign_id, battle_id__in={row.battle_id for row in shown})
            .values_list("battle_id", "battle__name"))
        # a phone scrolls the table, not the page; a heading never breaks inside a word
        table = format_html(
            '<div style="overflow-x: auto"><table><thead><tr>{}</tr></thead><tbody>{}</tbody>'
            "</table></div>",
            format_html_join("", '<th style="white-space: nowrap">{}</th>',
                             ((h,) for h in headers)),
            # the record is the ledger's sentence, in English as the pages show it
            format_html_join("", '<tr><td>{}</td><td style="white-space: nowrap">{}</td><td>{}</td>'
                             '<td lang="en">{}</td><td>{}</td></tr>', (
                (row.version, row.in_game_date or "", history_kind(plugin, row.kind), row.text,
                 battles.get(row.battle_id, ""))
                for row in shown
            )),
        )
        url = reverse("admin:campaign_historyentry_changelist") + "?" + urlencode({
            "campaign__id__exact": obj.campaign_id, "subject__exact": self.subject,
            "subject_ref": ref,
        })
        return format_html('{}<p><a href="{}">{}</a></p>', table, url,
                           gettext("all %(count)s history entries") % {"count": total})


# --- campaigns -----------------------------------------------------------------------------


class CampaignBattleInline(OrganizerScopedInline, admin.TabularInline):
    model = CampaignBattle
    fields = ["battle_link", "battle_status", "scenario_ref"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "battles"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("battle")

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="battle")
    def battle_link(self, link):
        return admin_link(link.battle)

    @admin.display(description="status")
    def battle_status(self, link):
        return link.battle.get_status_display()


class BetweenBattlesForm(forms.Form):
    days = forms.IntegerField(min_value=1, max_value=campaign_services.MAX_DAYS_PER_STEP,
                              help_text="in-game days that pass")
    # one key per page shown: a second click on the button records nothing twice
    token = forms.CharField(widget=forms.HiddenInput, initial=lambda: uuid.uuid4().hex)


@admin.register(Campaign)
class CampaignAdmin(CampaignCreation, WithHistory, ProjectionAdmin):
    """A campaign is its ledger stream: its add page starts one through ``start_campaign``
    (``campaign.admin_creation``), never by saving a row."""

    club_path = "club"
    subject = "campaign"
    list_display = ["name", "club", "rule_system", "rule_version", "status", "current_date",
                    "projected_version"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter), "status", "rule_system"]
    list_select_related = ["club"]
    search_fields = ["name", "club__name"]
    fields = ["name", "club", "rule_system", "rule_version", "status", "start_date",
              "current_date", "house_rules", "created_by", "created_at", "projected_version",
              "ledger", "history_table"]
    readonly_fields = fields
    inlines = [CampaignBattleInline]
    actions = ["between_battles"]

    def _subject_ref(self, obj) -> int:
        return 0

    @admin.action(description="Run between-battle time (the rule system's campaign rules)…",
                  permissions=["view"])
    def between_battles(self, request, queryset):
        return form_action(
            self, request, queryset, form_class=BetweenBattlesForm,
            calls=lambda data: [
                lambda c=c: campaign_services.advance_calendar(
                    user=request.user, campaign=c, days=data["days"],
                    idempotency_key=f"admin-calendar-{data['token']}-{c.pk}")
                for c in queryset
            ],
            title="Between battles", submit="Let the days pass",
            intro="In-game time passes under each campaign's house rules: forces at the front "
            "tire, forces at rest recover, the wounded are evacuated and recovering soldiers "
            "whose time is up return. Campaigns:",
            done="The calendar moved on.",
        )

    @admin.display(description="ledger")
    def ledger(self, campaign: Campaign) -> SafeString:
        return events_link(stream_of(campaign.pk))


@admin.register(HistoryEntry)
class HistoryEntryAdmin(ProjectionAdmin):
    list_display = ["campaign", "subject", "subject_ref", "version", "in_game_date", "kind",
                    "text"]
    list_filter = [("campaign", admin.RelatedOnlyFieldListFilter), "subject", "kind"]
    list_select_related = ["campaign"]
    search_fields = ["text"]
    ordering = ["campaign", "-version", "-seq"]


# --- the scenario graph --------------------------------------------------------------------


@admin.register(Scenario)
class ScenarioAdmin(ScenarioCreation, WithHistory, ProjectionAdmin):
    subject = "scenario"
    list_display = ["name", "campaign", "status", "open", "played_on", "battle_id"]
    list_filter = [("campaign", admin.RelatedOnlyFieldListFilter), "status", "open"]
    list_select_related = ["campaign"]
    search_fields = ["name"]
    exclude = ["force_refs"]
    readonly_fields = ["forces", "scenario_links", "battle", "history_table"]

    @admin.display(description="forces")
    def forces(self, scenario: Scenario) -> str:
        names = dict(Force.objects.filter(campaign=scenario.campaign_id,
                                          ref__in=scenario.force_refs).values_list("ref", "name"))
        return ", ".join(names.get(ref, f"force {ref}") for ref in scenario.force_refs)

    @admin.display(description="links")
    def scenario_links(self, scenario: Scenario) -> SafeString:
        links = ScenarioLink.objects.filter(campaign=scenario.campaign_id).filter(
            Q(from_ref=scenario.ref) | Q(to_ref=scenario.ref)
        )
        names = dict(Scenario.objects.filter(campaign=scenario.campaign_id)
                     .values_list("ref", "name"))
        if not links:
            return SafeString("none")
        return format_html_join(SafeString("<br>"), "{} &rarr; {}{}", (
            (names.get(link.from_ref, link.from_ref), names.get(link.to_ref, link.to_ref),
             f" (if force {link.force_ref}: {link.condition})" if link.condition else "")
            for link in links
        ))

    @admin.display(description="battle")
    def battle(self, scenario: Scenario) -> SafeString:
        link = CampaignBattle.objects.select_related("battle").filter(
            battle_id=scenario.battle_id).first()
        return admin_link(link.battle if link else None)


@admin.register(ScenarioLink)
class ScenarioLinkAdmin(LinkCreation, ProjectionAdmin):
    list_display = ["campaign", "from_name", "to_name", "condition", "force_ref", "version"]
    list_filter = [("campaign", admin.RelatedOnlyFieldListFilter), "condition"]
    list_select_related = ["campaign"]

    def get_queryset(self, request):
        return named(super().get_queryset(request), from_name=(Scenario, "from_ref"),
                     to_name=(Scenario, "to_ref"))

    @admin.display(description="from")
    def from_name(self, link):
        return link.from_name or link.from_ref

    @admin.display(description="to")
    def to_name(self, link):
        return link.to_name or link.to_ref


# --- forces and units ----------------------------------------------------------------------

ForceFilter = ref_filter(Force, "force_ref", "force")
SquadFilter = ref_filter(Squad, "squad_ref", "squad")


class ForceAndCommander:
    """The force and the commander of a post of the chain of command (a formation, a squad)
    by name, from the refs it holds, in the list's query."""

    def get_queryset(self, request):
        return named(super().get_queryset(request), force_name=(Force, "force_ref"),
                     commander_name=(Soldier, "commander_ref"))

    @admin.display(description=gettext_lazy("force"))
    def force_name(self, post):
        return post.force_name

    @admin.display(description=gettext_lazy("commander"))
    def commander_name(self, post):
        return post.commander_name or "-"


@admin.register(Force)
class ForceAdmin(ForceCreation, WithHistory, ProjectionAdmin):
    subject = "force"
    list_display = ["name", "campaign", "owner", "faction", "attributes_shown", "battles_fought"]
    list_filter = [("campaign", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["campaign", "owner"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["attributes_shown", "history_table"]
    #: Actions of the campaign plug-ins (``campaign.systems.<id>.admin``) are added here.
    actions: list = []

    attributes_shown = attributes_column("force_schema")


@admin.register(Formation)
class FormationAdmin(ForceAndCommander, WithHistory, ProjectionAdmin):
    subject = "formation"
    list_display = ["name", "level", "campaign", "force_name", "commander_name"]
    list_filter = [("campaign", admin.RelatedOnlyFieldListFilter), "level", ForceFilter]
    list_select_related = ["campaign"]
    search_fields = ["name"]
    readonly_fields = ["force_name", "commander_name", "history_table"]


@admin.register(Squad)
class SquadAdmin(ForceAndCommander, WithHistory, ProjectionAdmin):
    subject = "squad"
    list_display = ["name", "campaign", "force_name", "attributes_shown", "strength", "fit",
                    "establishment", "commander_name", "battles_fought"]
    list_filter = [("campaign", admin.RelatedOnlyFieldListFilter), ForceFilter]
    list_select_related = ["campaign"]
    search_fields = ["name"]
    #: names, not the ledger's refs, in the reader's language (the projection's columns
    #: ``force_ref``, ``commander_ref``, the raw ``attributes`` and ``record`` stay hidden)
    fields = ["name", "campaign", "force_name", "commander_name", "attributes_shown",
              "establishment", "strength", "fit", "casualties", "battles_fought", "raised_on",
              "soldiers", "history_table"]
    readonly_fields = fields
    attributes_shown = attributes_column("unit_schema")

    @admin.display(description=gettext_lazy("soldiers"))
    def soldiers(self, squad):
        url = reverse("admin:campaign_soldier_changelist") + "?" + urlencode({"squad": squad.pk})
        return format_html('<a href="{}">{}</a>', url,
                           gettext("the soldiers of %(squad)s") % {"squad": squad.name})


# --- soldiers and their corrections --------------------------------------------------------


class ReasonForm(forms.Form):
    reason = forms.CharField(required=False, max_length=200,
                             help_text="why: it is kept with the correction in the ledger")


class AmendForm(ReasonForm):
    """Name, role and the campaign plug-in's editable attributes (a field per attribute of
    its member schema, labelled in the active language); blank: unchanged."""

    name = forms.CharField(required=False, max_length=120)
    role = forms.CharField(required=False, max_length=40)

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.attribute_names = []
        for attribute in plugin_for(campaign.rule_system).member_schema.editable():
            field = attribute_field(attribute)
            if field is not None:
                self.fields[f"attributes.{attribute.name}"] = field
                self.attribute_names.append(attribute.name)
        self.order_fields(["name", "role",
                           *(f"attributes.{n}" for n in self.attribute_names), "reason"])

    def clean(self):
        data = super().clean()
        changes = {k: data[k] for k in ("name", "role") if data.get(k)}
        attributes = {n: data[f"attributes.{n}"] for n in self.attribute_names
                      if data.get(f"attributes.{n}") not in (None, "")}
        if attributes:
            changes["attributes"] = attributes
        if not changes:
            raise forms.ValidationError("Fill in at least one detail to change.")
        data["changes"] = changes
        return data


class CauseForm(forms.Form):
    cause = forms.CharField(required=False, max_length=200)


class CaptureForm(ReasonForm):
    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["by_force"] = forms.ModelChoiceField(
            Force.objects.filter(campaign=campaign), required=False,
            help_text="the force holding him, if it is in the campaign",
        )
        self.order_fields(["by_force", "reason"])


class TransferForm(forms.Form):
    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["to_squad"] = forms.ModelChoiceField(
            Squad.objects.filter(campaign=campaign), required=False,
            empty_label="the force's reserve",
        )


@admin.register(Soldier)
class SoldierAdmin(WithHistory, ProjectionAdmin):
    """Soldiers are corrected by ledger events: the actions call the soldier services
    (details, death, capture, prisoner exchange, transfer; a plug-in adds its own)."""

    subject = "soldier"
    list_display = ["name", "campaign", "force_name", "squad_name", "role", "status",
                    "attributes_shown", "battles_fought", "wounds"]
    list_filter = [("campaign", admin.RelatedOnlyFieldListFilter), "status", SquadFilter,
                   ForceFilter, "role"]
    list_select_related = ["campaign"]
    search_fields = ["name"]
    readonly_fields = ["force_name", "squad_name", "attributes_shown", "history_table"]
    #: Actions of the campaign plug-ins (``campaign.systems.<id>.admin``) are added here.
    actions = ["amend_details", "record_death", "record_capture", "exchange_prisoners",
               "transfer"]
    attributes_shown = attributes_column("member_schema")

    def get_queryset(self, request):
        return named(super().get_queryset(request), force_name=(Force, "force_ref"),
                     squad_name=(Squad, "squad_ref"))

    @admin.display(description="force")
    def force_name(self, soldier):
        return soldier.force_name

    @admin.display(description="squad")
    def squad_name(self, soldier):
        return soldier.squad_name or "reserve"

    @admin.action(description="Amend details (name, role, attributes)…", permissions=["view"])
    def amend_details(self, request, queryset):
        campaign = one_campaign(self, request, queryset)
        if campaign is None:
            return None
        return form_action(
            self, request, queryset, form_class=AmendForm, form_kwargs={"campaign": campaign},
            calls=lambda data: [
                lambda s=s: soldier_services.amend_soldier(
                    user=request.user, campaign=s.campaign, soldier_id=s.ref,
                    changes=data["changes"], reason=data["reason"])
                for s in queryset
            ],
            title="Amend soldiers' details", submit="Record the amendment",
            intro="A ledger event amends the details filled in below for:",
            done="Details amended.",
        )

    @admin.action(description="Record death…", permissions=["view"])
    def record_death(self, request, queryset):
        return form_action(
            self, request, queryset, form_class=CauseForm,
            calls=lambda data: [
                lambda s=s: soldier_services.record_death(
                    user=request.user, campaign=s.campaign, soldier_id=s.ref,
                    cause=data["cause"])
                for s in queryset
            ],
            title="Record deaths", submit="Record the deaths",
            intro="A ledger event records the death of:", done="Deaths recorded.",
        )

    @admin.action(description="Record capture…", permissions=["view"])
    def record_capture(self, request, queryset):
        campaign = one_campaign(self, request, queryset)
        if campaign is None:
            return None
        return form_action(
            self, request, queryset, form_class=CaptureForm, form_kwargs={"campaign": campaign},
            calls=lambda data: [
                lambda s=s: soldier_services.record_capture(
                    user=request.user, campaign=campaign, soldier_id=s.ref,
                    by_force_id=data["by_force"].ref if data["by_force"] else None,
                    reason=data["reason"])
                for s in queryset
            ],
            title="Record captures", submit="Record the captures",
            intro="A ledger event records the capture of:", done="Captures recorded.",
        )

    @admin.action(description="Exchange prisoners (back to their forces)", permissions=["view"])
    def exchange_prisoners(self, request, queryset):
        campaign = one_campaign(self, request, queryset)
        if campaign is None:
            return
        ids = sorted(queryset.values_list("ref", flat=True))
        call_services(self, request, [
            lambda: soldier_services.exchange_prisoners(
                user=request.user, campaign=campaign, soldier_ids=ids)
        ], done="Prisoners exchanged.")

    @admin.action(description="Transfer to another squad…", permissions=["view"])
    def transfer(self, request, queryset):
        campaign = one_campaign(self, request, queryset)
        if campaign is None:
            return None
        return form_action(
            self, request, queryset, form_class=TransferForm, form_kwargs={"campaign": campaign},
            calls=lambda data: [
                lambda s=s: soldier_services.transfer_soldier(
                    user=request.user, campaign=campaign, soldier_id=s.ref,
                    to_squad_id=data["to_squad"].ref if data["to_squad"] else None)
                for s in queryset
            ],
            title="Transfer soldiers", submit="Record the transfer",
            intro="A ledger event moves to the squad chosen below:", done="Soldiers transferred.",
        )


def _plugin_admin() -> None:
    """Let each campaign plug-in with an ``admin`` module add its actions (imported by name,
    so the core names no rule system)."""
    import importlib
    import pkgutil

    import campaign.systems

    for module in pkgutil.iter_modules(campaign.systems.__path__):
        try:
            importlib.import_module(f"campaign.systems.{module.name}.admin")
        except ModuleNotFoundError as exc:
            if exc.name != f"campaign.systems.{module.name}.admin":
                raise


EventAdmin.stream_owners[STREAM_TYPE] = Campaign
_plugin_admin()
