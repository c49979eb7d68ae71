"""Every bet's exact probabilities and house edge for a shoe, drawing rules and payouts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import lcm

import numpy as np

from .bets import Pair, Payouts, SideBet
from .deal import DealCounts, Outcome, count_outcomes, possible_outcomes
from .drawing import DrawingRules
from .pairs import pair_count
from .shoe import Shoe

MAIN_BETS = ("banker", "player", "tie")


@dataclass(frozen=True)
class Odds:
    """Exact results of one enumeration. Counts are six-card sequences."""

    shoe: Shoe
    deals: DealCounts
    edges: dict[str, Fraction]
    """House edge of each bet offered, per unit staked (negative: the player has the edge)."""
    win_counts: dict[str, int]
    """For each bet, the sequences on which it wins."""
    unavailable: dict[str, str] = field(default_factory=dict)
    """Bets that cannot be computed for this shoe, with the reason."""

    @property
    def total(self) -> int:
        return self.deals.total

    def probability(self, count: int) -> Fraction:
        return Fraction(count, self.total)

    @property
    def outcomes(self) -> dict[str, int]:
        return {w: self.deals.count(lambda o, w=w: o.winner == w) for w in MAIN_BETS}

    @property
    def cards_dealt(self) -> dict[int, int]:
        """Sequences by number of cards the deal used (4, 5, 6)."""
        return {n: self.deals.count(lambda o, n=n: o.cards == n) for n in (4, 5, 6)}

    @property
    def frequencies(self) -> dict[str, Fraction]:
        d = self.deals
        return {
            "natural": self.probability(d.count(lambda o: o.natural)),
            "player_draws": self.probability(d.count(lambda o: o.player_cards == 3)),
            "banker_draws": self.probability(d.count(lambda o: o.banker_cards == 3)),
            "mean_cards": sum(
                (Fraction(n * c, self.total) for n, c in self.cards_dealt.items()), Fraction(0)
            ),
        }

    def to_dict(self) -> dict[str, object]:
        return {
            "shoe": self.shoe.describe(),
            "total": self.total,
            "outcomes": {
                w: {"count": c, "probability": float(self.probability(c))}
                for w, c in self.outcomes.items()
            },
            "bets": {
                name: {
                    "house_edge": float(edge),
                    "house_edge_exact": _fraction_text(edge),
                    "win_count": self.win_counts[name],
                    "win_probability": float(self.probability(self.win_counts[name])),
                }
                for name, edge in self.edges.items()
            },
            "unavailable": dict(self.unavailable),
            "cards_dealt": {
                str(n): {"count": c, "probability": float(self.probability(c))}
                for n, c in self.cards_dealt.items()
            },
            "frequencies": {k: float(v) for k, v in self.frequencies.items()},
        }


def _fraction_text(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


@cache
def _outcomes_by_return(
    rules: DrawingRules, terms: Payouts | SideBet, method: str
) -> tuple[tuple[Fraction, ...], np.ndarray, np.ndarray]:
    """The positions in `possible_outcomes(rules)` grouped by what the bet (`terms.method`)
    returns there: (distinct returns, positions ordered by group, where each group starts).
    Keyed by the terms' value, so equal payouts built apart share one entry."""
    returns_of: Callable[[Outcome], Fraction] = getattr(terms, method)
    groups: dict[Fraction, list[int]] = {}
    for i, outcome in enumerate(possible_outcomes(rules)):
        groups.setdefault(returns_of(outcome), []).append(i)
    order = np.array([i for where in groups.values() for i in where])
    starts = np.cumsum([0, *(len(w) for w in groups.values())][:-1])
    return tuple(groups), order, starts


def _expected_return(by_return: dict[Fraction, int], total: int) -> Fraction:
    """Sum of return x count over `total`, with one exact division."""
    common = lcm(*(r.denominator for r in by_return))
    numerator = sum(r.numerator * (common // r.denominator) * n for r, n in by_return.items())
    return Fraction(numerator, common * total)


def compute_odds(
    shoe: Shoe,
    rules: DrawingRules,
    payouts: Payouts,
    side_bets: Mapping[str, SideBet] | None = None,
) -> Odds:
    """Probabilities and house edges of the main bets and `side_bets` for one shoe."""
    deals = count_outcomes(shoe.values, rules)
    returns: dict[str, tuple[Payouts | SideBet, str]] = {bet: (payouts, bet) for bet in MAIN_BETS}
    edges: dict[str, Fraction] = {}
    wins: dict[str, int] = {}
    unavailable: dict[str, str] = {}
    for name, bet in (side_bets or {}).items():
        if isinstance(bet, Pair):
            hits = pair_count(shoe, bet.hand, bet.suited)
            if hits is None:
                need = "suits" if bet.suited else "ranks"
                unavailable[name] = f"the shoe was given by value, so its {need} are unknown"
                continue
            wins[name] = hits
            edges[name] = -_expected_return({bet.pays: hits, Fraction(-1): deals.total - hits}, deals.total)
        else:
            returns[name] = (bet, "returns")
    for name, (terms, method) in returns.items():
        values, order, starts = _outcomes_by_return(rules, terms, method)
        sums = np.add.reduceat(deals.array[order], starts)
        by_return = {r: int(n) for r, n in zip(values, sums)}
        edges[name] = -_expected_return(by_return, deals.total)
        wins[name] = sum(n for r, n in by_return.items() if r > 0)
    order = [*MAIN_BETS, *(side_bets or {})]
    edges = {k: edges[k] for k in order if k in edges}
    return Odds(shoe=shoe, deals=deals, edges=edges, win_counts=wins, unavailable=unavailable)
