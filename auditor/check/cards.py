"""Concrete deals that show where two drawing rules part ways, in words."""

from __future__ import annotations

from ..engine import DrawingRules

_NAMES = {0: "K", 1: "A"}
_ARTICLES = {0: "a K", 1: "an ace", 8: "an 8"}


def card(value: int) -> str:
    return _NAMES.get(value, str(value))


def two_cards(total: int) -> str:
    """Two cards making `total`: 4 -> "4+K", 0 -> "K+Q"."""
    return "K+Q" if total == 0 else f"{card(total)}+K"


def banker_deal(total: int, third: int, rules: DrawingRules, page_draws: bool) -> str:
    """'Player 4+K draws a 9, Banker holds 3 (3+K): the ruleset draws, the page stands.'"""
    player = next((t for t in (4, 3, 5, 2, 1, 0) if t in rules.player_draws), 4)
    ruleset_draws = third in rules.banker_draws[total]
    verb = {True: "draws", False: "stands"}
    return (f"Player {two_cards(player)} draws {_ARTICLES.get(third, f'a {third}')}, Banker holds {total} ({two_cards(total)}): "
            f"the ruleset {verb[ruleset_draws]}, the page {verb[page_draws]}")


def stood_deal(total: int, rules: DrawingRules, page_draws: bool) -> str:
    stand = next((t for t in (6, 7) if t not in rules.player_draws), 6)
    verb = {True: "draws", False: "stands"}
    return (f"Player {two_cards(stand)} stands, Banker holds {total} ({two_cards(total)}): "
            f"the ruleset {verb[total in rules.banker_draws_player_stood]}, the page {verb[page_draws]}")


def player_deal(total: int, rules: DrawingRules, page_draws: bool) -> str:
    verb = {True: "draws", False: "stands"}
    return (f"Player holds {total} ({two_cards(total)}): the ruleset {verb[total in rules.player_draws]}, "
            f"the page {verb[page_draws]}")
