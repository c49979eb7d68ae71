"""auditor/waivers.py: which findings a waiver covers, and the first waiver that matches wins."""

from __future__ import annotations

import pytest

from auditor.report import Finding, Report
from auditor.waivers import Waiver, WaiverError, apply, parse_ignore, waivers_from

DECKS = Finding("decks-missing", "No decks.")


@pytest.mark.parametrize(("globs", "source", "covered"), [
    ((), "anything.html", True),
    (("fixtures/*",), "fixtures/a.html", True),
    (("fixtures/*",), "./fixtures/sub/a.html", True),
    (("fixtures/*",), "other/a.html", False),
    (("*.example/*",), "https://casino.example/rules", True),
    (("a.html", "b.html"), "b.html", True),
    (("A.html",), "a.html", False),
])
def test_sources(globs, source, covered):
    assert Waiver("decks-missing", globs).matches(source, DECKS) is covered


def test_only_its_code():
    assert not Waiver("tie-payout-missing").matches("a.html", DECKS)


def test_parse_ignore_splits_at_the_first_colon():
    assert parse_ignore("decks-missing:https://x.example/*") == Waiver("decks-missing", ("https://x.example/*",))
    with pytest.raises(WaiverError, match="did you mean decks-missing"):
        parse_ignore("deck-missing")


def test_the_first_matching_waiver_takes_the_finding():
    first, second = Waiver("decks-missing", reason="one"), Waiver("decks-missing", reason="two")
    report = Report("a.html", None, findings=[DECKS, Finding("tie-payout-missing", "No tie.")])
    apply([report], [first, second])
    assert [f.code for f in report.findings] == ["tie-payout-missing"]
    assert [w.waiver for w in report.waived] == [first]


def test_config_tables_name_the_entry():
    [waiver] = waivers_from({"ignore": [{"code": "decks-missing", "sources": "x/*", "reason": " why "}]}, "cfg")
    assert waiver == Waiver("decks-missing", ("x/*",), "why", "cfg: ignore[1]")
    with pytest.raises(WaiverError, match=r"^cfg: ignore\[2\]: 'code' is required"):
        waivers_from({"ignore": [{"code": "decks-missing", "reason": "x"}, {"reason": "y"}]}, "cfg")
