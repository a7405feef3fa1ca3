"""REST API routes of the clubs app (mounted under /api/ by config/urls.py)."""
from django.urls import path

from clubs.api import ClubListView

app_name = "clubs"

urlpatterns = [
    path("clubs/", ClubListView.as_view(), name="club-list"),
]
