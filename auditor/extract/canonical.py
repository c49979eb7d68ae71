"""The canonical vocabulary the readers match, as data: `canonical.yaml`.

Every lexicon (`lexicons/XX.yaml`, English's too) maps a page's words into this vocabulary;
the readers in `extract/` (`numbers`, `clauses`, `vocabulary`, ...) then build their patterns
from the named entries here, so that no word of any language is spelled in their code.

`canonical.yaml` has two sections. `fragments` are named regular-expression fragments, by
concept; a fragment may reference another as `{name}` (expanded once, at load), or a map,
which stands for its words joined by "|". An entry may
be a list of pieces, joined without separators (for long patterns). `maps` are named tables
(a number word -> its digits). The file is read once per process with `yaml.BaseLoader`, so
"no", "on" and "null" stay strings.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from .. import lazy_re

CANONICAL = Path(__file__).resolve().parent / "canonical.yaml"

_REFERENCE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
"""`{name}`; regex quantifiers (`{2}`, `{0,60}`) start with a digit and are left alone."""


class CanonicalError(ValueError):
    """`canonical.yaml` is not as this module expects (the message names the entry)."""


def _joined(name: str, value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "".join(value)
    raise CanonicalError(f"canonical entry {name!r}: a fragment is a string or a list of strings")


def expand(raw: dict[str, str], maps: dict[str, dict[str, str]] | None = None) -> dict[str, str]:
    """Every fragment with its `{name}` references replaced by the named fragments; a reference
    to a map stands for its words (its keys, as they are, joined by "|", in file order)."""
    maps = maps or {}
    done: dict[str, str] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> str:
        if name in done:
            return done[name]
        if name in chain:
            raise CanonicalError(f"canonical entry {name!r}: circular reference "
                                 f"({' -> '.join(chain + (name,))})")

        def sub(m: re.Match[str]) -> str:
            ref = m.group(1)
            if ref not in raw and ref in maps:
                return "|".join(maps[ref])
            if ref not in raw:
                raise CanonicalError(f"canonical entry {name!r}: unknown reference {{{ref}}}")
            return resolve(ref, chain + (name,))

        done[name] = _REFERENCE.sub(sub, raw[name])
        return done[name]

    for name in raw:
        resolve(name, ())
    return done


def load(text: str, *, check: bool = True) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The expanded fragments and the maps of a canonical file's text; with `check`, compiles
    every fragment to check it (the shipped file is checked so by the tests: a process reads it
    unchecked, and compiles only the patterns its readers use, when they first use them)."""
    data = yaml.load(text, Loader=getattr(yaml, "CBaseLoader", yaml.BaseLoader)) or {}  # libyaml when there
    if not isinstance(data, dict):
        raise CanonicalError("canonical vocabulary: expected a mapping")
    raw_fragments = data.get("fragments") or {}
    raw_maps = data.get("maps") or {}
    if not isinstance(raw_fragments, dict) or not isinstance(raw_maps, dict):
        raise CanonicalError("canonical vocabulary: 'fragments' and 'maps' must be mappings")
    maps: dict[str, dict[str, str]] = {}
    for name, table in raw_maps.items():
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            raise CanonicalError(f"canonical map {name!r}: expected word: value pairs")
        maps[name] = dict(table)
    fragments = expand({name: _joined(name, value) for name, value in raw_fragments.items()}, maps)
    if check:
        for name, source in fragments.items():
            _checked(name, source)
    return fragments, maps


def _checked(name: str, source: str) -> None:
    try:
        re.compile(source)
    except re.error as e:
        raise CanonicalError(f"canonical entry {name!r}: bad pattern ({e}): {source!r}") from None


@cache
def _vocabulary() -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    return load(CANONICAL.read_text(encoding="utf-8"), check=False)


def fragment(name: str) -> str:
    """The named fragment's regular-expression source, references expanded."""
    try:
        return _vocabulary()[0][name]
    except KeyError:
        raise CanonicalError(f"no canonical entry {name!r}") from None


@cache
def pattern(name: str, flags: int = 0) -> re.Pattern[str]:
    """The named fragment, compiled (once, on first use: importing the readers compiles none of
    the hundreds they hold)."""
    return lazy_re.compile(fragment(name), flags)


def named(prefix: str) -> tuple[tuple[str, str], ...]:
    """(name without `prefix`, fragment) for every entry whose name starts with `prefix`, in
    file order (`named("bet_")`: the bets, side bets first)."""
    return tuple((name.removeprefix(prefix), source) for name, source in _vocabulary()[0].items()
                 if name.startswith(prefix))


def mapping(name: str) -> dict[str, str]:
    """A named table (a copy): word -> value."""
    try:
        return dict(_vocabulary()[1][name])
    except KeyError:
        raise CanonicalError(f"no canonical map {name!r}") from None


def words(name: str) -> tuple[str, ...]:
    """The keys of a named table, in file order."""
    return tuple(mapping(name))
