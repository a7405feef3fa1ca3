"""Signals other apps listen to.

``battle_concluding(sender=Battle, battle_id=int)`` is sent inside the transaction that
concludes a battle: what a receiver writes commits or rolls back with the conclusion (the
campaign app records its take-over task in its outbox there).
``battle_concluded(sender=Battle, battle_id=int)`` is sent after that transaction commits.
"""

from django.dispatch import Signal

battle_concluding = Signal()
battle_concluded = Signal()
