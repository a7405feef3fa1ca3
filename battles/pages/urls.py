"""Page routes of the battles app (mounted at /battles/)."""

from django.urls import path

from battles.pages import views

app_name = "battles_pages"
urlpatterns = [
    path("", views.battle_list, name="list"),
    path("<int:pk>/", views.battle_table, name="table"),
    path("<int:pk>/reopen/", views.reopen, name="reopen"),
]
