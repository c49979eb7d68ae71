"""Regular expressions compiled on first use.

A module's patterns are written where they are read (`_SPACE = lazy_re.compile(r"\\s+")`), but
importing the module compiles none of them: a page audited from the command line uses some of
the hundreds the readers and formats hold, and a process pays only for those. Until its first
use a pattern knows its source and flags; from then on its methods are the compiled pattern's
own.

A search tries a pattern at every position of the text, unless the engine can tell from the
pattern a literal or a character set every match starts with, and skip to it. It cannot when
the pattern opens with a word boundary, a lookbehind, an optional group, or an alternation
whose branches do not all open with a plain character ("\\bdraws?\\b|\\bhits?\\b|..."): then it
enters each branch at each position. `compiled` gives such a pattern a lookahead for the
characters its matches can start with, read from its parse tree ("(?=[dh])(?:...)"): a position
that holds none of them fails at once. The lookahead holds for every match (it names every
character a match may start with), so the pattern matches exactly as it did.
"""

from __future__ import annotations

import re
from re import _compiler  # type: ignore[attr-defined]
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "groups", "groupindex",
            "scanner")


class LazyPattern:
    """A pattern compiled on first use (`pattern` and `flags` are known before)."""

    def __init__(self, source: str, flags: int) -> None:
        self.pattern = source
        self.flags = flags

    def __getattr__(self, name: str) -> Any:  # only for what is not set yet: compile, then take it
        compiled_pattern = compiled(self.pattern, self.flags)
        for method in _METHODS:
            self.__dict__[method] = getattr(compiled_pattern, method)
        self.__dict__["flags"] = compiled_pattern.flags
        return getattr(compiled_pattern, name)

    def __repr__(self) -> str:
        return f"lazy pattern {self.pattern[:60]!r}"


_PATTERNS: list[LazyPattern] = []


def compile(source: str, flags: int = 0) -> re.Pattern[str]:  # noqa: A001 - re.compile's stand-in
    """`re.compile(source, flags)`, done when the pattern is first used."""
    lazy = LazyPattern(source, flags)
    _PATTERNS.append(lazy)
    return lazy  # type: ignore[return-value]


def compile_all() -> None:
    """Compile every pattern made so far (before a batch forks its workers, so that they share
    them rather than each compile its own)."""
    for lazy in _PATTERNS:
        lazy.search  # noqa: B018 - the first use compiles


def compiled(source: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(source, flags)`, led by a lookahead for the characters a match can start with
    when the engine cannot skip ahead by itself (see the module's docstring)."""
    if isinstance(source, str):
        lookahead = _first_characters(source, flags)
        if lookahead is not None:
            try:
                return re.compile(f"(?={lookahead})(?:{source}{chr(10) if flags & re.VERBOSE else ''})", flags)
            except re.error:  # (inline global flags must open the pattern: it is left as it is)
                pass
    return re.compile(source, flags)


class _Unknown(Exception):
    """A pattern part whose first characters are not read here (a negated set, a backreference)."""


_ZERO_WIDTH = (c.AT, c.ASSERT, c.ASSERT_NOT)
_AT_START = (c.AT_BEGINNING, c.AT_BEGINNING_STRING, c.AT_BEGINNING_LINE)
_CLASSES = {c.CATEGORY_DIGIT: r"\d", c.CATEGORY_SPACE: r"\s"}
_REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT)


def _first_characters(source: str, flags: int) -> str | None:
    """What holds where every match of the pattern starts: a set of characters ("[dh]"), after a
    word boundary ("\\b[dh]") when every match starts at one; or None when the engine skips ahead
    by itself (the pattern has a literal prefix, or a set of first characters it reads), when the
    pattern is anchored at the start of the text, opens with a lookahead of its own or may match
    nothing, or when its first characters are not read here."""
    try:
        parsed = _parser.parse(source, flags)
        if _compiler._get_literal_prefix(parsed, flags)[0] or _compiler._get_charset_prefix(parsed, flags):
            return None
        items = list(parsed.data)
        if items and ((items[0][0] is c.AT and items[0][1] in _AT_START)  # "^...": tried at the start alone
                      or (items[0][0] is c.ASSERT and items[0][1][0] == 1)):  # "(?=[dh])...": guarded already
            return None
        first, may_be_empty, bounded = _first_of(items)
    except (_Unknown, re.error, TypeError, ValueError, AttributeError, IndexError):
        return None  # (an internal parse tree not as read here)
    if may_be_empty or not first:
        return None
    return ("\\b" if bounded else "") + "[" + "".join(dict.fromkeys(first)) + "]"


def _first_of(items: list[tuple[Any, Any]]) -> tuple[list[str], bool, bool]:
    """For the sequence `items`: the set items (`\\U00000064`, `\\d`) a match can start with;
    whether it can match nothing; whether every match starts at a word boundary."""
    first: list[str] = []
    bounded = False  # a "\b" before the first character
    for op, av in items:
        if op in _ZERO_WIDTH:
            bounded = bounded or (op is c.AT and av is c.AT_BOUNDARY)
            continue  # a boundary or a lookaround takes no character: the next item does
        if op is c.LITERAL:
            return [*first, _char(av)], False, bounded
        if op is c.IN:
            return [*first, *map(_set_item, av)], False, bounded
        if op is c.SUBPATTERN:
            _group, add_flags, del_flags, inner = av
            if add_flags or del_flags:
                raise _Unknown
            alternatives = [list(inner)]
        elif op is c.ATOMIC_GROUP:
            alternatives = [list(av)]
        elif op is c.BRANCH:
            alternatives = [list(a) for a in av[1]]
        elif op in _REPEATS:
            low, _high, inner = av
            alternatives = [list(inner)] if low else [list(inner), []]
        else:
            raise _Unknown
        may_be_empty, all_bounded = False, True
        for alternative in alternatives:
            chars, empty, at_boundary = _first_of(alternative)
            first += chars
            may_be_empty = may_be_empty or empty
            all_bounded = all_bounded and at_boundary
        if not may_be_empty:
            return first, False, bounded or all_bounded
        # (an item that may match nothing: what follows may start the match, at no boundary known)
    return first, True, bounded


def _char(code: int) -> str:
    return f"\\U{code:08x}"  # (an escape: no character of a set needs quoting then)


def _set_item(item: tuple[Any, Any]) -> str:
    op, av = item
    if op is c.LITERAL:
        return _char(av)
    if op is c.RANGE:
        return f"{_char(av[0])}-{_char(av[1])}"
    if op is c.CATEGORY and av in _CLASSES:
        return _CLASSES[av]
    raise _Unknown  # a negated set, \w, a set of its own kind
