"""Patterns compiled with a lookahead for their first characters match exactly as written."""

from __future__ import annotations

import random
import re
from pathlib import Path

from auditor import lazy_re

from .test_literals import PATTERNS


def test_first_characters_are_read_from_patterns() -> None:
    first = lazy_re._first_characters
    assert first(r"\bdraws?\b|\bhits?\b", 0) == r"\b[\U00000064\U00000068]"  # a boundary opens every branch
    assert first(r"\btie\b|x", 0) == r"[\U00000074\U00000078]"
    assert first(r"(?:a\b)?c", 0) == r"[\U00000061\U00000063]"  # an optional group: what follows may start
    assert first(r"(?<![\d.])\d+%", 0) == r"[\d]"
    assert first(r"draw|stand", 0) is None  # the engine skips to the first letters by itself
    assert first(r"^\s*draws", 0) is None  # anchored: tried at the start alone
    assert first(r"(?=[dh])(?:\bdraws?|\bhits?)", 0) is None  # guarded already
    assert first(r"\b\w+|x", 0) is None  # \w: not read here
    assert first(r"[^,]+|x", 0) is None
    assert first(r"x?|\by", 0) is None  # may match nothing


def test_guarded_patterns_match_alike() -> None:
    """Over every pattern of the extractor given a lookahead, on texts made of the words it names
    and on the fixture pages' text (as written and in lower case), the pattern as compiled finds
    the same matches as the pattern as written."""
    guarded = [(name, p) for name, p in PATTERNS if lazy_re._first_characters(p.pattern, p.flags) is not None]
    assert len(guarded) >= 40
    rng = random.Random(11)
    texts = [page.read_text(encoding="utf-8", errors="replace")[:3000]
             for page in sorted((Path(__file__).resolve().parents[2] / "fixtures").glob("*.html"))[:40]]
    texts += [t.lower() for t in texts]
    for name, pattern in guarded:
        written = re.compile(pattern.pattern, pattern.flags)
        compiled = lazy_re.compiled(pattern.pattern, pattern.flags)
        words = re.findall(r"(?<!\\)[^\W\d_]{2,}", pattern.pattern) or ["x"]  # (not the "b" of "\b")
        pieces = [*words, *(w.title() for w in words), " ", ".", ",", "-", "0", "7", "8 to 1", "'", "\n", "é"]
        made = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))) for _ in range(150)]
        for text in made + texts:
            assert [(m.span(), m.groups()) for m in compiled.finditer(text)] == \
                [(m.span(), m.groups()) for m in written.finditer(text)], (name, text[:200])
