"""Pages that define their own shorthand ("P = Player · B = Banker · D = draws") are read
with it spelled out."""

from __future__ import annotations

import re

from .. import lazy_re
from . import canonical
from .clauses import HAND, _canonical, actions
from .vocabulary import bets_in
from .document import Document

_PAIR = lazy_re.compile(r"(?<![\w=])([A-Z][A-Za-z0-9]{0,3}|[A-Za-z]{1,3}\.(?:\s?[A-Za-z]{1,3}\.){1,2}|[✔✓✘✗])\s*=\s*([A-Za-z0-9][\w'() -]{0,60}?)\s*(?=[·•,;|]|$|\.(?:\s|$)|\s+[^\s=]{1,5}\s*=)")
_MIN_PAIRS = 3  # in a block that says other things too; two when the block is only a legend
_LEFTOVER = lazy_re.compile(r"[\s·•,;|]*")
_DEFINED = lazy_re.compile(r"(?:^|\s|[·•|,;])[^\s=]{1,5}\s*=\s*(?!\d)\S")  # "T = ...": a symbol defined (not "c = 2 to 7", a value)


def legend(doc: Document) -> dict[str, str]:
    """Abbreviation -> meaning, from blocks that define at least three of them, or from a run
    of blocks that each define one (a legend as a list) when two of them are a chart's marks."""
    return _legends(doc)[0]


def _legends(doc: Document) -> tuple[dict[str, str], set[int]]:
    """The page's legend (see `legend`), and the blocks that are legends (spelled out, they
    would read as rules)."""
    single = [(i, _legend_pairs(block.text, listed=block.rank != 2)) for i, block in enumerate(doc.blocks)]
    runs = _runs(doc)
    # a table's caption may hold its legend ("Banker's third card (R = draws · P = stands)")
    captions = [_legend_pairs(t.context[-1]) for t in doc.tables
                if t.context and getattr(t.element, "find", None) is not None and t.element.find("caption") is not None]
    found: dict[str, str] = {}
    for pairs in [p for _, p in single] + [p for _, p in runs] + captions + [_named(doc), _aliases(doc)]:
        for key, meaning in pairs:
            meaning = meaning.strip()
            hand = HAND.match(meaning.lower())
            if hand and not actions(meaning.lower()):
                meaning = meaning[:hand.end()]  # "B = Banker 2-card total": Banker
            if not meaning.isdigit():
                found.setdefault(key, meaning)
    return found, {i for i, pairs in single if pairs} | {i for blocks, _ in runs for i in blocks}


def _legend_pairs(text: str, listed: bool = True) -> list[tuple[str, str]]:
    """The definitions in a block that is a legend: three or more, or two with nothing else.
    With `listed`, also symbols listed with their meanings and no "=" (not in a table's row,
    where "B total | B draws if ... | B stands if ..." are column headers)."""
    pairs = _PAIR.findall(text) if "=" in text else _listed(text) if listed else []
    if len(pairs) >= _MIN_PAIRS or (len(pairs) == 2 and _LEFTOVER.fullmatch(_PAIR.sub("", text))):
        return pairs
    if len(pairs) == 2 and _marks(pairs):
        return pairs  # "R = the Banker draws · P = the Banker stands", among other notes
    return []


_NAMED = lazy_re.compile(r"\b([A-Z][a-z]+)\s+\(([A-Z]{1,2})\)")  # "Player (P) or Banker (B)"
_SHORT_FIRST = lazy_re.compile(r"\b([A-Z]{1,2})\s+\(([A-Z][a-z]+)\)")  # "P (Player), B (Banker) or T (Tie)"


def _named(doc: Document) -> list[tuple[str, str]]:
    """Hands and bets given a short name where they are first named ("Back the Player (P) or
    the Banker (B). Or bet Tie (T)."): (short name, name) for each, when two or more are."""
    for block in doc.blocks:
        if "(" not in block.text:
            continue
        found = [(key, name) for name, key in _NAMED.findall(block.text)] + _SHORT_FIRST.findall(block.text)
        pairs = [(key, name) for key, name in found if key[0] == name[0] and bets_in(name.lower())]
        if len(pairs) >= 2:
            return pairs
    return []


_HAND_ALIAS = canonical.pattern("hand_alias")


def _aliases(doc: Document) -> list[tuple[str, str]]:
    """The page's own names for the two hands, where it defines them ("庄 Zhuang – the Banker
    hand", "闲 Xian – the Player hand"; "Zhuang (Banker) and Xian (Player)"; "«G» the hand of the
    Player (Punto); «B» the hand of the Banker"): (name, hand) for
    each, when both hands are given one and no name is a word the page reads otherwise."""
    found: dict[str, str] = {}
    for block in doc.blocks:
        if block.rank == 2:
            continue
        for m in _HAND_ALIAS.finditer(block.text):
            alias, hand = m.group(1) or m.group(2), m.group(3)  # (the name, quoted or not; the hand it names)
            if not HAND.search(alias.lower()) and not bets_in(alias.lower()):
                found.setdefault(alias, hand)
    by_hand = {_canonical(h.lower()) for h in found.values()}
    return list(found.items()) if {"player", "banker"} <= by_hand else []


def _runs(doc: Document) -> list[tuple[list[int], list[tuple[str, str]]]]:
    """(the blocks, their definitions) of each run of consecutive blocks that are each one
    definition and nothing else ("Z = the Banker draws", "S = the Banker stands", "k. K. = the
    Player drew no card"), when two of them are a draw and a stand mark."""
    runs: list[tuple[list[int], list[tuple[str, str]]]] = [([], [])]
    for index, block in enumerate(doc.blocks):
        pairs = _PAIR.findall(block.text) if "=" in block.text else []
        if len(pairs) == 1 and _LEFTOVER.fullmatch(_PAIR.sub("", block.text)):
            runs[-1][0].append(index)
            runs[-1][1].append(pairs[0])
        elif runs[-1][0]:
            runs.append(([], []))

    def marks(run: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return [p for p in run if actions(p[1].lower())]

    return [(blocks, run) for blocks, run in runs if len(run) >= 2 and any(
        _marks([a, b]) for a in marks(run) for b in marks(run) if a is not b)]


_SEGMENTS = lazy_re.compile(r"\s*[·•|]\s*")
_LISTED = lazy_re.compile(r"^([A-Z][A-Z0-9/]{0,3})\s*[:–-]?\s+([A-Za-z][\w'() -]{2,60}?)\s*$")


def _listed(text: str) -> list[tuple[str, str]]:
    """"PC la Banca pide carta · SP la Banca se planta": symbols listed with their meanings and
    no "=", kept when two of them are a draw and a stand (see `_marks`)."""
    if "·" not in text and "•" not in text and "|" not in text:
        return []
    pairs = [m.groups() for seg in _SEGMENTS.split(text) if (m := _LISTED.match(seg))]
    marks = [p for p in pairs if actions(p[1].lower())]
    return pairs if len(pairs) >= 2 and any(_marks([a, b]) for a in marks for b in marks if a is not b) else []


def _marks(pairs: list[tuple[str, str]]) -> bool:
    """Two symbols defined as drawing and as standing: a chart's legend."""
    polarity = []
    for _, meaning in pairs:
        said = {a.draws for a in actions(meaning.lower())}
        if len(said) != 1:
            return False
        polarity.append(said.pop())
    return sorted(polarity) == [False, True]


def expand(doc: Document) -> Document:
    """The document with every defined abbreviation spelled out (in blocks and table cells)."""
    table, legends = _legends(doc)
    if not table:
        return doc
    keys = sorted(table, key=len, reverse=True)
    pattern = _alternation(keys)
    meanings = {k: pattern.sub(lambda m: table[m.group(0)], v) for k, v in table.items()}  # "P's 3rd card"

    def spell(text: str, keys: re.Pattern[str] | None = pattern) -> str:
        if keys is None:
            return text
        return keys.sub(lambda m: meanings[m.group(0)] if not _CARD_NAMES.search(text, max(0, m.start() - 3),
                                                                               m.end() + 3) else m.group(0), text)

    # a symbol ("✓", "✗") marks a chart's cells; in a sentence its verb is beside it ("✓ draws on 0-5")
    words = [k for k in keys if k[0].isalnum()]
    in_text = _alternation(words) if words else None

    def spell_text(text: str) -> str:
        return spell(text, in_text)

    for index, block in enumerate(doc.blocks):
        if index not in legends:
            block.text = spell_text(block.text)
        block.labels = tuple(spell_text(label) for label in block.labels)
    for t in doc.tables:
        for row in t.rows:
            for cell in row:
                cell.text = spell(cell.text)
    return doc


def _alternation(keys: list[str]) -> re.Pattern[str]:
    """One pattern for the keys, longest first: a word key only as a whole word, and not as a
    letter of a dotted abbreviation ("S.r.l.", "S.A.")."""
    return re.compile("|".join(rf"(?<![\w.]){re.escape(k)}(?![\w]|\.\w)" if k[0].isalnum() else re.escape(k)
                               for k in keys))


# a letter among card names ("10, J, Q, K", "J/Q/K"): a card, whatever the legend calls it
_CARD_NAMES = lazy_re.compile(r"\b[AJQK]\s*[,/]\s*[AJQK0-9]|[AJQK0-9]\s*[,/]\s*[AJQK]\b")


def without_legend(sentence: str) -> str:
    """A sentence less the legend it ends in ("... the chart below (✓ = draws, ✗ = stands)"); a
    legend alone ("T = the Banker draws S = the Banker stands") leaves nothing to read as a rule."""
    if sentence.count("=") < 2:
        return sentence  # (two definitions hold two "=": the common case, without the pattern)
    found = list(_DEFINED.finditer(sentence))
    return sentence[:found[0].start()].rstrip(" (") if len(found) >= 2 else sentence
