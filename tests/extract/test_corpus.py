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


def _cases() -> list[tuple[str, int, str, dict]]:
    out = []
    for path in sorted(CORPUS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for i, case in enumerate(data["cases"]):
            out.append((data["language"], i, case["html"], case.get("reads") or {}))
    return out


CASES = _cases()


def test_every_language_has_a_corpus_of_at_least_40_cases():
    counts = {lang: sum(1 for c in CASES if c[0] == lang) for lang in languages() if lang != "en"}
    assert counts and all(n >= 40 for n in counts.values()), counts


@pytest.mark.parametrize("language,index,html,reads", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_reading(language, index, html, reads):
    x = extract_text(f"<html><body>{html}</body></html>", language=language)
    got = {name: x.to_dict()[name] for name in SPEC_FIELDS}
    want = {name: reads.get(name) for name in SPEC_FIELDS} if not reads else reads
    assert {k: got[k] for k in want} == want
