"""REST API routes of the campaign app (mounted under /api/ by config/urls.py).

Everything under ``campaigns/<campaign_id>/`` answers 404 to users outside the campaign's
club; ids after it are the ledger's ids. Campaign plug-ins with commands of their own add
their routes there (``campaign.systems.<id>.urls``, its ``per_campaign`` list).
"""
import importlib
import pkgutil

from django.urls import include, path

import campaign.systems
from campaign.api.views import (
    campaigns,
    corrections,
    forces,
    reading,
    scenarios,
    soldiers,
    transfer,
)

app_name = "campaign"

C = "campaigns/<int:campaign_id>/"

per_campaign = [
    path("", campaigns.CampaignDetailView.as_view(), name="campaign-detail"),
    path("house-rules/", campaigns.HouseRulesView.as_view(), name="house-rules"),
    path("battle-options/", campaigns.BattleOptionsView.as_view(), name="battle-options"),
    path("calendar/", campaigns.CalendarView.as_view(), name="calendar"),
    path("finish/", campaigns.FinishView.as_view(), name="finish"),
    path("ledger/", campaigns.LedgerView.as_view(), name="ledger"),
    path("ledger/<int:version>/void/", corrections.VoidView.as_view(), name="ledger-void"),
    path("ledger/<int:version>/amend/", corrections.AmendView.as_view(), name="ledger-amend"),
    path("dice/verify/", campaigns.DiceVerifyView.as_view(), name="dice-verify"),
    path("attributes/", campaigns.AttributeSchemasView.as_view(), name="attributes"),
    path("export/", transfer.ExportView.as_view(), name="export"),
    path("as-of/", reading.AsOfView.as_view(), name="as-of"),
    path("diff/", reading.DiffView.as_view(), name="diff"),
    # forces and their chain of command
    path("forces/", forces.ForceListView.as_view(), name="force-list"),
    path("forces/<int:ref>/", forces.ForceSheetView.as_view(), name="force-sheet"),
    path("forces/<int:ref>/fallen/", forces.ForceFallenView.as_view(), name="force-fallen"),
    path("forces/<int:ref>/roster.csv", forces.ForceRosterCsvView.as_view(),
         name="force-roster-csv"),
    path("forces/<int:ref>/history/", reading.ForceHistoryView.as_view(), name="force-history"),
    path("formations/", forces.FormationListView.as_view(), name="formation-list"),
    path("formations/<int:ref>/", forces.FormationDetailView.as_view(),
         name="formation-detail"),
    path("formations/<int:ref>/commander/", forces.FormationCommanderView.as_view(),
         name="formation-commander"),
    path("formations/<int:ref>/reattach/", forces.FormationReattachView.as_view(),
         name="formation-reattach"),
    path("squads/", forces.SquadListView.as_view(), name="squad-list"),
    path("squads/<int:ref>/", forces.SquadDetailView.as_view(), name="squad-detail"),
    path("squads/<int:ref>/commander/", forces.SquadCommanderView.as_view(),
         name="squad-commander"),
    path("squads/<int:ref>/transfer/", forces.SquadTransferView.as_view(),
         name="squad-transfer"),
    path("squads/<int:ref>/replacements/", forces.ReplacementView.as_view(),
         name="squad-replacements"),
    path("squads/<int:ref>/history/", reading.SquadHistoryView.as_view(), name="squad-history"),
    path("squads/<int:ref>/record/", reading.SquadRecordView.as_view(), name="squad-record"),
    # soldiers
    path("soldiers/", soldiers.SoldierListView.as_view(), name="soldier-list"),
    path("soldiers/<int:ref>/", soldiers.SoldierDetailView.as_view(), name="soldier-detail"),
    path("soldiers/<int:ref>/transfer/", soldiers.TransferView.as_view(), name="transfer"),
    path("soldiers/<int:ref>/death/", soldiers.DeathView.as_view(), name="death"),
    path("soldiers/<int:ref>/capture/", soldiers.CaptureView.as_view(), name="capture"),
    path("soldiers/<int:ref>/history/", reading.SoldierHistoryView.as_view(),
         name="soldier-history"),
    path("soldiers/<int:ref>/record/", reading.SoldierRecordView.as_view(),
         name="soldier-record"),
    path("prisoner-exchanges/", soldiers.ExchangeView.as_view(), name="prisoner-exchange"),
    # the scenario graph
    path("scenarios/", scenarios.ScenarioListView.as_view(), name="scenario-list"),
    path("scenarios/<int:ref>/", scenarios.ScenarioDetailView.as_view(), name="scenario-detail"),
    path("scenarios/<int:ref>/picks/", scenarios.PicksView.as_view(), name="scenario-picks"),
    path("scenarios/<int:ref>/battle/", scenarios.BattleStartView.as_view(),
         name="scenario-battle"),
    path("scenarios/<int:ref>/attributes/", scenarios.ScenarioAttributesView.as_view(),
         name="scenario-attributes"),
    path("scenarios/<int:ref>/result/", scenarios.ResultView.as_view(), name="scenario-result"),
    path("scenario-links/", scenarios.LinkListView.as_view(), name="link-list"),
]



def _plugin_routes() -> list:
    """The ``per_campaign`` routes of every plug-in package with a ``urls`` module."""
    routes: list = []
    for module in pkgutil.iter_modules(campaign.systems.__path__):
        try:
            urls = importlib.import_module(f"campaign.systems.{module.name}.urls")
        except ModuleNotFoundError as exc:
            if exc.name != f"campaign.systems.{module.name}.urls":
                raise
            continue
        routes += urls.per_campaign
    return routes


per_campaign += _plugin_routes()

urlpatterns = [
    path("campaigns/", campaigns.CampaignListView.as_view(), name="campaign-list"),
    path("campaigns/import/", transfer.ImportView.as_view(), name="import"),
    path("campaigns/import/<str:job>/", transfer.ImportJobView.as_view(), name="import-job"),
    path(C, include(per_campaign)),
]
