"""REST API routes of the campaign app (mounted under /api/ by config/urls.py).

Everything under ``campaigns/<campaign_id>/`` answers 404 to users outside the campaign's
club; ids after it are the ledger's ids.
"""
from django.urls import include, path

from campaign.api.views import campaigns, forces, reading, scenarios, soldiers

app_name = "campaign"

C = "campaigns/<int:campaign_id>/"

per_campaign = [
    path("", campaigns.CampaignDetailView.as_view(), name="campaign-detail"),
    path("house-rules/", campaigns.HouseRulesView.as_view(), name="house-rules"),
    path("battle-options/", campaigns.BattleOptionsView.as_view(), name="battle-options"),
    path("calendar/", campaigns.CalendarView.as_view(), name="calendar"),
    path("finish/", campaigns.FinishView.as_view(), name="finish"),
    path("ledger/", campaigns.LedgerView.as_view(), name="ledger"),
    path("dice/verify/", campaigns.DiceVerifyView.as_view(), name="dice-verify"),
    path("as-of/", reading.AsOfView.as_view(), name="as-of"),
    path("diff/", reading.DiffView.as_view(), name="diff"),
    # forces and their chain of command
    path("forces/", forces.ForceListView.as_view(), name="force-list"),
    path("forces/<int:ref>/", forces.ForceSheetView.as_view(), name="force-sheet"),
    path("forces/<int:ref>/fallen/", forces.ForceFallenView.as_view(), name="force-fallen"),
    path("forces/<int:ref>/rest/", forces.ForceRestView.as_view(), name="force-rest"),
    path("forces/<int:ref>/front/", forces.ForceFrontView.as_view(), name="force-front"),
    path("forces/<int:ref>/history/", reading.ForceHistoryView.as_view(), name="force-history"),
    path("formations/", forces.FormationListView.as_view(), name="formation-list"),
    path("formations/<int:ref>/commander/", forces.FormationCommanderView.as_view(),
         name="formation-commander"),
    path("squads/", forces.SquadListView.as_view(), name="squad-list"),
    path("squads/<int:ref>/", forces.SquadDetailView.as_view(), name="squad-detail"),
    path("squads/<int:ref>/commander/", forces.SquadCommanderView.as_view(),
         name="squad-commander"),
    path("squads/<int:ref>/replacements/", forces.ReplacementView.as_view(),
         name="squad-replacements"),
    path("squads/<int:ref>/history/", reading.SquadHistoryView.as_view(), name="squad-history"),
    path("squads/<int:ref>/record/", reading.SquadRecordView.as_view(), name="squad-record"),
    # soldiers
    path("soldiers/", soldiers.SoldierListView.as_view(), name="soldier-list"),
    path("soldiers/<int:ref>/", soldiers.SoldierDetailView.as_view(), name="soldier-detail"),
    path("soldiers/<int:ref>/transfer/", soldiers.TransferView.as_view(), name="transfer"),
    path("soldiers/<int:ref>/leadership/", soldiers.LeadershipView.as_view(),
         name="leadership"),
    path("soldiers/<int:ref>/death/", soldiers.DeathView.as_view(), name="death"),
    path("soldiers/<int:ref>/capture/", soldiers.CaptureView.as_view(), name="capture"),
    path("soldiers/<int:ref>/recovery-roll/", soldiers.RecoveryRollView.as_view(),
         name="recovery-roll"),
    path("soldiers/<int:ref>/history/", reading.SoldierHistoryView.as_view(),
         name="soldier-history"),
    path("soldiers/<int:ref>/record/", reading.SoldierRecordView.as_view(),
         name="soldier-record"),
    path("prisoner-exchanges/", soldiers.ExchangeView.as_view(), name="prisoner-exchange"),
    # the scenario graph
    path("scenarios/", scenarios.ScenarioListView.as_view(), name="scenario-list"),
    path("scenarios/<int:ref>/", scenarios.ScenarioDetailView.as_view(), name="scenario-detail"),
    path("scenarios/<int:ref>/motivation/", scenarios.MotivationView.as_view(),
         name="scenario-motivation"),
    path("scenarios/<int:ref>/picks/", scenarios.PicksView.as_view(), name="scenario-picks"),
    path("scenarios/<int:ref>/battle/", scenarios.BattleStartView.as_view(),
         name="scenario-battle"),
    path("scenarios/<int:ref>/result/", scenarios.ResultView.as_view(), name="scenario-result"),
    path("scenario-links/", scenarios.LinkListView.as_view(), name="link-list"),
]

urlpatterns = [
    path("clubs/", campaigns.ClubListView.as_view(), name="club-list"),
    path("campaigns/", campaigns.CampaignListView.as_view(), name="campaign-list"),
    path(C, include(per_campaign)),
]
