"""Page routes of the campaign app."""
from django.urls import path  # noqa: F401

app_name = "campaign_pages"
urlpatterns: list = []
