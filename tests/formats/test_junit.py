"""`--format junit`: the whole output, one suite per page, one case per check, and --fail-on."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from auditor.check import CHECKS
from auditor.codes import CODES
from auditor.formats.junit import JunitFormat, case_plan


def parse(run, fail_on="error") -> ET.Element:
    return ET.fromstring(JunitFormat().render(run, fail_on=fail_on).encode("utf-8"))


def case_names() -> list[str]:
    produced = {code for c in CHECKS for code in c.codes}
    return [*(code for code in CODES if code not in produced), *(c.name for c in CHECKS)]


def test_whole_output(sample_run, golden):
    golden("sample.xml", JunitFormat().render(sample_run, fail_on="error"))


def test_the_cases_are_the_checks_and_source_unreadable():
    names, owner = case_plan()
    assert names == case_names()
    assert names[0] == "source-unreadable"
    assert set(owner) == set(CODES)
    assert owner["decks-missing"] == "decks"


def test_one_suite_per_page_and_one_case_per_check(fixture_run):
    root = parse(fixture_run)
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == [r.source for r in fixture_run.reports]
    for suite, report in zip(suites, fixture_run.reports):
        cases = suite.findall("testcase")
        assert [c.get("name") for c in cases] == case_names()
        assert {c.get("classname") for c in cases} == {report.source}
        assert suite.get("tests") == str(len(cases))
        failing = [c for c in cases if c.find("failure") is not None]
        assert suite.get("failures") == str(len(failing))
        failed_codes = {code for c in failing for code in c.find("failure").get("type").split()}
        assert failed_codes == {f.code for f in report.findings if f.severity == "error" and f.certain}
        # every finding is reported once, in a failure or in system-out
        texts = "\n\n".join(e.text or "" for c in cases for e in c if e.tag in ("failure", "system-out"))
        reported = Counter(f"{f.severity} {f.code} [RTS " for f in report.findings)
        assert {key: texts.count(key) for key in reported} == reported
    assert root.get("tests") == str(sum(int(s.get("tests")) for s in suites))
    assert root.get("failures") == str(sum(int(s.get("failures")) for s in suites))


def test_fail_on_decides_failure_or_system_out(sample_run):
    def outcome(fail_on):
        suite = parse(sample_run, fail_on).find("testsuite")
        return {c.get("name"): [e.tag for e in c] for c in suite.findall("testcase") if len(c)}

    assert outcome("error") == {"banker-table": ["failure"], "decks": ["system-out"], "stated-edges": ["failure"],
                                "tie-payout": ["system-out"], "side-bets": ["system-out"],
                                "payout-examples": ["system-out"]}
    assert outcome("warning")["tie-payout"] == ["failure"] and outcome("warning")["decks"] == ["system-out"]
    assert outcome("info")["decks"] == ["failure"]
    assert set(tag for tags in outcome("never").values() for tag in tags) == {"system-out"}


def test_several_findings_make_one_failure(sample_run):
    suite = parse(sample_run).find("testsuite")
    case = next(c for c in suite.findall("testcase") if c.get("name") == "banker-table")
    failures = case.findall("failure")
    assert len(failures) == 1
    assert failures[0].get("type") == "draw-rule-divergent draw-table-incomplete"
    assert failures[0].get("message").startswith("2 findings: Banker 3:")
    assert "evidence (line 42, /html/body/main/table[1]/tr[5]): 3 | D D D D D D D D D D" in failures[0].text


def test_an_unreadable_source_fails_once_and_skips_the_checks(sample_run):
    suite = parse(sample_run).findall("testsuite")[2]
    cases = suite.findall("testcase")
    assert cases[0].get("name") == "source-unreadable"
    assert cases[0].find("failure").get("type") == "source-unreadable"
    assert all(c.find("skipped") is not None for c in cases[1:])
    assert (suite.get("failures"), suite.get("skipped")) == ("1", str(len(cases) - 1))
    props = {p.get("name"): p.get("value") for p in suite.find("properties")}
    assert props == {"status": "error", "error": "no such file", "fail_on": "error"}


def test_review_findings_never_fail_even_when_strict(sample_run):
    root = ET.fromstring(JunitFormat().render(sample_run, fail_on="info", strict=True).encode("utf-8"))
    suite = root.find("testsuite")
    side = next(c for c in suite.findall("testcase") if c.get("name") == "side-bets")
    assert side.find("failure") is None
    out = side.findtext("system-out")
    assert out.startswith("needs review: error side-bet-payout-missing") and "doubt: The page has side_bets" in out
