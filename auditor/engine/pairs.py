"""Pair bets: exact counts from the shoe's ranks (or rank-and-suit kinds), in closed form.

A pair bet looks only at the first two cards of a hand (positions 1 and 3 for the Player,
2 and 4 for the Banker), so its count over six-card sequences needs no enumeration.
"""

from __future__ import annotations

from functools import cache

from .deal import _falling
from .shoe import Shoe


@cache
def pair_count(shoe: Shoe, hand: str, suited: bool) -> int | None:
    """Six-card sequences in which `hand` ('player', 'banker' or 'either') is dealt a pair;
    None when the shoe does not know its ranks (or suits, for a suited pair)."""
    kinds = shoe.suited if suited else shoe.ranks
    if kinds is None:
        return None
    n = shoe.cards
    pairs = [c * (c - 1) for c in kinds]
    one_hand = sum(pairs) * _falling(n - 2, 4)
    if hand in ("player", "banker"):
        return one_hand
    # Either: |P| + |B| - |P and B|; both hands paired in the first four cards.
    both_four = sum(pairs) ** 2 - sum(p * p for p in pairs) + sum(p * (c - 2) * (c - 3) for p, c in zip(pairs, kinds))
    return 2 * one_hand - both_four * _falling(n - 4, 2)
