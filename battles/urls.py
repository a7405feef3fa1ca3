"""REST API routes of the battles app (mounted under /api/ by config/urls.py)."""

from django.urls import path

from battles.api import views

app_name = "battles"
urlpatterns = [
    path("battles/", views.BattleListView.as_view(), name="battle-list"),
    path("battles/import/", views.ImportView.as_view(), name="battle-import"),
    path("battles/<int:pk>/", views.BattleDetailView.as_view(), name="battle-detail"),
    path("battles/<int:pk>/state/", views.StateView.as_view(), name="battle-state"),
    path("battles/<int:pk>/commands/", views.CommandsView.as_view(), name="battle-commands"),
    path("battles/<int:pk>/summary/", views.SummaryView.as_view(), name="battle-summary"),
    path("battles/<int:pk>/log/", views.LogView.as_view(), name="battle-log"),
    path("battles/<int:pk>/units/", views.UnitStatusView.as_view(), name="battle-units"),
    path("battles/<int:pk>/declare/", views.DeclareView.as_view(), name="battle-declare"),
    path("battles/<int:pk>/dice/", views.DiceView.as_view(), name="battle-dice"),
    path("battles/<int:pk>/draw/", views.DrawView.as_view(), name="battle-draw"),
    path("battles/<int:pk>/decide/", views.DecideView.as_view(), name="battle-decide"),
    path("battles/<int:pk>/odds/", views.OddsView.as_view(), name="battle-odds"),
    path("battles/<int:pk>/corrections/", views.CorrectionView.as_view(), name="battle-correct"),
    path("battles/<int:pk>/conclude/", views.ConcludeView.as_view(), name="battle-conclude"),
    path("battles/<int:pk>/reopen/", views.ReopenView.as_view(), name="battle-reopen"),
    path("battles/<int:pk>/dice/verify/", views.VerifyDiceView.as_view(), name="battle-verify"),
    path("battles/<int:pk>/replay/", views.ReplayView.as_view(), name="battle-replay"),
    path("battles/<int:pk>/export/", views.ExportView.as_view(), name="battle-export"),
]
