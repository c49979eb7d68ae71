"""The language a page is written in, told from its text (`<html lang>` is only a hint: a CMS
default of "en" on a Dutch page is common). Uses langdetect's character n-gram profiles,
restricted to the languages of Europe's regulated markets and their neighbours, seeded so the
same page always gets the same answer."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from .. import lazy_re
from .lexicon import languages

#: Profiles loaded: the languages with a lexicon, and others a European operator's page may be
#: in, so that those are told apart (and reported as unsupported) rather than misread.
PROFILES = ("en", "de", "es", "it", "fr", "nl", "pt", "sv", "da", "no", "fi", "pl", "cs", "sk", "sl", "hr",
            "ro", "hu", "et", "lv", "lt", "el", "bg", "tr", "ca")
SAMPLE = 500
"""Characters of text looked at (the page's longest blocks first: its prose, not its menus):
enough to tell a language, few enough to stay fast."""
PER_BLOCK = SAMPLE // 4
"""Characters any one block gives the sample, so that it stands for several parts of the page."""
UNSURE = 0.9
"""Below this probability a language with no lexicon is not taken: the page would be left unread."""
TRIALS = 3
"""Random walks over the sample's n-grams (langdetect's default is 7): a page's prose gives the
same answer with fewer, at half the cost."""
MIN_TEXT = 40
"""Below this many letters the text cannot say; the hint (or English) is taken."""
CLEARLY_ENGLISH = 0.2
"""A sample one word in five of which is an English function word is English: no other language
of these markets comes near (their pages reach 0.09 even with English bet names mixed in), so
the n-gram detector is spared for the common case."""
_ENGLISH = frozenset("the and of to a is on in with when if or are be it its this that for as by an at from not".split())
_WORD = lazy_re.compile(r"[^\W\d_]+")
_HINT = lazy_re.compile(r"<html\b[^>]*?\blang\s*=\s*[\"']?([a-zA-Z]{2,3})", re.IGNORECASE)
_ASCII_WORD = lazy_re.compile(r"[a-z]+")
"""_WORD on ASCII lower case, where it takes these letters only (the engine tests a set of
characters much faster than their Unicode categories)."""


def hint(html: str) -> str | None:
    """The page's own `<html lang>`, lower case, if it has one."""
    m = _HINT.search(html[:4096])
    return m.group(1).lower() if m else None


def detect(texts: list[str], html_lang: str | None = None) -> str:
    """The ISO 639-1 code of the language of `texts` (a page's blocks, in order)."""
    sample, size = [], 0
    for text in sorted(texts, key=len, reverse=True):  # the longest first: the page's prose, not its menus
        text = text[:PER_BLOCK]  # a few blocks, not one: a summary box in English on a French page
        sample.append(text)
        size += len(text)
        if size >= SAMPLE:
            break
    joined = " ".join(sample)[:SAMPLE]
    if sum(map(len, _WORD.findall(joined))) < MIN_TEXT:  # (its letters: the lengths of its runs of letters)
        return html_lang if html_lang in PROFILES else "en"
    low = joined.lower()
    words = (_ASCII_WORD if low.isascii() else _WORD).findall(low)
    if sum(map(_ENGLISH.__contains__, words)) >= CLEARLY_ENGLISH * len(words):
        return "en"
    from langdetect.lang_detect_exception import LangDetectException

    detector = _factory().create()
    detector.n_trial = TRIALS
    detector.append(joined)
    try:
        ranked = detector.get_probabilities()
    except LangDetectException:
        return html_lang if html_lang in PROFILES else "en"
    if not ranked:
        return html_lang if html_lang in PROFILES else "en"
    best = ranked[0]
    if best.prob < UNSURE and best.lang not in languages():
        return html_lang if html_lang in PROFILES else "en"  # too little to call a page unreadable
    if html_lang and best.prob < 0.8:
        for candidate in ranked:  # a close call: the page's own word settles it
            if candidate.lang == html_lang:
                return html_lang
    return str(best.lang)


@cache
def _factory() -> Any:
    """A detector factory with only PROFILES loaded (all 55 take six times longer)."""
    from importlib.resources import files

    from langdetect.detector_factory import DetectorFactory

    factory = DetectorFactory()
    profiles = files("langdetect") / "profiles"
    factory.load_json_profile([(profiles / code).read_text(encoding="utf-8") for code in PROFILES])
    factory.set_seed(0)
    return factory
