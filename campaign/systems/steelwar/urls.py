"""The Steel War's campaign routes, under ``/api/campaigns/<campaign_id>/`` (included by
``campaign.urls`` for every plug-in that has a ``urls`` module)."""
from django.urls import path

from campaign.systems.steelwar import api

per_campaign = [
    path("forces/<int:ref>/rest/", api.ForceRestView.as_view(), name="force-rest"),
    path("forces/<int:ref>/front/", api.ForceFrontView.as_view(), name="force-front"),
    path("soldiers/<int:ref>/leadership/", api.LeadershipView.as_view(), name="leadership"),
    path("soldiers/<int:ref>/recovery-roll/", api.RecoveryRollView.as_view(),
         name="recovery-roll"),
    path("scenarios/<int:ref>/motivation/", api.MotivationView.as_view(),
         name="scenario-motivation"),
]
