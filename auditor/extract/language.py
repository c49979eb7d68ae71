"""The language a page is written in, told from its text (`<html lang>` is only a hint: a CMS
default of "en" on a Dutch page is common). Uses langdetect's character n-gram profiles,
restricted to the languages of Europe's regulated markets and their neighbours, seeded so the
same page always gets the same answer."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

#: Profiles loaded: the languages with a lexicon, and others a European operator's page may be
#: in, so that those are told apart (and reported as unsupported) rather than misread.
PROFILES = ("en", "de", "es", "it", "fr", "nl", "pt", "sv", "da", "no", "fi", "pl", "cs", "sk", "sl", "hr",
            "ro", "hu", "et", "lv", "lt", "el", "bg", "tr", "ca")
SAMPLE = 4000
"""Characters of text looked at: enough to tell a language, few enough to stay fast."""
MIN_TEXT = 40
"""Below this many letters the text cannot say; the hint (or English) is taken."""
_HINT = re.compile(r"<html\b[^>]*?\blang\s*=\s*[\"']?([a-zA-Z]{2,3})", re.IGNORECASE)
_LETTERS = re.compile(r"[^\W\d_]")


def hint(html: str) -> str | None:
    """The page's own `<html lang>`, lower case, if it has one."""
    m = _HINT.search(html[:4096])
    return m.group(1).lower() if m else None


def detect(texts: list[str], html_lang: str | None = None) -> str:
    """The ISO 639-1 code of the language of `texts` (a page's blocks, in order)."""
    sample, size = [], 0
    for text in texts:
        sample.append(text)
        size += len(text)
        if size >= SAMPLE:
            break
    joined = " ".join(sample)[:SAMPLE]
    if len(_LETTERS.findall(joined)) < MIN_TEXT:
        return html_lang if html_lang in PROFILES else "en"
    from langdetect.lang_detect_exception import LangDetectException

    detector = _factory().create()
    detector.append(joined)
    try:
        ranked = detector.get_probabilities()
    except LangDetectException:
        return html_lang if html_lang in PROFILES else "en"
    if not ranked:
        return html_lang if html_lang in PROFILES else "en"
    best = ranked[0]
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
