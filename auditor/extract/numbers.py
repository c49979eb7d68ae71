"""Sets of card values and hand totals as pages write them.

"0-5", "0–5", "0 to 5", "zero through five", "0~5", "5 or less", "less than 6", "between 2
and 7", "0, 1, 2 or 3", "0-1-2-3-4-5-6-7-9" (a list: three or more hyphenated numbers), "2-7"
(a range), "any card except 8", "all but an 8", "10/J/Q/K" (a zero), number words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import lazy_re
from . import canonical, literals

ALL = frozenset(range(10))

_WORDS = canonical.mapping("number_words")
_DASHES = lazy_re.compile(r"[\u2010-\u2015\u2212\u2043\ufe58\ufe63\uff0d~\u301c\uff5e]")
_ORDINALS = canonical.mapping("ordinals")
_ORDINAL = lazy_re.compile(r"\b(?:1st|2nd|3rd)\b")
_SYMBOLS = lazy_re.compile(r"[≤≥<>✚+]")
_LE = lazy_re.compile(r"(?:≤|<=|=<)\s*(\d+)")
_GE = lazy_re.compile(r"(?:≥|>=|=>)\s*(\d+)")
_LT = lazy_re.compile(r"(?<![-=])<\s*(\d+)")
_GT = lazy_re.compile(r"(?<![-=])>\s*(\d+)")
_REWRITES = canonical.mapping("comparison_rewrites")
_PLUS_ONE = canonical.pattern("plus_one")
_RESTATED = lazy_re.compile(r"\b(\d+)\s*\(\1\)")
_INITIALS = canonical.fragment("number_word_initials")
_ANY_WORD = lazy_re.compile(r"\b" + _INITIALS + "(" + "|".join(_WORDS) + r")\b", re.IGNORECASE)
_NOT_A_NUMBER = canonical.pattern("not_a_number")
_NUMBER_WORD = lazy_re.compile(r"\b" + _INITIALS + "(" + "|".join(_WORDS) + r")\b")
# Card names that are worth zero.
_ZERO_CARDS = canonical.pattern("zero_cards")
_ACE_LETTER = canonical.pattern("ace_letter")
# Numbers that are not values: payout ratios, percentages, card counts, clause numbers, money.
_NOISE = canonical.pattern("number_noise")
_LIST_CHAIN = lazy_re.compile(r"\b\d(?:\s*-\s*\d){2,}\b")
_RANGE = canonical.pattern("range")
_BETWEEN = canonical.pattern("between")
_AT_MOST = canonical.pattern("at_most")
_BELOW = canonical.pattern("below")
_AT_LEAST = canonical.pattern("at_least")
_ABOVE = canonical.pattern("above")
_EXCEPT = canonical.pattern("except_values")
_ANY = canonical.pattern("any_words")
_NONE = canonical.pattern("none_words")
_NUMBER = lazy_re.compile(r"\b\d+\b")
_DIGIT = lazy_re.compile(r"\d")
_SPACED_RANGE = lazy_re.compile(r"(?<![\d.,])(\d)\s+-\s+(\d)(?![\d.,])")


@lru_cache(maxsize=8192)
def words_to_digits(text: str) -> str:
    """Number words as digits, keeping case ("eight to one" -> "8 to 1")."""
    pattern = literals.fast(_ANY_WORD, text)
    if not pattern.search(text):
        return text
    text = pattern.sub(lambda m: _WORDS[m.group(1).lower()], text)
    return literals.sub(_RESTATED, r"\1", text) if "(" in text else text  # "eight (8) to one (1)"


@lru_cache(maxsize=16384)
def normalize(text: str) -> str:
    """Lower case, plain hyphens, number words as digits, zero-value card names as 0."""
    text = text.lower()
    if not text.isascii():
        text = _DASHES.sub("-", text).replace("\u00a0", " ").replace("’", "'")
    if " - " in text:
        text = _SPACED_RANGE.sub(r"\1-\2", text)  # "0 – 5 Punkten": a range, not a clause's dash
    elif "~" in text:
        text = text.replace("~", "-")
    if "1st" in text or "2nd" in text or "3rd" in text:
        text = _ORDINAL.sub(lambda m: _ORDINALS[m.group(0)], text)
    text = literals.fast(_NUMBER_WORD, text).sub(_number_word, text)
    if "(" in text:
        text = literals.sub(_RESTATED, r"\1", text)  # "six (6)" -> "6"
    if _SYMBOLS.search(text):
        text = _LE.sub(_REWRITES["at_most"], _GE.sub(_REWRITES["at_least"], text))
        text = _LT.sub(_REWRITES["below"], _GT.sub(_REWRITES["above"], text))
        text = _PLUS_ONE.sub(_REWRITES["plus_one"], text)  # "draws ✚1": one more card
    return text


def _number_word(m: re.Match[str]) -> str:
    """A number word as its digit; not "one" after an article ("the one rule", "no one", "any one
    of them"), which is no number."""
    if _NOT_A_NUMBER.search(m.string[max(0, m.start() - 8):m.end()]):
        return m.group(0)
    return _WORDS[m.group(1)]


def zero_cards(text: str) -> str:
    """Card names worth zero (10/J/Q/K, picture cards) written as 0, and an ace's letter among
    listed cards as 1; for card values only."""
    return _ACE_LETTER.sub(" 1", _ZERO_CARDS.sub("0", text))


@lru_cache(maxsize=8192)
def strip_noise(text: str) -> str:
    """(Cached: a rule's totals are looked for in a text, then read from it.)"""
    if "(" not in text and not _DIGIT.search(text):
        return text  # every kind of noise holds a digit, or is a clause letter "(a)"
    return literals.fast(_NOISE, text).sub(" ", text)


@lru_cache(maxsize=16384)
def values_in(text: str, universe: frozenset[int] = ALL, *, cards: bool = False) -> frozenset[int] | None:
    """The set of values `text` names (already `normalize`d), within `universe`; None when it
    names none. With `cards`, 10 and the court cards count as 0."""
    if cards:
        text = zero_cards(text)
    text = strip_noise(text)
    if not _DIGIT.search(text):
        if _ANY.search(text):
            return universe
        return frozenset() if _NONE.search(text) else None
    found: set[int] = set()
    named = False
    top = max(universe)

    def take(lo: int, hi: int) -> None:
        nonlocal named
        named = True
        found.update(v for v in range(lo, hi + 1) if v in universe)

    def cut(pattern: re.Pattern[str], handle) -> None:  # type: ignore[no-untyped-def]
        nonlocal text
        found = list(pattern.finditer(text)) if literals.may_match(pattern, text) else None
        if not found:
            return
        pieces, at = [], 0
        for m in found:
            handle(m)
            pieces.append(text[at:m.start()])
            at = m.end()
        pieces.append(text[at:])
        text = " ".join(pieces)

    excluded = set()
    for m in (_EXCEPT.finditer(text) if literals.may_match(_EXCEPT, text) else ()):
        excluded |= _plain_numbers(m.group(1))
    if excluded:
        text = _EXCEPT.sub(" ", text)
        return frozenset(universe - excluded)
    cut(_LIST_CHAIN, lambda m: [take(int(n), int(n)) for n in re.findall(r"\d+", m.group(0))])
    cut(_BETWEEN, lambda m: take(int(m.group(1)), int(m.group(2))))
    cut(_AT_MOST, lambda m: take(0, int(m.group(1) or m.group(2))))
    cut(_BELOW, lambda m: take(0, int(m.group(1)) - 1))
    cut(_AT_LEAST, lambda m: take(int(next(g for g in m.groups() if g)), top))
    cut(_ABOVE, lambda m: take(int(m.group(1)) + 1, top))
    cut(_RANGE, lambda m: take(int(m.group(1)), int(m.group(2)))
        if int(m.group(1)) <= int(m.group(2)) <= 10 else None)
    outside = False
    for m in _NUMBER.finditer(text):
        n = int(m.group(0))
        if n in universe or (cards and n == 10):
            take(n % 10 if cards else n, n % 10 if cards else n)
        else:
            outside = True
    if not named and outside:
        return None  # "a Banker total of 8 or 9 always stands": no total of the rule
    if not named and _ANY.search(text):
        return universe
    if not named and _NONE.search(text):
        return frozenset()
    return frozenset(found) if named else None


def _plain_numbers(text: str) -> set[int]:
    out: set[int] = set()
    for m in _RANGE.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if a <= b <= 10 and not _LIST_CHAIN.search(text):
            out.update(range(a, b + 1))
    out.update(int(n) % 10 if int(n) == 10 else int(n) for n in re.findall(r"\d+", text))
    return {n for n in out if 0 <= n <= 9}
