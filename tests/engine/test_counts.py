"""The engine reproduces REFERENCE.md's exact counts and frequencies."""

from __future__ import annotations

from fractions import Fraction
from math import prod

import pytest

from auditor.engine import Shoe, count_outcomes

# decks: (total sequences, Player wins, Banker wins, ties), REFERENCE.md
PUBLISHED_COUNTS = {
    1: (14_658_134_400, 6_548_674_432, 6_737_232_640, 1_372_227_328),
    2: (1_092_514_737_600, 487_816_735_232, 501_543_728_128, 103_154_274_240),
    4: (75_297_571_090_560, 33_608_344_225_792, 34_543_624_867_840, 7_145_601_996_928),
    6: (878_869_206_895_680, 392_220_492_728_832, 403_095_751_234_560, 83_552_962_932_288),
    8: (4_998_398_275_503_360, 2_230_518_282_592_256, 2_292_252_566_437_888, 475_627_426_473_216),
}

# decks: (P(Banker), P(Player), P(Tie)) to 6 decimals, REFERENCE.md
PUBLISHED_PROBABILITIES = {
    1: (0.459624, 0.446760, 0.093615),
    2: (0.459073, 0.446508, 0.094419),
    4: (0.458761, 0.446340, 0.094898),
    6: (0.458653, 0.446279, 0.095069),
    8: (0.458597, 0.446247, 0.095156),
}


@pytest.mark.parametrize("decks", sorted(PUBLISHED_COUNTS))
def test_exact_counts(standard, decks):
    total, player, banker, tie = PUBLISHED_COUNTS[decks]
    deals = count_outcomes(Shoe.of_decks(decks).values, standard.drawing)
    assert deals.total == total == prod(52 * decks - i for i in range(6))
    assert deals.count(lambda o: o.winner == "player") == player
    assert deals.count(lambda o: o.winner == "banker") == banker
    assert deals.count(lambda o: o.winner == "tie") == tie


@pytest.mark.parametrize("decks", sorted(PUBLISHED_PROBABILITIES))
def test_probabilities(standard, decks):
    odds = standard.odds(decks=decks)
    got = [float(odds.probability(odds.outcomes[w])) for w in ("banker", "player", "tie")]
    assert got == pytest.approx(PUBLISHED_PROBABILITIES[decks], abs=5e-7)


def test_eight_deck_card_split_and_frequencies(standard):
    odds = standard.odds(decks=8)
    split = {n: float(odds.probability(c)) for n, c in odds.cards_dealt.items()}
    assert split == pytest.approx({4: 0.378868, 5: 0.303444, 6: 0.317687}, abs=5e-7)
    f = odds.frequencies
    assert round(float(f["natural"]) * 100, 2) == 34.30
    assert round(float(f["player_draws"]) * 100, 2) == 50.34
    assert round(float(f["banker_draws"]) * 100, 2) == 43.54
    assert round(float(f["mean_cards"]), 2) == 4.94


# (winner, cards) share of all deals, 8 decks, REFERENCE.md, in percent
PUBLISHED_SPLIT_BY_WINNER = {
    ("banker", 4): 17.16, ("player", 4): 17.16, ("tie", 4): 3.57,
    ("banker", 5): 15.68, ("player", 5): 11.99, ("tie", 5): 2.67,
    ("banker", 6): 13.02, ("player", 6): 15.48, ("tie", 6): 3.27,
}


@pytest.mark.parametrize(("winner", "cards"), sorted(PUBLISHED_SPLIT_BY_WINNER))
def test_split_by_winner_and_cards(standard, winner, cards):
    odds = standard.odds(decks=8)
    n = odds.deals.count(lambda o: o.winner == winner and o.cards == cards)
    assert round(float(odds.probability(n)) * 100, 2) == PUBLISHED_SPLIT_BY_WINNER[(winner, cards)]


def test_banker_six_and_three_card_seven_and_panda_counts(standard):
    deals = count_outcomes(Shoe.of_decks(8).values, standard.drawing)
    assert deals.count(lambda o: o.winner == "banker" and o.banker_total == 6) == 269_232_304_455_680
    assert deals.count(
        lambda o: o.winner == "banker" and o.banker_total == 7 and o.banker_cards == 3
    ) == 112_633_011_329_024
    assert deals.count(
        lambda o: o.winner == "player" and o.player_total == 8 and o.player_cards == 3
    ) == 172_660_763_262_976


def test_large_shoe_stays_exact(standard):
    """Past 2^63 sequences the engine switches to exact Python integers."""
    deals = count_outcomes(Shoe.of_decks(40).values, standard.drawing)
    assert deals.total == prod(52 * 40 - i for i in range(6)) > 2**63
    assert sum(deals.vector) == deals.total
    p = Fraction(deals.count(lambda o: o.winner == "banker"), deals.total)
    eight = standard.odds(decks=8)
    assert 0.458 < p < float(eight.probability(eight.outcomes["banker"]))  # nearer the infinite deck
