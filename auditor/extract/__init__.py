"""Extraction: page bytes in, what the page states (with evidence) out. No rulesets here."""

from __future__ import annotations

from .decode import Decoded, decode
from .document import Document, Evidence, parse
from .drawing import read_drawing
from .model import FIELDS, Conflict, Extraction, Stated


def extract(data: bytes, *, charset: str | None = None) -> Extraction:
    """Read a page's bytes. Never raises on bad input: bytes that are not a page give an
    extraction with nothing found."""
    decoded = decode(data, charset)
    return extract_text(decoded.text)


def extract_text(text: str) -> Extraction:
    doc = parse(text) if text else Document([], [], [], "")
    result = Extraction()
    drawing = read_drawing(doc)
    result.values.update(drawing.values)
    result.evidence.update(drawing.evidence)
    result.conflicts += drawing.conflicts
    result.images = drawing.images
    return result


__all__ = ["FIELDS", "Conflict", "Decoded", "Evidence", "Extraction", "Stated", "decode", "extract",
           "extract_text"]
