"""Every fixture gets the findings a careful auditor would raise, and no other, against the
ruleset that best fits it."""

from __future__ import annotations

from collections import Counter

import pytest

from auditor.pipeline import audit_bytes

from .fixture_cases import cases, expected, page


@pytest.mark.parametrize("name", cases())
def test_findings(name):
    want = expected(name)
    report = audit_bytes(page(name), name)
    assert report.status == "ok"
    assert report.ruleset == want["ruleset"]
    assert report.language == want.get("language", "en")
    assert Counter(f.code for f in report.findings if f.certain) == Counter(want.get("findings") or [])
    assert Counter(f.code for f in report.findings if not f.certain) == Counter(want.get("review") or [])


@pytest.mark.parametrize("name", cases())
def test_every_finding_names_its_rts_and_evidence_where_it_has_one(name):
    report = audit_bytes(page(name), name)
    for finding in report.findings:
        assert finding.rts in ("3A", "3C", "3D")
        assert finding.message
        if finding.code in ("draw-rule-divergent", "edge-divergent", "tie-payout-for-wording", "contradiction",
                            "payout-example-wrong", "commission-divergent", "side-bet-payout-missing"):
            assert finding.evidence is not None and finding.evidence.text, finding.code
            assert finding.evidence.line is None or finding.evidence.line > 0


def test_about_a_third_of_the_fixtures_are_clean():
    clean = [n for n in cases() if not [c for c in (expected(n).get("findings") or []) if c != "decks-missing"]]
    assert len(clean) >= len(cases()) // 3
