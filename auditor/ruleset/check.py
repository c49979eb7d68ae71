"""`rulesets --check`: recompute every expected edge a ruleset declares."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..figures import Percent, percent_text
from .model import Ruleset


@dataclass(frozen=True)
class EdgeCheck:
    """One declared edge against the engine."""

    ruleset: str
    decks: int
    bet: str
    declared: str
    computed: Fraction | None
    """None when the ruleset offers no such bet."""
    source: str

    @property
    def ok(self) -> bool:
        return self.computed is not None and Percent.parse(self.declared).matches(self.computed)

    def describe(self) -> str:
        got = "not offered" if self.computed is None else percent_text(self.computed)
        verdict = "ok" if self.ok else "MISMATCH"
        return f"{self.ruleset} {self.decks} decks {self.bet}: declared {self.declared}, computed {got}: {verdict}"


def check_ruleset(ruleset: Ruleset) -> list[EdgeCheck]:
    checks = []
    for expected in ruleset.expected_edges:
        odds = ruleset.odds(decks=expected.decks)
        for bet, declared in expected.edges.items():
            checks.append(
                EdgeCheck(ruleset.id, expected.decks, bet, declared, odds.edges.get(bet), expected.source)
            )
    return checks
