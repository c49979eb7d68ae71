"""Counts in words, as every format and the command line write them."""

from __future__ import annotations

import pytest

from auditor.formats._common import gate_text, plural, run_counts
from auditor.report import Gate


@pytest.mark.parametrize(("n", "word", "verb", "text"), [
    (0, "error", None, "0 errors"),
    (1, "error", None, "1 error"),
    (2, "warning", None, "2 warnings"),
    (1, "finding", "need", "1 finding needs"),
    (3, "finding", "need", "3 findings need"),
    (1, "cell", "differ", "1 cell differs"),
])
def test_plural(n, word, verb, text):
    assert plural(n, word, verb) == text


def test_run_counts():
    one = {"errors": 1, "warnings": 1, "review": 1, "unreadable": 0}
    assert run_counts(one) == "1 error, 1 warning, 1 finding needs review, 0 unreadable"
    many = {"errors": 2, "warnings": 0, "review": 2, "unreadable": 1, "new": 1, "fixed": 2, "waived": 3}
    assert run_counts(many) == ("2 errors, 0 warnings, 2 findings need review, 1 unreadable; since the baseline "
                                "1 new, 2 fixed; 3 waived")


def test_gate_text():
    assert gate_text(Gate("never")) == "No finding fails a page (fail on: never)."
    assert gate_text(Gate("error")) == "A page fails on a certain finding at or above error."
    assert gate_text(Gate("warning", strict=True, new_only=True)) == (
        "A page fails on a finding new since the baseline at or above warning (findings that need review included).")
