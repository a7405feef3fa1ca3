"""A battle's result: each side wins, loses or draws (``battle.concluded``).

The outcomes and their labels in the reader's language; a campaign's scenario graph
conditions on the same outcomes.
"""
from django.utils.translation import pgettext_lazy

#: The outcomes a side can have, in this order on forms.
RESULTS = ("win", "lose", "draw")

#: Each outcome's label (the machine id stays ``"lose"``; the page says "loss").
RESULT_LABELS = {
    "win": pgettext_lazy("result", "win"),
    "lose": pgettext_lazy("result", "loss"),
    "draw": pgettext_lazy("result", "draw"),
}


def result_label(outcome) -> str:
    """The outcome's label, or the outcome itself if it is not one of :data:`RESULTS`."""
    return RESULT_LABELS.get(outcome, outcome) if isinstance(outcome, str) else outcome
