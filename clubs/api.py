"""Clubs REST API: the clubs you belong to, with your role in each (``/api/clubs/``)."""
from rest_framework import generics, serializers

from clubs.models import Club
from clubs.selectors import clubs_with_role


class ClubSerializer(serializers.ModelSerializer):
    role = serializers.CharField(read_only=True, help_text="your role in the club")

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "role"]


class ClubListView(generics.ListAPIView):
    """The clubs you belong to, with your role in each."""

    serializer_class = ClubSerializer

    def get_queryset(self):
        return clubs_with_role(user=self.request.user)
