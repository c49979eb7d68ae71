"""`auditor.odds()`: a ruleset's exact odds for a shoe, as the `odds` command reports them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .engine import Odds, Shoe
from .ruleset import Ruleset, load_ruleset


@dataclass(frozen=True)
class OddsReport:
    """The odds of every bet a ruleset offers, for one shoe."""

    ruleset: Ruleset
    odds: Odds

    def to_dict(self) -> dict[str, object]:
        return {"ruleset": self.ruleset.id, **self.odds.to_dict()}


def odds(
    decks: int | None = None,
    ruleset: str | Path | Ruleset = "punto-banco",
    shoe: Shoe | Mapping[str, int] | None = None,
) -> OddsReport:
    """Exact odds for `decks` full decks (default: the ruleset's) or a given `shoe`
    (a Shoe, or counts keyed by value or rank)."""
    rules = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
    if shoe is not None and decks is not None:
        raise ValueError("give either decks or shoe, not both")
    if shoe is not None and not isinstance(shoe, Shoe):
        shoe = Shoe.from_counts(shoe)
    return OddsReport(rules, rules.odds(shoe, decks=decks))
