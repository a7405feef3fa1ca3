"""Signals other apps listen to.

``battle_concluded(sender=Battle, battle_id=int)`` is sent after the transaction that
concluded a battle commits; the campaign app enqueues its take-over task from it.
"""

from django.dispatch import Signal

battle_concluded = Signal()
