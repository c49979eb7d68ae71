"""The page's language: one the tool has a lexicon for, or a note that it has none."""

from __future__ import annotations

from collections.abc import Iterator

from ..report import Finding
from .registry import Context, check


@check("language", "language-unsupported")
def language(ctx: Context) -> Iterator[Finding]:
    """A page in a language with no lexicon is read for nothing; say so once."""
    x = ctx.extraction
    if x.language is None and x.detected_language is not None:
        yield Finding("language-unsupported",
                      f"The page is written in {x.detected_language}, which the tool has no lexicon for; nothing "
                      f"on it is judged missing or divergent with certainty.",
                      found=x.detected_language)
