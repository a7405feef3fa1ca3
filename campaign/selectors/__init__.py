"""Read-side queries of the campaign app (keyword-only, typed), one module per concern.

``club_role`` is re-exported here because other apps (battles) import it from
``campaign.selectors``.
"""
from campaign.selectors.clubs import club_role

__all__ = ["club_role"]
