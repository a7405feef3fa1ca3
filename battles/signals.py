"""Signals other apps listen to.

``battle_concluding(sender=Battle, battle_id=int)`` is sent inside the transaction that
concludes a battle: what a receiver writes commits or rolls back with the conclusion (the
campaign app records its take-over task in its outbox there).
``battle_concluded(sender=Battle, battle_id=int)`` is sent after that transaction commits.
``battle_links(sender=Battle, battle=Battle, user=User)`` is sent by the battle table page:
each receiver returns the pages that go with the battle, ``[{"label": str, "url": str}]``
(the campaign: the battle's scenario, and what the battle changed in the campaign).
``battle_review(sender=Battle, battle=Battle)`` is sent by the battle table page for its
"what will be taken over" review: each receiver returns what else concluding will change,
``[{"label": str, "lines": [str]}]`` in the page's language (the campaign: each force's
state after a battle, such as its fatigue).
"""

from django.dispatch import Signal

battle_concluding = Signal()
battle_concluded = Signal()
battle_links = Signal()
battle_review = Signal()
