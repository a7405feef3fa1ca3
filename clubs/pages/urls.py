"""Page routes of the clubs app (mounted at the site root)."""
from django.urls import path

from clubs.pages import views

app_name = "clubs_pages"
urlpatterns = [
    path("clubs/<int:club_id>/", views.club_page, name="club"),
    path("clubs/<int:club_id>/invitations/<int:invitation_id>/revoke/",
         views.revoke_invitation, name="revoke"),
    path("clubs/<int:club_id>/members/<int:membership_id>/role/", views.change_role,
         name="role"),
    path("clubs/<int:club_id>/members/<int:membership_id>/remove/", views.remove_member,
         name="remove"),
    path("join/<str:token>/", views.join, name="join"),
    path("join/<str:token>/signup/", views.sign_up, name="signup"),
]
