"""Bet names as pages write them, and payout ratios ("8 to 1", "8:1", "9 for 1", "0.95 to 1")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from .. import lazy_re
from . import canonical, literals

# Side bets first: "Player Pair" must not be read as the Player bet.
_BETS = canonical.named("bet_")
# Headings that name a game: a section headed by another game (a casino's "Table Games" page
# with Blackjack and Roulette beside Baccarat) says nothing about baccarat.
_GAME = canonical.pattern("game_heading", re.IGNORECASE)


# Baccarat variants a heading may name: a review page or a casino's page can describe two of
# them in sections of their own. A heading that names a bet ("Super 6 side bet") names no game.
_VARIANT = canonical.pattern("variant", re.IGNORECASE)
_BET_HEADING = canonical.pattern("heading_of_bets", re.IGNORECASE)


@lru_cache(maxsize=4096)
def variant(heading: str) -> str | None:
    """The one baccarat variant a heading names, if it names exactly one."""
    if _BET_HEADING.search(heading):
        return None
    game = _GAME.search(heading)
    if game and game.group("baccarat") is None:
        return None  # "Classic Blackjack"
    named = {m.lastgroup for m in _VARIANT.finditer(heading)}
    if len(named) == 2 and "no_commission" in named and (named & _NO_COMMISSION_GAMES):
        # "EZ Baccarat: baccarat with no commission": EZ is a game with none, as Super 6 is
        return (named - {"no_commission"}).pop()
    return named.pop() if len(named) == 1 else None


# The games with no commission: a heading "No commission" on their page is about them.
_NO_COMMISSION_GAMES = frozenset({"ez", "super_6"})


def same_game(a: str, b: str) -> bool:
    """Whether two variants a heading may name are one game: the same, or a game with no
    commission and "no commission" (EZ and Super 6 are two games)."""
    return a == b or ({a, b} - _NO_COMMISSION_GAMES == {"no_commission"} and bool({a, b} & _NO_COMMISSION_GAMES))


def main_variant(headings: Iterable[tuple[str, ...]]) -> str | None:
    """The variant the page is about: the one named by the first heading that names one."""
    for chain in headings:
        for heading in chain:
            found = variant(heading)
            if found is not None and not _COMPARED_HEADING.search(heading) \
                    and not _COMPARED_WITH_HEADING.search(heading):
                return found
    return None


_THIS_GAME = canonical.pattern("this_game", re.IGNORECASE)
_COMPARED_GAME = canonical.pattern("compared_game", re.IGNORECASE)
_COMPARED_HEADING = canonical.pattern("compared_heading", re.IGNORECASE)
_COMPARED_WITH_HEADING = canonical.pattern("compared_with_heading", re.IGNORECASE)


def own_column(header: list, main: str | None) -> int | None:  # (cells of the header row)
    """The column of a table comparing games that is the page's own: the one header cell marked
    as this game ("Super 6 (this table)", class "active"), or the other of two when one is
    marked as set beside it for comparison, else the one naming the page's variant where the
    others name other variants; None when the table compares no games."""
    marked = [i for i, c in enumerate(header) if i and (_THIS_GAME.search(c.text) or
                                                        {"active", "selected", "current"} & set(c.classes))]
    if len(marked) == 1:
        return marked[0]
    compared = [i for i, c in enumerate(header) if i and _COMPARED_GAME.search(c.text)]
    if len(header) == 3 and len(compared) == 1:
        return 3 - compared[0]  # "| Squeeze | No Commission (for comparison) |": the other is ours
    named = {i: variant(c.text) for i, c in enumerate(header) if i}
    if main is None or len({v for v in named.values() if v is not None}) < 2:
        return None
    mine = [i for i, v in named.items() if v == main] or [i for i, v in named.items() if v and same_game(v, main)]
    return mine[0] if len(mine) == 1 else None


def other_variant(kind: str | None, main: str | None) -> bool:
    """Whether variant `kind` is another game than the page's `main` one (EZ is a game with no
    commission: a heading "No commission" on an EZ page is about this game)."""
    return kind is not None and main is not None and not same_game(kind, main)


def other_variant_named(sentence: str, main: str | None) -> bool:
    """Whether a sentence names a variant that is another game than the page's ("... have a look
    at EZ Baccarat with its Dragon 7" on a Super 6 page)."""
    return main is not None and any(other_variant(m.lastgroup, main) for m in _VARIANT.finditer(sentence))


# A sentence whose subject is a variant: "In classic baccarat a 5% commission is taken",
# "No Commission mode has a higher Banker edge".
_VARIANT_SUBJECT = lazy_re.compile(
    r"^\W*(?:" + canonical.fragment("variant_subject_in") + "(?:" + _VARIANT.pattern + r")"
    r"|" + canonical.fragment("variant_subject_the") + "(?:" + _VARIANT.pattern.replace("?P<", "?P<s_") + r")\s*(?:\([^)]{0,30}\)\s*)?"
    + canonical.fragment("variant_subject_game") + canonical.fragment("variant_subject_mode") + ")", re.IGNORECASE)


def about_variant(sentence: str) -> str | None:
    """The variant a sentence is about when its subject names one ("In classic baccarat ...")."""
    m = _VARIANT_SUBJECT.match(sentence)
    return m.lastgroup.removeprefix("s_") if m and m.lastgroup else None


@lru_cache(maxsize=1024)
def other_game(headings: tuple[str, ...], main: str | None = None) -> bool:
    """Whether the nearest heading that names a game names one other than this page's: another
    game (Blackjack on a "Table Games" page), or another baccarat variant than `main`."""
    for heading in reversed(headings):
        m = _GAME.search(heading)
        kind = variant(heading)
        if kind is not None and _COMPARED_HEADING.search(heading):
            return True  # "For comparison: the No Commission table"
        if kind is not None and _COMPARED_WITH_HEADING.search(heading):
            return False  # "What changes compared with classic Punto Banco": this game's changes
        if main is not None and kind is not None:
            return other_variant(kind, main)
        if m:
            return m.group("baccarat") is None
    return False


def other_game_before(text: str, at: int) -> bool:
    """Whether the sentence (or clause) a position is in names a game other than baccarat before
    it ("Blackjack — six-deck shoe games": the deck count is Blackjack's)."""
    start = max(text.rfind(". ", 0, at), text.rfind("; ", 0, at), text.rfind("\n", 0, at)) + 1
    game = None
    for game in _GAME.finditer(text, start, at):
        pass  # (the nearest before the position)
    return game is not None and game.group("baccarat") is None


# On lower case. The lookahead on the first letters lets the engine skip most positions fast.
BET_PATTERN = lazy_re.compile(canonical.fragment("initials_of_bets") + "(?:" + "|".join(f"(?P<{name}>{pattern})" for name, pattern in _BETS) + ")")
MAIN_BETS = ("banker", "player", "tie")
SIDE_BETS = frozenset(name for name, _ in _BETS) - set(MAIN_BETS)

_GAME_NAME = canonical.pattern("game_name_punto_banco")


def without_game_name(text: str) -> str:
    """`text` with the game's name blanked: "Punto Banco" names no hand and no bet."""
    return literals.sub(_GAME_NAME, " ", text)


# "8 to 1", "8:1", "8-1", "8 by 1", "9 for 1", "0.95 to 1", "1 to 2", "19 to 20", "even money"
RATIO = canonical.pattern("ratio", re.IGNORECASE)
_CARDS_AFTER = canonical.pattern("cards_after", re.IGNORECASE)
_RATIO_WORDS = canonical.mapping("ratio_words")
_TO, _FOR, _BY = _RATIO_WORDS["to"], _RATIO_WORDS["for"], _RATIO_WORDS["by"]


@dataclass(frozen=True)
class Ratio:
    """A payout as written: `to_one` is the winnings per unit staked."""

    to_one: Decimal
    wording: str
    """"to" (also for ":" and "-") or "for" (stake included)."""
    start: int
    end: int


_ANY_BET = canonical.pattern("any_bet_prefilter")


@lru_cache(maxsize=8192)
def bets_in(text: str) -> list[tuple[str, int, int]]:
    """(bet, start, end) for each bet named in `text`, in order. Lower-case "big"/"small" are
    ordinary words and are skipped. (Cached: treat the list as read-only.)"""
    low = text.lower()
    if not _ANY_BET.search(low):
        return []
    out = []
    for m in literals.fast(BET_PATTERN, low).finditer(low):
        name = m.lastgroup or ""
        if name in ("big", "small") and not text[m.start()].isupper():
            continue
        if name in _GAMES_NAMED_FOR_BETS and _GAME_NOT_BET_BEFORE.search(low, max(0, m.start() - 12), m.start()):
            continue  # "the house edge in the Super 6 is 1.06% on the Banker": the game
        if out and out[-1][0] == name and _RESTATED_OPEN.fullmatch(low, out[-1][2], m.start()) \
                and (close := _RESTATED_CLOSE.match(low, m.end())):
            out[-1] = (name, out[-1][1], close.end())  # "Spielerpaar (Player Pair)": one bet, named twice
            continue
        out.append((name, m.start(), m.end()))
    for i in range(len(out) - 1):
        (name, start, end), (after, begins, _) = out[i], out[i + 1]
        if after in _PAIR_OF.values() and name in _PAIR_OF and _SHARED_NOUN.fullmatch(low, end, begins):
            out[i] = (_PAIR_OF[name], start, end)  # "Player / Banker Pair": the Player Pair and the Banker Pair
    return out


_RESTATED_OPEN = lazy_re.compile(r"\s*\(\s*")
_RESTATED_CLOSE = lazy_re.compile(r"\s*\)")
_GAMES_NAMED_FOR_BETS = frozenset({"super_6"})
"""Bets that are also a game's name (the Super 6 table, whose Banker 6 pays half)."""
_GAME_NOT_BET_BEFORE = canonical.pattern("game_not_bet_before")
_PAIR_OF = {"banker": "banker_pair", "player": "player_pair"}
"""Main bet -> its pair side bet."""
_SHARED_NOUN = canonical.pattern("shared_noun_joiner")


_JOINED = canonical.pattern("list_joiner", re.IGNORECASE)


def with_joined(text: str, bets: list[tuple[str, int, int]], index: int) -> list[str]:
    """The bet at `index` and the bets listed just before it ("Player Pair and Banker Pair")."""
    names = [bets[index][0]]
    i = index
    while i > 0 and _JOINED.match(text[bets[i - 1][2]:bets[i][1]]):
        i -= 1
        names.insert(0, bets[i][0])
    return names


def leading_bets(text: str, bets: list[tuple[str, int, int]]) -> list[str]:
    """The first bet named and the bets listed right after it ("Player Pair / Banker Pair")."""
    names = [bets[0][0]]
    for before, after in zip(bets, bets[1:]):
        if not _JOINED.match(text[before[2]:after[1]]):
            break
        names.append(after[0])
    return names


@lru_cache(maxsize=8192)
def ratios_in(text: str) -> list[Ratio]:
    out = []
    at = 0
    ratio = literals.fast(RATIO, text)
    while (m := ratio.search(text, at)) is not None:
        at = m.end()
        if m.group(5):
            out.append(Ratio(Decimal(1), _TO, m.start(), m.end()))
            continue
        a = Decimal(m.group(1))
        sep = (m.group(2) or "-").lower()
        b = Decimal(m.group(3) or m.group(4))
        # not a payout: look again from its second number ("Dragon 7: 40 to 1")
        if b == 0 or a > 1000 or b > 1000 or (sep == "-" and a < 2) or (sep == _BY and b != 1) \
                or literals.fast(_CARDS_AFTER, text).match(text, m.end()):  # "a 7 to 3 cards": a hand, no payout
            at = m.start(3) if m.group(3) else m.end()
            continue  # "8 by 1" (translated "8 por 1") is a payout; "4 by 3" is not
        if sep == ":" and a == 1 and b not in (1, 2):
            out.append(Ratio(b, _TO, m.start(), m.end()))  # "Tie 1:8", "Small 1:1.5": as Asian tables write 8 to 1
            continue
        if sep in (_TO, ":") and a < b and b not in (1, 2, 20, 100):
            at = m.start(3)
            continue  # "6 to 7" is a range of totals, not a payout
        if sep == _FOR:
            out.append(Ratio(a / b - 1, _FOR, m.start(), m.end()))
        else:
            out.append(Ratio(a / b, _TO, m.start(), m.end()))
    return out


def plain(number: Decimal) -> float | int:
    """A Decimal as the plainest JSON number: 8 for 8, 0.95 for 0.95."""
    normal = number.normalize()
    return int(normal) if normal == normal.to_integral_value() else float(normal)
