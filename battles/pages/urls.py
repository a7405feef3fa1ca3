"""Page routes of the battles app."""
from django.urls import path  # noqa: F401

app_name = "battles_pages"
urlpatterns: list = []
