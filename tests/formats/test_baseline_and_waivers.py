"""Every format with a baseline and waivers: whole outputs of `samples.baseline_run()` (new and
fixed findings lead, waived ones shown apart with their reason), and what each format says of
them."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import lxml.html
import pytest

from auditor.formats import FORMATS
from auditor.schema import validate_report

from .samples import baseline_run
from .test_sarif import assert_valid

SUFFIX = {"text": "txt", "json": "json", "markdown": "md", "html": "html", "sarif": "sarif", "junit": "xml"}


@pytest.mark.parametrize("name", list(SUFFIX))
def test_whole_output(name, golden):
    golden(f"baseline.{SUFFIX[name]}", FORMATS[name].render(baseline_run(), fail_on="error"))


def test_json_marks_findings_lists_fixed_and_waived():
    data = json.loads(FORMATS["json"].render(baseline_run(), fail_on="error"))
    validate_report(data)
    flawed, clean, broken = data["reports"]
    marks = {f["code"]: f["baseline"] for f in flawed["findings"]}
    # Banker 3 moved from line 40 to 42 and is still the same finding; the rest are new.
    assert marks["draw-rule-divergent"] == "unchanged"
    assert marks["edge-divergent"] == "new" and marks["side-bet-payout-missing"] == "new"
    assert [f["code"] for f in flawed["fixed"]] == ["tie-payout-divergent"]
    assert [w["finding"]["code"] for w in flawed["waived"]] == ["decks-missing"]
    assert flawed["waived"][0]["waiver"] == {"code": "decks-missing", "sources": ["casino/*"],
                                             "reason": "decks stated in the lobby",
                                             "origin": "rules-auditor.toml: ignore[1]"}
    assert all(f["code"] != "decks-missing" for f in flawed["findings"])
    assert clean["fixed"] == [] and clean["waived"] == []
    assert broken["findings"][0]["baseline"] == "unchanged" and broken["fixed"] == []
    assert data["baseline"] == "previous.json"
    assert [(w["code"], w["matched"]) for w in data["waivers"]] == [("decks-missing", 1), ("tie-payout-missing", 0)]
    s = data["summary"]
    assert (s["new"], s["unchanged"], s["fixed"], s["waived"]) == (5, 2, 1, 1)
    assert "decks-missing" not in s["by_code"]


def test_sarif_baseline_states_kinds_and_suppressions():
    log = json.loads(FORMATS["sarif"].render(baseline_run(), fail_on="error"))
    assert_valid(log)
    results = log["runs"][0]["results"]
    states = [(r["ruleId"], r["baselineState"]) for r in results]
    assert ("draw-rule-divergent", "unchanged") in states and ("edge-divergent", "new") in states
    assert ("tie-payout-divergent", "absent") in states and ("source-unreadable", "unchanged") in states
    for r in results:
        assert (r["kind"], r["level"] == "none") in (("fail", False), ("review", True))
    review = [r for r in results if r["kind"] == "review"]
    assert {r["ruleId"] for r in review} == {"side-bet-payout-missing", "payout-example-wrong"}
    suppressed = [r for r in results if "suppressions" in r]
    assert [r["ruleId"] for r in suppressed] == ["decks-missing"]
    assert suppressed[0]["suppressions"][0]["justification"] == "decks stated in the lobby"


def test_text_and_markdown_lead_with_what_changed():
    text = FORMATS["text"].render(baseline_run(), fail_on="error")
    assert text.startswith("Since the baseline previous.json: 5 new, 1 fixed\n")
    assert text.index("fixed (1):") < text.index("casino/rules_page.html\n=====")
    assert "waived: decks stated in the lobby (rules-auditor.toml: ignore[1])" in text
    md = FORMATS["markdown"].render(baseline_run(), fail_on="error")
    assert md.index("## Since the baseline previous.json") < md.index("| # | Source |")
    assert "### Fixed (1)" in md and "### Waived (1)" in md


def test_html_leads_with_what_changed_and_shows_waivers_apart():
    doc = lxml.html.document_fromstring(FORMATS["html"].render(baseline_run(), fail_on="error"))
    headings = [h.text_content() for h in doc.xpath("//h2")]
    assert headings[0] == "Since the baseline previous.json" and headings[1] == "Summary"
    fixed = doc.xpath("//table[contains(@class, 'fixed')]/tbody/tr")
    assert [tr.xpath("string(td[3])") for tr in fixed] == ["tie-payout-divergent"]
    waived = doc.xpath("//li[contains(@class, 'waived')]")
    assert len(waived) == 1 and "decks stated in the lobby" in waived[0].xpath("string(p[@class='waiver'])")
    assert len(doc.xpath("//span[@class='badge new']")) == 5


def test_fail_on_new_decides_pass_and_fail():
    run = baseline_run()
    md = FORMATS["markdown"].render(run, fail_on="info", new_only=True)
    assert "new since the baseline" in md
    # the unreadable source is unchanged: with --fail-on-new it passes
    rows = [line for line in md.splitlines() if line.startswith("| 3 | archive/missing.html")]
    assert rows[0].endswith("| pass |")


def test_junit_lists_waived_findings_without_failing():
    root = ET.fromstring(FORMATS["junit"].render(baseline_run(), fail_on="info").encode("utf-8"))
    decks = next(c for c in root.find("testsuite").findall("testcase") if c.get("name") == "decks")
    assert decks.find("failure") is None
    assert decks.findtext("system-out").startswith("waived (decks stated in the lobby): info decks-missing")
