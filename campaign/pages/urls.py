"""Page routes of the campaign app (mounted at the site root)."""
from django.urls import path

from campaign.pages import ledger, roster, scenario_views, setup, transfer, views

app_name = "campaign_pages"
urlpatterns = [
    path("", views.home, name="home"),
    path("campaigns/import/", transfer.import_page, name="import"),
    path("campaigns/import/<str:job>/", transfer.import_job_page, name="import-job"),
    path("campaigns/<int:campaign_id>/", views.campaign_overview, name="campaign"),
    path("campaigns/<int:campaign_id>/ledger/", ledger.ledger_page, name="ledger"),
    path("campaigns/<int:campaign_id>/forces/<int:ref>/", views.force_detail, name="force"),
    path("campaigns/<int:campaign_id>/squads/<int:ref>/", views.squad_record, name="squad"),
    path("campaigns/<int:campaign_id>/soldiers/<int:ref>/", views.soldier_record, name="soldier"),
    path("campaigns/new/", setup.new_campaign, name="new-campaign"),
    path("campaigns/<int:campaign_id>/settings/", setup.campaign_settings, name="settings"),
    path("campaigns/<int:campaign_id>/scenarios/", setup.campaign_scenarios, name="scenarios"),
    path("campaigns/<int:campaign_id>/forces/new/", setup.new_force, name="new-force"),
    path("campaigns/<int:campaign_id>/scenarios/<int:ref>/", scenario_views.scenario_detail,
         name="scenario"),
    path("campaigns/<int:campaign_id>/scenarios/<int:ref>/outcome/",
         scenario_views.scenario_outcome, name="scenario-outcome"),
]

# the roster: printable, as CSV, and built by the force's owner (campaign.pages.roster)
urlpatterns += [
    path("campaigns/<int:campaign_id>/forces/<int:ref>/roster/", roster.roster_page,
         name="roster"),
    path("campaigns/<int:campaign_id>/forces/<int:ref>/roster.csv", roster.roster_download,
         name="roster-csv"),
    path("campaigns/<int:campaign_id>/forces/<int:ref>/roster/formations/new/",
         roster.add_formation, name="roster-formation"),
    path("campaigns/<int:campaign_id>/forces/<int:ref>/roster/squads/new/", roster.add_squad,
         name="roster-squad"),
    path("campaigns/<int:campaign_id>/forces/<int:ref>/roster/soldiers/new/", roster.recruit,
         name="roster-recruit"),
    path("campaigns/<int:campaign_id>/soldiers/<int:ref>/edit/", roster.edit_soldier,
         name="roster-soldier"),
    path("campaigns/<int:campaign_id>/soldiers/<int:ref>/move/", roster.transfer,
         name="roster-move"),
    path("campaigns/<int:campaign_id>/squads/<int:ref>/edit/", roster.edit_squad,
         name="roster-squad-edit"),
    path("campaigns/<int:campaign_id>/squads/<int:ref>/move/", roster.move_squad,
         name="roster-squad-move"),
    path("campaigns/<int:campaign_id>/formations/<int:ref>/move/", roster.move_formation,
         name="roster-formation-move"),
    path("campaigns/<int:campaign_id>/squads/<int:ref>/commander/", roster.squad_commander,
         name="roster-commander"),
    path("campaigns/<int:campaign_id>/formations/<int:ref>/edit/", roster.edit_formation,
         name="roster-formation-edit"),
    path("campaigns/<int:campaign_id>/formations/<int:ref>/commander/",
         roster.formation_commander, name="roster-formation-commander"),
]
