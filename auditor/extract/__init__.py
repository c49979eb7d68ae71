"""Extraction: page bytes in, what the page states (with evidence) out. No rulesets here."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .abbreviations import expand
from .decode import Decoded, decode
from .document import Document, Evidence, parse
from .doubts import coverage, figures_of_another_payout, implausible, keyed_beside, topic_of, unlikely_probabilities
from .drawing import read_drawing
from .examples import read_examples
from .figures import read_figures, stated_values
from .language import detect, hint
from .lexicon import languages, symbols_in_cells, translate_document
from .model import COMMISSION_REPLACEMENTS, FIELDS, Conflict, Extraction, Stated, Unread
from .payouts import WEAK, read_payouts
from .scripted import scripted_cause
from .statements import Statements
from .vocabulary import about_variant, main_variant, other_game, other_variant, own_column


def extract(data: bytes, *, charset: str | None = None) -> Extraction:
    """Read a page's bytes. Never raises on bad input: bytes that are not a page give an
    extraction with nothing found."""
    with _no_cycle_collection():
        decoded = decode(data, charset)
        return extract_text(decoded.text)


_collection_lock = threading.Lock()
_readers = 0  # extractions running in this process's threads
_was_enabled = True  # the collector's state when the first of them began


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The cycle collector paused while a page is read. Reading builds no reference cycles
    (tests/extract/test_no_cycles.py keeps it so): every object it makes is freed by its
    count, and the collector's passes over the many short-lived ones it makes are pure cost (a
    tenth of the time). The last reader out restores the collector as it found it."""
    global _readers, _was_enabled
    with _collection_lock:
        if _readers == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _readers += 1
    try:
        yield
    finally:
        with _collection_lock:
            _readers -= 1
            if _readers == 0 and _was_enabled:
                gc.enable()


def extract_text(text: str, language: str | None = None) -> Extraction:
    """Read decoded HTML. `language` overrides the language told from the page's text."""
    doc = parse(text) if text else Document([], [], [], "")
    result = Extraction()
    if doc.problem is not None:
        result.problem = doc.problem
        return result
    prose = [b.text for b in doc.blocks if b.rank != 2] or [b.text for b in doc.blocks]  # not a table's cells
    result.detected_language = language or detect(prose, hint(text))
    if result.detected_language in languages():
        result.language = result.detected_language
        doc = translate_document(doc, result.language)
    doc = symbols_in_cells(expand(doc), result.language)
    # each chain of headings once, in order (the blocks under a heading share its chain)
    main = main_variant(dict.fromkeys([*(b.context for b in doc.blocks), *(t.context for t in doc.tables)]))
    doc = doc.without_sections(lambda headings: other_game(headings, main)).with_own_columns(
        lambda header: own_column(header, main))
    if main is not None:
        doc = doc.without_sentences(lambda sentence: other_variant(about_variant(sentence), main))
    # a page with this much text is no app shell: spare the scan of its scripts
    read = sum(len(b.text) for b in doc.blocks)
    result.scripted = scripted_cause(text, read) if text else None
    drawing = read_drawing(doc)
    result.values.update(drawing.values)
    result.evidence.update(drawing.evidence)
    result.conflicts += drawing.conflicts
    result.sources = drawing.sources
    result.images = drawing.images
    found = Statements()
    doc = doc.without_tables(drawing.tables)
    read_payouts(doc, found, main)
    read_figures(doc, found, result.figures)
    side_bets = {}
    # a page that states what replaces the commission (a Banker 6 paid at half, a three-card 7
    # that pushes) takes none: "no commission" outranks a 5% said as well as it (of the classic game)
    replaced = set(COMMISSION_REPLACEMENTS) & set(found.fields())
    for name in found.fields():
        kept, conflicts = found.resolve(name, same=_same_payout if name.startswith("side_bets.") else None,
                                        prefer=(lambda v: v == 0) if name == "banker_commission" and replaced else None)
        if kept is None:
            continue
        result.conflicts += [c for c in conflicts if c.other.rank > -WEAK // 2]  # (what most tables do is no contradiction)
        if name.startswith("side_bets."):
            side_bets[name.split(".", 1)[1]] = kept.value
        else:
            result.values[name] = kept.value
        result.evidence[name] = kept.evidence
    result.values["side_bets"] = side_bets or None
    edges, probabilities = stated_values(result.figures)
    result.values["stated_edges"] = edges or None
    result.values["stated_probabilities"] = probabilities or None
    result.examples = read_examples(doc)
    implausible(result)
    keyed_beside(result)
    unlikely_probabilities(result)
    figures_of_another_payout(result)
    for figure in result.figures:
        if figure.doubt is not None:
            where = figure.evidence.where() if figure.evidence is not None else ""
            field = "stated_probabilities" if figure.kind == "probability" else "stated_edges"
            result.uncertain.setdefault(f"{field}.{figure.bet}", f"{figure.doubt}{where}.")
    used = {topic: set(drawing.used) for topic in ("drawing", "natural")}
    for name, evidence in result.evidence.items():
        if evidence is not None:
            used.setdefault(topic_of(name), set()).add(evidence.text)
    used["odds"] = {f.evidence.text for f in result.figures if f.evidence is not None}
    coverage(result, doc, used, drawing.unread)
    return result


def _same_payout(a: object, b: object) -> bool:
    return a is None or b is None or a == b


__all__ = ["COMMISSION_REPLACEMENTS", "FIELDS", "Conflict", "Decoded", "Evidence", "Extraction", "Stated", "Unread", "decode", "extract",
           "extract_text"]
