"""`audit` with findings that need review: apart in every format, counted in the summary and
on stderr, and not in the exit status unless --strict."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from auditor.schema import validate_report

from .pages import STUB, audit, scripted, write


@pytest.fixture
def stub(tmp_path, monkeypatch):
    scripted(monkeypatch)
    path = tmp_path / "stub.html"
    path.write_text(STUB, encoding="utf-8")
    return path


def test_review_findings_do_not_fail_a_run_unless_strict(capsys, stub):
    code, out, err = audit(capsys, stub, "--format", "json")
    data = json.loads(out)
    validate_report(data)
    findings = data["reports"][0]["findings"]
    review = [f for f in findings if f["certainty"] == "review"]
    assert review and all(f["doubt"] and "built by scripts" in f["doubt"] for f in review)
    assert all(f["doubt"] is None for f in findings if f["certainty"] == "certain")
    assert data["summary"]["review"] == len(review) and data["summary"]["errors"] == 0
    assert code == 0
    assert f"0 errors, 0 warnings, {len(review)} findings need review" in err
    assert audit(capsys, stub, "--strict")[0] == 1
    assert audit(capsys, stub, "--strict", "--fail-on", "never")[0] == 0


def test_one_review_finding_is_singular(capsys, tmp_path, monkeypatch):
    scripted(monkeypatch)
    page = write(tmp_path / "rules.html")
    page.write_text(page.read_text().replace("<p>Banker pays 0.95 to 1. ", "<p>"), encoding="utf-8")
    code, out, err = audit(capsys, page)
    assert code == 0
    assert "1 source audited: 0 errors, 0 warnings, 1 finding needs review, 0 unreadable" in err
    assert "1 finding needs review:" in out and "doubt: The page looks built by scripts" in out


def test_text_shows_review_findings_apart_with_their_doubt(capsys, stub):
    _, out, _ = audit(capsys, stub)
    head, review = out.split("findings need review:\n", 1)
    assert "draw-table-missing" not in head and "ERROR" not in head
    assert "INFO    decks-missing" in review, "the deck count too may appear once the scripts run"
    assert "    ERROR   draw-table-missing" in review and review.count("doubt:") >= 5


def test_sarif_gives_review_findings_kind_review_and_level_none(capsys, stub):
    _, out, _ = audit(capsys, stub, "--format", "sarif")
    results = json.loads(out)["runs"][0]["results"]
    review = [r for r in results if r["kind"] == "review"]
    assert review and all(r["level"] == "none" and r["properties"]["doubt"] for r in review)
    assert all(r["kind"] == "fail" and r["level"] != "none" for r in results if r not in review)


def test_junit_never_fails_on_review_findings_even_strict(capsys, stub):
    code, out, _ = audit(capsys, stub, "--format", "junit", "--strict")
    assert code == 1, "--strict counts them in the exit status"
    root = ET.fromstring(out)
    assert root.get("failures") == "0"
    assert "needs review: error draw-table-missing" in "".join(e.text or "" for e in root.iter("system-out"))


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_markdown_and_html_group_review_findings(capsys, stub, fmt):
    _, out, _ = audit(capsys, stub, "--format", fmt)
    assert "Needs review (" in out and "built by scripts" in out
