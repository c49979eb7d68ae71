"""Worked payout examples: "You stake £100 on Banker ... your net profit is £95"."""

from __future__ import annotations

import re

from . import canonical, literals
from .document import Document, Evidence
from .model import PayoutExample
from .numbers import words_to_digits
from .vocabulary import bets_in

_MONEY = canonical.pattern("money", re.IGNORECASE)
_STAKE = canonical.pattern("stake_before", re.IGNORECASE)
_STAKE_AFTER = canonical.pattern("stake_after", re.IGNORECASE)
_PROFIT = canonical.pattern("profit", re.IGNORECASE)
_RETURNED = canonical.pattern("returned", re.IGNORECASE)
_YOUR = canonical.pattern("your", re.IGNORECASE)
_NOUN_AFTER = canonical.pattern("payout_noun_after", re.IGNORECASE)
_TIED = canonical.pattern("tied_hand", re.IGNORECASE)
_STAKE_WORD = canonical.pattern("stake_word")
_WORKING = canonical.pattern("working_after")


_MONEY_WORDS = ("unit", "chip", "credit", "pound", "euro", "dollar")
"""What an amount _MONEY finds holds besides its number, when it has no currency sign."""


def _may_name_money(text: str) -> bool:
    """Whether _MONEY may find an amount in `text`: a cheap test that spares it most blocks
    (a text holding a character that IGNORECASE folds to an ASCII letter is left to the
    pattern). Number words do not matter: what they become is digits."""
    if "£" in text or "$" in text or "€" in text:
        return True
    if not text.isascii() and any(map(text.__contains__, literals.FOLD_TO_ASCII)):
        return True
    return any(map(text.lower().__contains__, _MONEY_WORDS))


def read_examples(doc: Document) -> list[PayoutExample]:
    out = []
    for block in doc.blocks:
        if block.rank == 2 or not _may_name_money(block.text):
            continue
        text = words_to_digits(block.text)
        amounts = [(m, float((m.group(1) or m.group(2)).replace(",", ""))) for m in _MONEY.finditer(text)]
        if len(amounts) < 2:
            continue
        stakes = [i for i, (m, _) in enumerate(amounts)
                  if not _after_your(text, m)
                  and (_STAKE.search(text[max(0, m.start() - 40):m.start()])
                       or _STAKE_AFTER.match(text[m.end():m.end() + 30]))]
        evidence = block.evidence.quoting(block.source_text or block.text)
        for n, first in enumerate(stakes):
            last = stakes[n + 1] if n + 1 < len(stakes) else len(amounts)
            out += _example(text, amounts[first:last], block.context, evidence)
    return out


def _example(text: str, amounts: list[tuple[re.Match[str], float]], context: tuple[str, ...],
             evidence: Evidence) -> list[PayoutExample]:
    """One example: the first amount is the stake, the others what it pays."""
    stake_match, stake = amounts[0]
    end = amounts[-1][0].end() + 60
    unit = text[stake_match.start():end]
    bet = _bet(text[stake_match.end():stake_match.end() + 40]) or _bet(" ".join(context[-1:]))
    if bet is None:
        return []
    tied = bet in ("player", "banker") and bool(_TIED.search(unit))
    out = []
    previous_end = stake_match.end()
    for m, amount in amounts[1:]:
        after = text[m.end():m.end() + 12].lower()
        before = text[previous_end:m.start()]
        previous_end = m.end()
        if amount == stake and (_STAKE_WORD.search(after) or _after_your(text, m)):
            continue  # "your £10 stake comes back", "and your $100 are returned"
        if _WORKING.match(after):
            continue  # "($100 less the 5% commission)": working, not an outcome
        meaning = _meaning(before[-50:], text[m.end():m.end() + 40])
        if meaning:
            out.append(PayoutExample(bet, stake, amount, "push-" + meaning if tied else meaning, evidence))
    return out


def _after_your(text: str, m: re.Match[str]) -> bool:
    """"your £10": the stake itself, named again."""
    return _YOUR.search(text[max(0, m.start() - 6):m.start()]) is not None


def _bet(text: str) -> str | None:
    bets = bets_in(text)
    return bets[0][0] if bets else None


def _meaning(before: str, after: str) -> str | None:
    """'profit' or 'returned', by a noun right after the amount ("$95 of gain", "$95 profit"),
    else the nearest telling word before (then after) it."""
    noun = _NOUN_AFTER.match(after)
    if noun:
        return "profit" if _PROFIT.search(noun.group(0)) else "returned"
    best: tuple[int, str] | None = None
    for pattern, meaning in ((_PROFIT, "profit"), (_RETURNED, "returned")):
        for m in pattern.finditer(before):
            distance = len(before) - m.end()
            if best is None or distance < best[0]:
                best = (distance, meaning)
    if best is not None:
        return best[1]
    for pattern, meaning in ((_RETURNED, "returned"), (_PROFIT, "profit")):
        if pattern.search(after[:25]):
            return meaning
    return None
