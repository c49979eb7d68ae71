"""The Ruleset: what a correct page states, and the edges it is expected to produce."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import DrawingRules, Odds, Payouts, Shoe, SideBet, compute_odds


@dataclass(frozen=True)
class ExpectedEdges:
    """Published house edges for one deck count, as written (percentages with their decimals)."""

    decks: int
    source: str
    edges: dict[str, str]


@dataclass(frozen=True)
class Ruleset:
    """A resolved ruleset (its `extends` chain merged)."""

    id: str
    name: str
    path: Path
    decks: int
    drawing: DrawingRules
    payouts: Payouts
    side_bets: dict[str, SideBet]
    expected_edges: tuple[ExpectedEdges, ...]
    extends: str | None = None

    def odds(self, shoe: Shoe | None = None, *, decks: int | None = None) -> Odds:
        """Exact odds of every bet this ruleset offers, for `shoe` or `decks` full decks."""
        if shoe is None:
            shoe = Shoe.of_decks(self.decks if decks is None else decks)
        return compute_odds(shoe, self.drawing, self.payouts, self.side_bets)

    def __hash__(self) -> int:
        return hash((self.id, self.path))
