"""The fast engine agrees with a card-by-card enumerator on small and depleted shoes,
for the standard rules and for altered drawing rules."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from auditor.engine import DrawingRules, count_outcomes

from .reference import deal_outcomes


def _engine(values, rules):
    deals = count_outcomes(values, rules)
    out = {}
    for outcome, n in deals.counts.items():
        if n:
            key = (outcome.winner, outcome.player_cards, outcome.banker_cards)
            out[key] = out.get(key, 0) + n
    return out


def _shoes():
    rng = random.Random(20261129)
    shoes = []
    for _ in range(6):
        values = [0] * 10
        for v in rng.sample(range(10), rng.randint(3, 5)):
            values[v] = rng.randint(1, 4)
        while sum(values) < 6:
            values[rng.randrange(10)] += 1
        shoes.append(tuple(values))
    return shoes


@pytest.mark.parametrize("values", _shoes())
def test_standard_rules(standard, values):
    assert _engine(values, standard.drawing) == dict(deal_outcomes(values, standard.drawing))


@pytest.mark.parametrize("values", _shoes()[:3])
def test_altered_rules(standard, values):
    rules = DrawingRules.build(
        naturals=[9],
        player_draws=[0, 1, 2, 3, 4, 5, 6],
        banker_draws_player_stood=[0, 1, 2, 3, 4],
        banker_draws={0: range(10), 3: [1, 2, 3], 5: [0, 9], 6: [6]},
    )
    assert _engine(values, rules) == dict(deal_outcomes(values, rules))


def test_banker_three_standing_on_nine_changes_edges(standard):
    table = list(standard.drawing.banker_draws)
    table[3] = table[3] - {9}
    altered = replace(standard.drawing, banker_draws=tuple(table))
    assert altered.differing_banker_rows(standard.drawing) == [3]
    base = standard.odds(decks=8)
    odds = replace(standard, drawing=altered).odds(decks=8)
    assert odds.edges["banker"] != base.edges["banker"]
    assert odds.edges["player"] != base.edges["player"]
    assert odds.total == base.total
