"""Page routes of the campaign app (mounted at the site root)."""
from django.urls import path

from campaign.pages import ledger, transfer, views

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
]
