"""Bets and what they return: each bet maps a deal's outcome to a return per unit staked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .deal import Outcome

WIN, PUSH, LOSE = "win", "push", "lose"


@dataclass(frozen=True)
class Payouts:
    """How the main bets are paid. Amounts are 'to one' (winnings per unit staked)."""

    banker_commission: Fraction = Fraction(0)
    """Fraction of a winning Banker bet's winnings withheld (1/20 for 5%)."""
    banker_pays_on_6: Fraction | None = None
    """Reduced payout on a winning Banker 6 (1/2 in Super 6), or None."""
    banker_three_card_7_push: bool = False
    """A winning Banker three-card 7 pushes (EZ Baccarat)."""
    tie_pays: Fraction = Fraction(8)
    main_bets_push_on_tie: bool = True

    def banker(self, o: Outcome) -> Fraction:
        if o.winner == "banker":
            if self.banker_three_card_7_push and o.banker_total == 7 and o.banker_cards == 3:
                return Fraction(0)
            if self.banker_pays_on_6 is not None and o.banker_total == 6:
                return self.banker_pays_on_6
            return 1 - self.banker_commission
        return self._not_won(o)

    def player(self, o: Outcome) -> Fraction:
        return Fraction(1) if o.winner == "player" else self._not_won(o)

    def tie(self, o: Outcome) -> Fraction:
        return self.tie_pays if o.winner == "tie" else Fraction(-1)

    def _not_won(self, o: Outcome) -> Fraction:
        return Fraction(0) if o.winner == "tie" and self.main_bets_push_on_tie else Fraction(-1)


@dataclass(frozen=True)
class HandWin:
    """Pays when `hand` wins with `total` (and, if given, with `cards` cards): Dragon 7,
    Panda 8, the Super 6 side bet."""

    hand: str
    total: int
    pays: Fraction
    cards: int | None = None

    def returns(self, o: Outcome) -> Fraction:
        final = o.player_total if self.hand == "player" else o.banker_total
        cards = o.player_cards if self.hand == "player" else o.banker_cards
        hit = o.winner == self.hand and final == self.total and self.cards in (None, cards)
        return self.pays if hit else Fraction(-1)


@dataclass(frozen=True)
class CardsDealt:
    """Pays when the deal uses one of `cards` cards in all (Big: 5 or 6; Small: 4)."""

    cards: frozenset[int]
    pays: Fraction

    def returns(self, o: Outcome) -> Fraction:
        return self.pays if o.cards in self.cards else Fraction(-1)


@dataclass(frozen=True)
class DragonBonus:
    """Pays by the margin of a non-natural win, `natural_win` on a natural win, and pushes on
    a natural tie."""

    hand: str
    margins: Mapping[int, Fraction] = field(hash=False)
    natural_win: Fraction = Fraction(1)

    def __hash__(self) -> int:
        return hash((self.hand, tuple(sorted(self.margins.items())), self.natural_win))

    def returns(self, o: Outcome) -> Fraction:
        if o.natural and o.winner == "tie":
            return Fraction(0)
        if o.winner != self.hand:
            return Fraction(-1)
        if o.natural:
            return self.natural_win
        return self.margins.get(abs(o.player_total - o.banker_total), Fraction(-1))


@dataclass(frozen=True)
class Pair:
    """Pays when the first two cards of `hand` (`player`, `banker` or `either`) are a pair of
    the same rank, or of the same rank and suit when `suited`. Needs the shoe's ranks (suits)."""

    hand: str
    pays: Fraction
    suited: bool = False


OutcomeBet = HandWin | CardsDealt | DragonBonus
SideBet = OutcomeBet | Pair
