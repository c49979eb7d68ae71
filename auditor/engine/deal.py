"""Exact enumeration of deals: how many six-card sequences end in each way.

Cards go Player, Banker, Player, Banker, then the third cards. Every deal is padded to six
cards, so the total is N(N-1)...(N-5) for an N-card shoe and every count is an integer.

How it is fast: the number of ordered sequences with given values depends only on the
multiset of values drawn. The outcome depends on the first four cards only through the two
hands' totals. So the 10^4 four-card prefixes are grouped once into their 715 multisets and
100 (Player, Banker) totals; for a shoe, the weight of each multiset and the count of every
fifth/sixth-card pair that can follow it are combined in one integer matrix product, and the
drawing rules map each (totals, fifth, sixth) cell to an outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable
from functools import cache
from math import prod

import numpy as np

from .drawing import DrawingRules

_INT64_MAX = 2**63 - 1
_FLOAT_EXACT = 2**53  # every integer up to here is exact in a float64


@dataclass(frozen=True, order=True)
class Outcome:
    """How a deal ended."""

    player_total: int
    banker_total: int
    player_cards: int
    """2 or 3."""
    banker_cards: int
    """2 or 3."""
    natural: bool
    """A two-card 8 or 9 (per the rules' naturals) ended the deal."""

    @property
    def winner(self) -> str:
        if self.player_total > self.banker_total:
            return "player"
        if self.banker_total > self.player_total:
            return "banker"
        return "tie"

    @property
    def cards(self) -> int:
        return self.player_cards + self.banker_cards


@dataclass(frozen=True)
class DealCounts:
    """Number of six-card sequences ending in each outcome the rules allow."""

    rules: DrawingRules
    total: int
    vector: tuple[int, ...]
    """Counts aligned with `possible_outcomes(rules)`."""
    array: np.ndarray = field(repr=False, compare=False)
    """`vector` as an array whose sums over any subset are exact (float64 below 2^53)."""

    @property
    def counts(self) -> dict[Outcome, int]:
        return dict(zip(possible_outcomes(self.rules), self.vector))

    def count(self, predicate: Callable[[Outcome], bool]) -> int:
        return sum(n for o, n in zip(possible_outcomes(self.rules), self.vector) if predicate(o))


def _encode(pt, bt, pc, bc, nat):  # type: ignore[no-untyped-def]
    return (((pt * 10 + bt) * 2 + pc) * 2 + bc) * 2 + nat


def _decode(code: int) -> Outcome:
    code, nat = divmod(code, 2)
    code, bc = divmod(code, 2)
    code, pc = divmod(code, 2)
    pt, bt = divmod(code, 10)
    return Outcome(pt, bt, pc + 2, bc + 2, bool(nat))


@cache
def _prefix_groups() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rule- and shoe-independent: multiplicities of each four-card multiset; for each
    multiset how many of its orderings give each (Player, Banker) two-card total pair; and
    the products of its multiplicities m_a m_b."""
    v = np.indices((10,) * 4).reshape(4, -1).T  # (10^4, 4): P1 B1 P2 B2
    codes = (5 ** v).sum(axis=1)  # a multiplicity is at most 4: base 5 identifies the multiset
    unique, inverse = np.unique(codes, return_inverse=True)
    inverse = inverse.ravel()
    digits = unique[:, None] // (5 ** np.arange(10)) % 5  # the multiplicities, read off the code
    multiplicity = digits.astype(np.int64)
    totals = ((v[:, 0] + v[:, 2]) % 10) * 10 + (v[:, 1] + v[:, 3]) % 10
    orderings = np.bincount(inverse * 100 + totals, minlength=len(unique) * 100).reshape(len(unique), 100)
    pair_products = (multiplicity[:, :, None] * multiplicity[:, None, :]).reshape(-1, 100)
    return multiplicity, orderings, pair_products


@cache
def _falling_index() -> np.ndarray:
    return np.arange(10) * 5 + _prefix_groups()[0]


@cache
def _as_type(dtype: type) -> tuple[np.ndarray, np.ndarray]:
    """`_prefix_groups()`'s multiplicities and their pairwise products, in `dtype`."""
    multiplicity, _, pair_products = _prefix_groups()
    return multiplicity.astype(dtype), pair_products.astype(dtype)


@cache
def _transposed(dtype: type) -> np.ndarray:
    """`_prefix_groups()`'s orderings as (totals, multiset), contiguous, in `dtype`."""
    return np.ascontiguousarray(_prefix_groups()[1].T.astype(dtype))


@dataclass(frozen=True)
class _Plan:
    """How to count one set of drawing rules. Each (Player, Banker) two-card total pair is a
    row; a row's outcome depends on both the fifth and sixth cards (`full`), on the fifth only
    (`fifth`), or on neither (`fixed`, e.g. a natural). Cells are grouped by outcome code."""

    full: np.ndarray
    fifth: np.ndarray
    fixed: np.ndarray
    order: np.ndarray
    starts: np.ndarray
    codes: np.ndarray


@cache
def _plan(rules: DrawingRules) -> _Plan:
    p2, b2, c5, c6 = np.indices((10, 10, 10, 10))
    naturals = np.isin(p2, list(rules.naturals)) | np.isin(b2, list(rules.naturals))
    player_mask = np.array([t in rules.player_draws for t in range(10)])
    stood_mask = np.array([t in rules.banker_draws_player_stood for t in range(10)])
    table = np.array([[c in rules.banker_draws[t] for c in range(10)] for t in range(10)])
    player_draws = ~naturals & player_mask[p2]
    banker_draws = ~naturals & np.where(player_draws, table[b2, c5], stood_mask[b2])
    player_total = np.where(player_draws, (p2 + c5) % 10, p2)
    banker_card = np.where(player_draws, c6, c5)  # the Banker's card is the next one dealt
    banker_total = np.where(banker_draws, (b2 + banker_card) % 10, b2)
    grid = _encode(player_total, banker_total, player_draws.astype(int), banker_draws.astype(int),
                   naturals.astype(int)).reshape(100, 10, 10)
    rows = np.arange(100)
    by_sixth = (grid != grid[:, :, :1]).any(axis=(1, 2))
    by_fifth = (grid[:, :, 0] != grid[:, :1, 0]).any(axis=1)
    full, fifth, fixed = rows[by_sixth], rows[~by_sixth & by_fifth], rows[~by_sixth & ~by_fifth]
    code = np.concatenate([grid[full].ravel(), grid[fifth][:, :, 0].ravel(), grid[fixed][:, 0, 0]])
    order = np.argsort(code, kind="stable")
    sorted_codes = code[order]
    starts = np.flatnonzero(np.r_[True, sorted_codes[1:] != sorted_codes[:-1]])
    return _Plan(full, fifth, fixed, order, starts, sorted_codes[starts])


@cache
def possible_outcomes(rules: DrawingRules) -> tuple[Outcome, ...]:
    """Every outcome the rules can produce, in a fixed order."""
    return tuple(_decode(int(c)) for c in _plan(rules).codes)


def _falling(n: int, k: int) -> int:
    return prod(n - i for i in range(k)) if n >= k else 0


def _fifth_and_sixth(w: np.ndarray, c: np.ndarray, m: np.ndarray, mm: np.ndarray) -> np.ndarray:
    """[t, a, b]: sum over multisets of w[t, m] r_a (r_b - [a == b]), where r = c - m is what
    the shoe holds after the four cards. Expanded so the only product over multisets is
    with the fixed table mm[m, (a, b)] = m_a m_b."""
    s0 = w.sum(axis=1)
    s1 = w @ m
    q = (w @ mm).reshape(-1, 10, 10)
    q += s0[:, None, None] * np.multiply.outer(c, c)[None]
    q -= c[None, :, None] * s1[:, None, :] + s1[:, :, None] * c[None, None, :]
    diagonal = np.arange(10)
    q[:, diagonal, diagonal] -= c[None, :] * s0[:, None] - s1
    return q


def count_outcomes(values: tuple[int, ...], rules: DrawingRules) -> DealCounts:
    """Exact count of six-card sequences from a shoe with `values` (count per value 0-9)
    ending in each outcome under `rules`."""
    return _count_outcomes(tuple(values), rules)


@cache
def _count_outcomes(values: tuple[int, ...], rules: DrawingRules) -> DealCounts:
    n = sum(values)
    total = _falling(n, 6)
    # Every count below is of sequences, at most `total`; the largest intermediate (c_a c_b S0
    # below) is at most total n^2/((n-4)(n-5)). float64 (fast BLAS) is exact while that stays
    # under 2^53 (8 decks: 5.1e15), int64 under 2^63, and Python ints take any shoe.
    bound = total * n * n // ((n - 4) * (n - 5))
    dtype = np.float64 if bound < _FLOAT_EXACT else np.int64 if bound <= _INT64_MAX else object
    multiplicity = _prefix_groups()[0]
    counts = np.array(values, dtype=dtype)
    # falling[v, k] = c(c-1)...(c-k+1) for c cards of value v; zero once k > c
    falling = np.cumprod(np.column_stack([np.ones(10, dtype=dtype)] + [counts - i for i in range(4)]),
                         axis=1)
    weight = falling.ravel()[_falling_index()].prod(axis=1)  # ordered draws of each 4-card multiset
    weighted = _transposed(dtype) * weight  # [t, m]: sequences of m's orderings with totals t
    plan = _plan(rules)
    left = n - 4
    cells = np.concatenate([
        _fifth_and_sixth(weighted[plan.full], counts, *_as_type(dtype)).ravel(),
        (weighted[plan.fifth] @ (counts - multiplicity)).ravel() * (left - 1),  # any sixth card
        weighted[plan.fixed].sum(axis=1) * (left * (left - 1)),  # any fifth and sixth
    ])
    sums = np.add.reduceat(cells[plan.order], plan.starts)
    vector = tuple(int(n) for n in sums)  # float64 sums are whole numbers: exact
    if sum(vector) != total:  # pragma: no cover - a guard on the method itself
        raise ArithmeticError("enumeration does not add up to the number of sequences")
    return DealCounts(rules=rules, total=total, vector=vector, array=sums)
