"""REST API routes of the clubs app (mounted under /api/ by config/urls.py)."""
from django.urls import path

from clubs import api

app_name = "clubs"

urlpatterns = [
    path("clubs/", api.ClubListView.as_view(), name="club-list"),
    path("clubs/<int:club_id>/", api.ClubDetailView.as_view(), name="club-detail"),
    path("clubs/<int:club_id>/members/", api.MemberListView.as_view(), name="member-list"),
    path("clubs/<int:club_id>/members/<int:pk>/", api.MemberDetailView.as_view(),
         name="member-detail"),
    path("clubs/<int:club_id>/invitations/", api.InvitationListView.as_view(),
         name="invitation-list"),
    path("clubs/<int:club_id>/invitations/<int:pk>/", api.InvitationDetailView.as_view(),
         name="invitation-detail"),
    path("invitations/<str:token>/accept/", api.AcceptView.as_view(), name="invitation-accept"),
]
