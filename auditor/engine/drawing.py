"""Drawing rules as data: when each hand takes a third card."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

TOTALS = range(10)
THIRD_CARDS = range(10)


@dataclass(frozen=True)
class DrawingRules:
    """A complete drawing procedure.

    The Banker rule when the Player drew is keyed to the value of the Player's third card.
    """

    naturals: frozenset[int]
    """Two-card totals that end the deal for both hands."""
    player_draws: frozenset[int]
    """Player two-card totals on which the Player draws."""
    banker_draws_player_stood: frozenset[int]
    """Banker two-card totals on which the Banker draws when the Player stood."""
    banker_draws: tuple[frozenset[int], ...]
    """For each Banker two-card total 0-9, the Player third-card values on which the Banker draws."""

    @classmethod
    def build(
        cls,
        *,
        naturals: Iterable[int],
        player_draws: Iterable[int],
        banker_draws_player_stood: Iterable[int],
        banker_draws: Mapping[int, Iterable[int]],
    ) -> DrawingRules:
        """Rules from plain collections; Banker totals missing from `banker_draws` stand."""
        table = tuple(frozenset(banker_draws.get(total, ())) for total in TOTALS)
        return cls(
            naturals=frozenset(naturals),
            player_draws=frozenset(player_draws),
            banker_draws_player_stood=frozenset(banker_draws_player_stood),
            banker_draws=table,
        )

    def banker_draws_on(self, banker_total: int, player_third: int | None) -> bool:
        """Whether the Banker draws; `player_third` is None when the Player stood."""
        if player_third is None:
            return banker_total in self.banker_draws_player_stood
        return player_third in self.banker_draws[banker_total]

    def differing_banker_rows(self, other: DrawingRules) -> list[int]:
        """Banker totals whose third-card row differs from `other`'s."""
        return [t for t in TOTALS if self.banker_draws[t] != other.banker_draws[t]]
