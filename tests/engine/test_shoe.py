from __future__ import annotations

import pytest

from auditor.engine import Shoe, ShoeError


def test_decks():
    shoe = Shoe.of_decks(8)
    assert shoe.cards == 416 and shoe.values[0] == 128 and shoe.values[1] == 32


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ({"0": 5}, "too small"),
        ({"1": -3, "2": 40}, "negative"),
        ({"Z": 3}, "unknown card"),
        ({}, "empty"),
    ],
)
def test_bad_shoes(counts, message):
    with pytest.raises(ShoeError, match=message):
        Shoe.from_counts(counts)


@pytest.mark.parametrize("decks", [0, -1])
def test_bad_deck_count(decks):
    with pytest.raises(ShoeError):
        Shoe.of_decks(decks)


def test_ranks_fold_into_values():
    shoe = Shoe.from_counts({"10": 4, "J": 4, "Q": 4, "K": 4, "A": 4})
    assert shoe.values[0] == 16 and shoe.values[1] == 4 and shoe.ranks is not None
