"""Read-side queries of the campaign app (keyword-only, typed), one module per concern.

Clubs and roles are the ``clubs`` app's (``clubs.selectors``)."""
