"""Page routes of the campaign app."""
from django.urls import path

from campaign.pages import views

app_name = "campaign_pages"
urlpatterns = [
    path("", views.home, name="home"),
]
