"""Read-side queries for campaigns (keyword-only, typed)."""
from campaign.models import Membership


def club_role(*, user, club_id: int) -> str | None:
    """The user's role in the club ("organizer" or "player"), or None for outsiders."""
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        Membership.objects.filter(club_id=club_id, user=user).values_list("role", flat=True).first()
    )
