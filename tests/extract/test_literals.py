"""The literal tests that spare patterns the texts they cannot match never spare a match."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re

import auditor.extract as extraction
from auditor import lazy_re
from auditor.extract import literals


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for info in pkgutil.iter_modules(extraction.__path__):
        module = importlib.import_module(f"{extraction.__name__}.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, (re.Pattern, lazy_re.LazyPattern)) and isinstance(value.pattern, str):
                found.append((f"{info.name}.{name}", value))
    return found


PATTERNS = _patterns()


def test_words_are_read_from_patterns() -> None:
    assert literals.required(re.compile(r"\btie[sd]?\b|\bequal\b")) == ("equal", "tie")
    assert literals.required(re.compile(r"(?=[dD])(?:Draw|stand)", re.IGNORECASE)) == ("draw", "stand")
    assert literals.required(re.compile(r"\d|bank")) is None  # a digit class names no word
    assert literals.required(re.compile(r"(?:a|b)?c")) == ("c",)  # the group may match nothing
    assert literals.required(re.compile(r"\b(\d+)\s+(?:or|and)\s+(?:less|fewer)\b")) == ("fewer", "less")
    assert literals.required(re.compile(r"x?")) is None
    assert literals.required(re.compile(rb"bytes")) is None


def test_no_match_is_spared() -> None:
    """Over every pattern of the extractor the test can read words from: texts made of its
    words (in all cases, with the characters IGNORECASE also takes for i, s and k) that it
    matches all pass the literal test."""
    tested = 0
    for name, pattern in PATTERNS:
        words = literals.required(pattern)
        if words is None:
            continue
        tested += 1
        rng = random.Random(name)
        pieces = [*words, *(w.upper() for w in words), *(w.title() for w in words), " ", "  ", ".", "-", "0",
                  "7", "x", "İ", "ı", "ſ", "\u212a", "é", "É", "\n", "’"]
        for _ in range(400):
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
            if rng.random() < 0.3:
                text = text.replace("i", "ı", 1).replace("s", "ſ", 1).replace("k", "\u212a", 1)
            found = pattern.search(text)
            if found:
                assert literals.may_match(pattern, text), (name, text)
            spared = literals.search(pattern, text)
            assert (spared and spared.span()) == (found and found.span()), (name, text)
            assert literals.sub(pattern, "#", text) == pattern.sub("#", text), (name, text)
    assert tested >= 20


def test_ascii_twins_match_alike() -> None:
    """On printable ASCII text a pattern and its ASCII twin find the same matches."""
    rng = random.Random(7)
    letters = "abcdeghiklnoprstwyBDKPST0123456789 .,;:-+%()'/|"
    words = ["player", "banker", "draws", "stands", "tie", "8 to 1", "third card", "0-5", "6 or 7", "natural",
             "except", "between", "commission", "5%", "punto banco", "house edge", "K", "S"]
    for name, pattern in PATTERNS:
        twin = literals.fast(pattern, "ascii")
        for _ in range(150):
            text = " ".join(rng.choice(words) if rng.random() < 0.6 else
                            "".join(rng.choice(letters) for _ in range(rng.randint(1, 5)))
                            for _ in range(rng.randint(0, 8)))
            assert [m.span() for m in twin.finditer(text)] == [m.span() for m in pattern.finditer(text)], (name, text)
    assert literals.fast(PATTERNS[0][1], "é") is PATTERNS[0][1]  # not ASCII: the pattern itself
    assert literals.fast(PATTERNS[0][1], "a\tb") is PATTERNS[0][1]  # not printable: a tab is \s in both, \x1c only in one


def test_no_match_is_spared_on_the_fixtures() -> None:
    """The same, over the texts of the fixture pages (each block, as written and normalised)."""
    from pathlib import Path

    from auditor.extract import decode
    from auditor.extract.document import parse
    from auditor.extract.numbers import normalize

    texts: set[str] = set()
    for page in sorted((Path(__file__).resolve().parents[2] / "fixtures").glob("*.html")):
        for block in parse(decode(page.read_bytes()).text).blocks:
            texts.update((block.text, normalize(block.text), *block.context))
    gated = [(name, p) for name, p in PATTERNS if literals.required(p) is not None]
    assert len(gated) >= 40
    for text in texts:
        for name, pattern in gated:
            found = pattern.search(text)
            assert bool(found) <= literals.may_match(pattern, text), (name, text)
            if found:
                assert literals.fast(pattern, text).search(text).span() == found.span(), (name, text)
