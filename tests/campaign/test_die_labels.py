"""A die chosen on a campaign's forms and shown on its pages reads as the page's language
writes dice: "d6" in English, «к6» in Russian (as the rulebooks write them); the stored value
stays what it was."""
import pytest
from django.utils import translation

from campaign.plugins.labels import value_label, value_text
from campaign.systems.mercenaries.attributes import MEMBER
from campaign.systems.steelwar.house_rules import HOUSE_RULES_SCHEMA


@pytest.mark.parametrize(("language", "agility", "recovery"),
                         [("en", "d8", "d6"), ("ru", "к8", "к6")])
def test_a_die_reads_as_the_pages_language_writes_dice(language, agility, recovery):
    with translation.override(language):
        assert value_label("mercenaries", MEMBER.by_name["agility"], "d8") == agility
        assert value_text("steelwar", HOUSE_RULES_SCHEMA.by_name["recovery.roll_die"],
                          "6") == recovery
