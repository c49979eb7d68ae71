"""Every field of every fixture page is extracted as its expected file says."""

from __future__ import annotations

import pytest

from auditor.extract import FIELDS, extract

from .fixture_cases import cases, expected, page


def test_there_are_at_least_forty_fixtures():
    assert len(cases()) >= 40


@pytest.mark.parametrize("name", cases())
def test_every_field(name):
    want = expected(name)["extracted"]
    got = extract(page(name)).to_dict()
    assert set(want) == set(FIELDS), "the expected file must list every field"
    wrong = {f: (want[f], got[f]) for f in FIELDS if not _same(want[f], got[f])}
    assert wrong == {}, f"field: (expected, extracted) for {name}"


def _same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(a - b) < 1e-9
    return a == b
