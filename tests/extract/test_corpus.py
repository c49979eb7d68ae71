"""Each language's example corpus (as Duckling's): sentences, cells and small tables a rules
page may hold, with the reading each must give. Read in the corpus's language, so these test
the lexicons and the reader apart from telling the language."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from auditor.extract import FIELDS, extract_text
from auditor.extract.lexicon import languages

CORPUS = Path(__file__).resolve().parent / "corpus"
SPEC_FIELDS = list(FIELDS)


KNOWN_MISSES = yaml.safe_load((CORPUS / "known_misses.yaml").read_text(encoding="utf-8")) or {}


def _cases() -> list:
    out = []
    for path in sorted(CORPUS.glob("*.yaml")):
        if path.name == "known_misses.yaml":
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for i, case in enumerate(data["cases"]):
            miss = KNOWN_MISSES.get(data["language"], {}).get(i)
            marks = [pytest.mark.xfail(strict=True, reason=f"known miss: {miss}")] if miss else []
            out.append(pytest.param(data["language"], i, case["html"], case.get("reads") or {}, marks=marks,
                                    id=f"{data['language']}-{i}"))
    return out


CASES = _cases()


def test_every_language_has_a_corpus_of_at_least_40_cases():
    counts = {lang: sum(1 for c in CASES if c.values[0] == lang) for lang in languages() if lang != "en"}
    assert counts and all(n >= 40 for n in counts.values()), counts


def test_most_of_every_corpus_is_read_right():
    for lang in languages():
        cases = [c for c in CASES if c.values[0] == lang]
        if cases:
            missed = len(KNOWN_MISSES.get(lang, {}))
            assert missed * 100 <= 15 * len(cases), f"{lang}: {missed} of {len(cases)} corpus cases are known misses"


@pytest.mark.parametrize("language,index,html,reads", CASES)
def test_reading(language, index, html, reads):
    x = extract_text(f"<html><body>{html}</body></html>", language=language)
    got = {name: x.to_dict()[name] for name in SPEC_FIELDS}
    want = {name: reads.get(name) for name in SPEC_FIELDS} if not reads else reads
    assert {k: got[k] for k in want} == want
