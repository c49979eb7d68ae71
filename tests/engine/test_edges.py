"""House edges to REFERENCE.md's published decimals, for every variant and side bet."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from auditor import load_ruleset
from auditor.engine import Shoe


def pct(x):
    return float(x) * 100


# (ruleset, decks, bet, published %, decimals)
PUBLISHED = [
    ("punto-banco", 1, "banker", 1.0117, 4), ("punto-banco", 2, "banker", 1.0389, 4),
    ("punto-banco", 4, "banker", 1.0517, 4), ("punto-banco", 6, "banker", 1.0558, 4),
    ("punto-banco", 8, "banker", 1.0579, 4),
    ("punto-banco", 1, "player", 1.2864, 4), ("punto-banco", 2, "player", 1.2565, 4),
    ("punto-banco", 4, "player", 1.2421, 4), ("punto-banco", 6, "player", 1.2374, 4),
    ("punto-banco", 8, "player", 1.2351, 4),
    ("punto-banco", 1, "tie", 15.7461, 4), ("punto-banco", 2, "tie", 15.0228, 4),
    ("punto-banco", 4, "tie", 14.5916, 4), ("punto-banco", 6, "tie", 14.4382, 4),
    ("punto-banco", 8, "tie", 14.3596, 4),
    ("punto-banco-tie-9", 1, "tie", 6.3846, 4), ("punto-banco-tie-9", 2, "tie", 5.5809, 4),
    ("punto-banco-tie-9", 4, "tie", 5.1018, 4), ("punto-banco-tie-9", 6, "tie", 4.9313, 4),
    ("punto-banco-tie-9", 8, "tie", 4.8440, 4),
    ("super-6", 1, "banker", 1.3852, 4), ("super-6", 6, "banker", 1.4548, 4),
    ("super-6", 8, "banker", 1.4581, 4),
    ("ez-baccarat", 1, "banker", 0.9678, 4), ("ez-baccarat", 6, "banker", 1.0161, 4),
    ("ez-baccarat", 8, "banker", 1.0183, 4),
    ("ez-baccarat", 8, "dragon_7", 7.6113, 4), ("ez-baccarat", 8, "panda_8", 10.1876, 4),
    ("punto-banco", 8, "player_pair", 10.36, 2), ("punto-banco", 6, "player_pair", 11.25, 2),
    ("punto-banco", 1, "player_pair", 29.41, 2), ("punto-banco", 8, "banker_pair", 10.36, 2),
    ("punto-banco", 8, "either_pair", 13.71, 2), ("punto-banco", 6, "either_pair", 14.54, 2),
    ("punto-banco", 8, "perfect_pair", 13.03, 2), ("punto-banco", 6, "perfect_pair", 17.07, 2),
    ("punto-banco", 8, "dragon_bonus_player", 2.65, 2), ("punto-banco", 6, "dragon_bonus_player", 2.67, 2),
    ("punto-banco", 8, "dragon_bonus_banker", 9.37, 2), ("punto-banco", 6, "dragon_bonus_banker", 9.39, 2),
    ("super-6", 8, "super_6", 29.98, 2),
]


@pytest.mark.parametrize(("ruleset", "decks", "bet", "published", "decimals"), PUBLISHED)
def test_published_edge(ruleset, decks, bet, published, decimals):
    edge = load_ruleset(ruleset).odds(decks=decks).edges[bet]
    assert round(pct(edge), decimals) == pytest.approx(published, abs=1e-9)


def test_pair_probability_is_31_over_415(standard):
    odds = standard.odds(decks=8)
    assert Fraction(odds.win_counts["player_pair"], odds.total) == Fraction(31, 415)


def test_super_6_side_bet_at_15_to_1(standard):
    super6 = load_ruleset("super-6")
    bet = replace(super6.side_bets["super_6"], pays=Fraction(15))
    odds = replace(super6, side_bets={"super_6": bet}).odds(decks=8)
    assert round(pct(odds.edges["super_6"]), 2) == 13.82


@pytest.mark.parametrize(("rate", "decks", "published"), [("0.04", 8, 0.5993), ("0.04", 6, 0.5972)])
def test_four_percent_commission(standard, rate, decks, published):
    payouts = replace(standard.payouts, banker_commission=Fraction(rate))
    edge = replace(standard, payouts=payouts).odds(decks=decks).edges["banker"]
    assert round(pct(edge), 4) == published


def test_two_and_a_half_percent_commission_favours_the_player(standard):
    payouts = replace(standard.payouts, banker_commission=Fraction("0.025"))
    edge = replace(standard, payouts=payouts).odds(decks=8).edges["banker"]
    assert round(pct(edge), 3) == -0.089


def test_main_bets_losing_on_tie_raises_their_edges(standard):
    payouts = replace(standard.payouts, main_bets_push_on_tie=False)
    odds = replace(standard, payouts=payouts).odds(decks=8)
    base = standard.odds(decks=8)
    p_tie = Fraction(base.outcomes["tie"], base.total)
    assert odds.edges["player"] == base.edges["player"] + p_tie
    assert odds.edges["banker"] == base.edges["banker"] + p_tie


def test_value_only_shoe_cannot_price_pair_bets(standard):
    shoe = Shoe.from_counts({str(v): (128 if v == 0 else 32) for v in range(10)})
    odds = standard.odds(shoe)
    assert "player_pair" not in odds.edges and "player_pair" in odds.unavailable
    assert odds.edges["banker"] == standard.odds(decks=8).edges["banker"]


def test_rank_shoe_prices_pairs_but_not_suited_pairs(standard):
    shoe = Shoe.from_counts({r: 32 for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")})
    odds = standard.odds(shoe)
    assert odds.edges["player_pair"] == standard.odds(decks=8).edges["player_pair"]
    assert "perfect_pair" in odds.unavailable


def test_depleted_shoe_differs_from_full(standard):
    full = standard.odds(decks=1)
    counts = {r: 4 for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")}
    counts["8"] = 0
    counts["9"] = 0
    depleted = standard.odds(Shoe.from_counts(counts))
    assert depleted.frequencies["natural"] < full.frequencies["natural"]
    assert depleted.total == 44 * 43 * 42 * 41 * 40 * 39
