"""The exact odds engine. It knows cards, rules and payouts; nothing of pages or reports."""

from .bets import CardsDealt, DragonBonus, HandWin, Pair, Payouts, SideBet
from .deal import DealCounts, Outcome, count_outcomes
from .drawing import DrawingRules
from .odds import MAIN_BETS, Odds, compute_odds
from .shoe import Shoe, ShoeError

__all__ = [
    "MAIN_BETS",
    "CardsDealt",
    "DealCounts",
    "DragonBonus",
    "DrawingRules",
    "HandWin",
    "Odds",
    "Outcome",
    "Pair",
    "Payouts",
    "Shoe",
    "ShoeError",
    "SideBet",
    "compute_odds",
    "count_outcomes",
]
