"""The shoe: how many cards of each value, rank and (where known) suit it holds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

#: Ranks in order; the index of a rank is its position here.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
#: Baccarat value of each rank: ace 1, 2-9 face value, ten and court cards 0.
RANK_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
_RANK_ALIASES = {"T": "10", "1": "A", "ACE": "A", "JACK": "J", "QUEEN": "Q", "KING": "K"}

#: A deal uses at most six cards; every count is over six-card sequences.
CARDS_PER_DEAL = 6


class ShoeError(ValueError):
    """A shoe that cannot be built or cannot finish a deal."""


@dataclass(frozen=True)
class Shoe:
    """A shoe's composition. Ranks and suits are known only where the shoe was built with them."""

    values: tuple[int, ...]
    """Count of cards of each baccarat value 0-9."""
    ranks: tuple[int, ...] | None = None
    """Count of each rank in `RANKS` order, or None when only values are known."""
    suited: tuple[int, ...] | None = None
    """Count of each (rank, suit), rank-major, or None when suits are unknown."""
    decks: int | None = None
    """Number of standard 52-card decks, when the shoe is a whole number of full decks."""

    def __post_init__(self) -> None:
        if len(self.values) != 10:
            raise ShoeError("a shoe needs a count for each value 0-9")
        if any(c < 0 for c in self.values):
            raise ShoeError("card counts cannot be negative")
        if self.cards < CARDS_PER_DEAL:
            raise ShoeError(
                f"a shoe of {self.cards} cards is too small to finish a deal "
                f"(a deal can take {CARDS_PER_DEAL})"
            )

    @property
    def cards(self) -> int:
        return sum(self.values)

    @classmethod
    def of_decks(cls, decks: int) -> Shoe:
        """`decks` full 52-card decks."""
        if not isinstance(decks, int) or decks < 1:
            raise ShoeError(f"the number of decks must be a whole number of at least 1, not {decks!r}")
        ranks = tuple(4 * decks for _ in RANKS)
        return cls(
            values=_values_of_ranks(ranks),
            ranks=ranks,
            suited=tuple(decks for _ in range(len(RANKS) * len(SUITS))),
            decks=decks,
        )

    @classmethod
    def from_counts(cls, counts: Mapping[str, int]) -> Shoe:
        """A shoe from counts keyed by value (`"0"`-`"9"`) or by rank (`A`, `2`-`10`, `J`, `Q`, `K`).

        Keys 1-9 name both a value and a rank. Ranks are known unless the key `0` is used
        (value 0 lumps the tens and court cards together).
        """
        if not counts:
            raise ShoeError("an empty shoe")
        by_rank = [0] * len(RANKS)
        zero_value: int | None = None
        for key, count in counts.items():
            if not isinstance(count, int) or isinstance(count, bool):
                raise ShoeError(f"the count for {key!r} must be a whole number")
            if count < 0:
                raise ShoeError(f"the count for {key!r} is negative ({count})")
            name = _RANK_ALIASES.get(str(key).strip().upper(), str(key).strip().upper())
            if name == "0":
                zero_value = (zero_value or 0) + count
            elif name in RANKS:
                by_rank[RANKS.index(name)] += count
            else:
                raise ShoeError(f"unknown card {key!r}: use values 0-9 or ranks A, 2-10, J, Q, K")
        values = list(_values_of_ranks(tuple(by_rank)))
        if zero_value is not None:
            values[0] += zero_value
            return cls(values=tuple(values))
        return cls(values=tuple(values), ranks=tuple(by_rank))

    def describe(self) -> dict[str, object]:
        """The shoe as plain data, for reports."""
        out: dict[str, object] = {"decks": self.decks, "cards": self.cards}
        if self.decks is None:
            out["values"] = {str(v): c for v, c in enumerate(self.values)}
        return out


def _values_of_ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    values = [0] * 10
    for count, value in zip(ranks, RANK_VALUES):
        values[value] += count
    return tuple(values)
