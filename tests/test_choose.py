"""Choosing the ruleset a page is judged against from its own payout clauses (auditor/choose.py)."""

from __future__ import annotations

import pytest

from auditor.choose import choose_ruleset


@pytest.mark.parametrize("stated, ruleset", [
    ({"banker_three_card_7_push": True}, "ez-baccarat"),
    ({"side_bets": {"dragon_7": 40}}, "ez-baccarat"),
    ({"banker_pays_on_6": 0.5}, "super-6"),
    # a Super 6 page that names EZ Baccarat's Dragon 7 in passing, or offers it, is a Super 6 page
    ({"banker_pays_on_6": 0.5, "banker_commission": 0, "side_bets": {"super_6": 15, "dragon_7": None}}, "super-6"),
    ({"banker_commission": 0}, "super-6"),
    ({"tie_pays": 9, "banker_commission": 0.05}, "punto-banco-tie-9"),
    ({"banker_commission": 0.05}, "punto-banco"),
    ({}, "punto-banco"),
])
def test_the_ruleset_follows_the_pages_own_clauses(stated, ruleset):
    chosen, why = choose_ruleset(stated)
    assert chosen == ruleset
    assert why
