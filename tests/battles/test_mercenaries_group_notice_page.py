"""A squad's group Notice roll (§2.18) through the API and on the battle page: its dice asked
of the squad in English and Russian, a die off the die refused with nothing stored, the
server's dice and the table's both accepted."""

import pytest

from rules.mercenaries.examples import PATROL
from tests.battles.helpers import dice, head, mercenaries_battle, post
from tests.page_text import battle_page_text, battle_page_texts

pytestmark = pytest.mark.django_db
WALK = {"action": "move", "unit": "m1", "params": {"to": "1,1"}}


@pytest.fixture
def patrol(club, people):
    return mercenaries_battle(club, people, "A patrol at dusk", PATROL)


def test_the_group_dice_read_in_both_languages_and_a_bad_die_stores_nothing(
        clients, patrol, people):
    declared = post(clients["alice"], patrol, "declare/", {"expected_version": 1,
                                                           "command": WALK})
    assert declared.status_code == 201, declared.json()
    asked = {r["key"]: r for r in declared.json()["pending"]["requests"]}
    assert (asked["group_notice.trait"]["sides"], asked["group_notice.wild"]["sides"]) == (6, 4)
    english, russian = battle_page_texts(patrol, people["alice"])
    assert "group Wild Die d4 of 2nd squad (3 Extras)" in english
    assert "Notice of 2nd squad: the group's die d6" in english
    assert "2nd squad: Дикая кость группы" in russian
    assert "высматривают цель Diaz группой" in russian
    assert "group_notice" not in english + russian
    version = head(patrol)
    refused = dice(clients["alice"], patrol, version,
                   **{"group_notice.trait": [3], "group_notice.wild": [4]})  # it aces
    assert refused.status_code in (400, 422), refused.json()
    assert head(patrol) == version
    rolled = dice(clients["alice"], patrol, version,
                  **{"group_notice.trait": [5], "group_notice.wild": [2]})
    assert rolled.status_code == 201, rolled.json()
    russian = battle_page_text(patrol, people["alice"], "ru")
    assert "Private Ruiz обнаруживает цель Diaz (5/2+0 = 5)" in russian  # TN 4
    assert "Private Vega не замечает цель Diaz (5/2+0 = 5)" in russian  # TN 6


def test_the_server_may_roll_the_group_dice(clients, patrol):
    post(clients["alice"], patrol, "declare/", {"expected_version": 1, "command": WALK})
    rolled = post(clients["alice"], patrol, "dice/", {"expected_version": head(patrol),
                                                      "server_dice": "all"})
    assert rolled.status_code == 201, rolled.json()
    assert "group_notice.wild" not in [r["key"] for r in
                                       rolled.json().get("pending", {}).get("requests", [])]
