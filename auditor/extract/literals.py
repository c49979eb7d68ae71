"""Cheap literal tests that spare a pattern the texts it cannot match.

Python's regular expression engine finds no literal to skip ahead to in a pattern that opens
with a word boundary or an alternation of words ("\\btie[sd]?\\b|\\bequal\\b|..."): it tries every
alternative at every position of the text. Most texts a reader looks at name none of the words,
and a substring test of each is far cheaper. The words are read from the pattern itself (its
parse tree), so that a word added to a pattern is tested too; a pattern whose every match need
not hold one of a few plain words (one that may open with a digit class, say) is always run.

A text that passes is searched with the pattern's ASCII twin (the same pattern compiled with
re.ASCII, as `lazy_re` compiles patterns) when it is printable ASCII, as most are: on such a
text the two match alike (\\w, \\d, \\s and \\b take the same characters, and IGNORECASE has only
ASCII letters to fold), and the engine tests ASCII classes and word boundaries faster than
their Unicode kinds.
"""

from __future__ import annotations

import re
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

from .. import lazy_re

FOLD_TO_ASCII = ("\u0130", "\u0131", "\u017f", "\u212a")
"""The only characters that IGNORECASE matches with an ASCII letter besides its two cases (İ and
ı with i, ſ with s, the Kelvin sign with k): a text holding one is left to the pattern."""

_ZERO_WIDTH = (c.AT, c.ASSERT, c.ASSERT_NOT)
_Entry = tuple[re.Pattern[str], tuple[str, ...] | None, bool, re.Pattern[str]]
_known: dict[int, _Entry] = {}
"""id(pattern) -> (pattern, its words, whether to test them in lower case, its ASCII twin)."""


def required(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Strings one of which every match of `pattern` holds (lower case for an IGNORECASE
    pattern), or None when no such few plain strings can be told."""
    return _entry(pattern)[1]


def _entry(pattern: re.Pattern[str]) -> _Entry:
    entry = _known.get(id(pattern))
    if entry is None or entry[0] is not pattern:
        words = None
        if isinstance(pattern.pattern, str) and not pattern.flags & (re.LOCALE | re.ASCII):
            try:
                words = _in_every_match(list(_parser.parse(pattern.pattern, pattern.flags).data))
            except (re.error, TypeError, ValueError):  # (an internal parse tree not as read here)
                words = None
        folded = bool(pattern.flags & re.IGNORECASE)
        if words is not None and folded:
            words = None if not all(w.isascii() for w in words) else {w.lower() for w in words}
        entry = (pattern, _fewest(words) if words and all(words) else None, folded, _twin(pattern))
        _known[id(pattern)] = entry  # (the entry holds the pattern: its id is not reused)
    return entry


def _fewest(words: set[str]) -> tuple[str, ...]:
    """The words less those that hold another of them: a text that holds "stands" holds "stand"
    (the same test, with fewer words to look for)."""
    return tuple(sorted(w for w in words if not any(other in w for other in words if other != w)))


def _twin(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern` compiled with re.ASCII, or itself where the two could differ on ASCII text: a
    bytes pattern, or an IGNORECASE one that names a character folding to an ASCII letter."""
    if not isinstance(pattern.pattern, str) or pattern.flags & (re.LOCALE | re.ASCII):
        return pattern
    if pattern.flags & re.IGNORECASE and not pattern.pattern.isascii():
        return pattern
    return lazy_re.compiled(pattern.pattern, (pattern.flags & ~re.UNICODE) | re.ASCII)


def fast(pattern: re.Pattern[str], text: str) -> re.Pattern[str]:
    """The pattern to run on `text`: its ASCII twin when `text` is printable ASCII."""
    if text.isascii() and text.isprintable():
        return (_known.get(id(pattern)) or _entry(pattern))[3]
    return pattern


def _in_every_match(items: list[tuple[Any, Any]]) -> set[str] | None:
    """Strings one of which every match of the sequence `items` holds, or None: of what the
    items every match goes through require (a run of plain characters, a group's or a branch's
    strings), the strings whose shortest is longest."""
    candidates: list[set[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is c.LITERAL:
            run.append(chr(av))
            continue
        if run:
            candidates.append({"".join(run)})
            run = []
        if op in _ZERO_WIDTH:
            continue  # a boundary or lookaround takes no character (nor is one required here)
        found = _required_by(op, av)
        if found is not None:
            candidates.append(found)
    if run:
        candidates.append({"".join(run)})
    if not candidates:
        return None
    return max(candidates, key=lambda words: (min(map(len, words)), -len(words)))


def _required_by(op: Any, av: Any) -> set[str] | None:
    """What one item of a sequence requires, or None (an optional or unread item)."""
    if op is c.SUBPATTERN:
        _group, add_flags, del_flags, inner = av
        return None if add_flags or del_flags else _in_every_match(list(inner))
    if op is c.BRANCH:
        words: set[str] = set()
        for alternative in av[1]:
            found = _in_every_match(list(alternative))
            if found is None:
                return None
            words |= found
        return words
    if op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[0] >= 1:
        return _in_every_match(list(av[2]))
    if op is c.IN and all(o is c.LITERAL for o, _ in av):
        return {chr(x) for _, x in av}  # one of a set of characters: "[<>+]"
    return None


def may_match(pattern: re.Pattern[str], text: str) -> bool:
    """False only when `pattern` cannot match anywhere in `text`."""
    _, words, folded, _twin = _known.get(id(pattern)) or _entry(pattern)
    if words is None:
        return True
    if folded:
        if not text.isascii() and any(map(text.__contains__, FOLD_TO_ASCII)):
            return True
        text = text.lower()
    return any(map(text.__contains__, words))  # (no Python frame a word)


def search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """`pattern.search(text)`, after the literal test (written out here: one call, not two)."""
    _, words, folded, twin = _known.get(id(pattern)) or _entry(pattern)
    if text.isascii():
        if words is not None and not any(map((text.lower() if folded else text).__contains__, words)):
            return None
        return (twin if text.isprintable() else pattern).search(text)
    if words is not None and not (folded and any(map(text.__contains__, FOLD_TO_ASCII))):
        if not any(map((text.lower() if folded else text).__contains__, words)):
            return None
    return pattern.search(text)


def sub(pattern: re.Pattern[str], repl: Any, text: str) -> str:
    """`pattern.sub(repl, text)`, after the literal test."""
    if not may_match(pattern, text):
        return text
    chosen = fast(pattern, text)
    if isinstance(repl, str) and "\\" in repl and not chosen.search(text):
        return text  # (the engine compiles a template such as "\\1" for every call, even one that finds nothing)
    return chosen.sub(repl, text)
