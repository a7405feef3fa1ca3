"""REST API routes of the battles app (mounted under /api/ by config/urls.py)."""
from django.urls import path  # noqa: F401

app_name = "battles"
urlpatterns: list = []
