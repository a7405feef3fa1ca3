"""The campaign ledger: its events, the state they fold to, and the fold itself.

Pure Python (no Django, no I/O, no random numbers): a campaign's state at any moment is
``fold(events[:n])`` (DESIGN principle 8). Services in ``campaign.services`` decide and
append events; projections in ``campaign.models`` are updated from the same fold.
"""
