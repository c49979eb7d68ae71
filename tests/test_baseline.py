"""auditor/baseline.py: the identity of a finding across runs (source, code and the rule it
concerns; never its line), matching by count, and reading baselines."""

from __future__ import annotations

import pytest

from auditor.baseline import Baseline, BaselineError, compare, identity, read_baseline
from auditor.extract.document import Evidence
from auditor.report import Finding, Report


def at(line: int) -> Evidence:
    return Evidence("text", line, f"/html/body/p[{line}]")


@pytest.mark.parametrize(("code", "message", "found", "rule"), [
    ("draw-rule-divergent", "Banker 3: the page has the Banker draw when ...", [0], "banker_draws.3"),
    ("draw-rule-divergent", "Player rule: the page has the Player draw on 0-6; ...", [0], "player_draws_on"),
    ("draw-rule-divergent", "Banker rule when the Player stood: the page has the Banker draw on 0-6", [0],
     "banker_draws_player_stood"),
    ("edge-divergent", "Dragon 7 house edge is stated as 7.00%; the page's own rules give 7.61%", "7.00%",
     "dragon_7:house edge"),
    ("edge-divergent", "Banker return to player is stated as 98%; ...", "98%", "banker:return to player"),
    ("side-bet-payout-missing", "The side bet panda_8 is offered with no payout stated.", "panda_8", "panda_8"),
    ("commission-divergent", "The page pays a winning Banker 6 at 0.5 to 1; ...", 0.5, "banker_pays_on_6"),
    ("commission-divergent", "The page takes a 4% commission on Banker wins; ...", 0.04, "banker_commission"),
    ("commission-divergent", "The page pushes a winning Banker three-card 7; ...", True, "banker_three_card_7_push"),
    ("payout-example-wrong", "A worked example has a 100 Banker bet won 100; at the stated ...", 100, "Banker"),
    ("contradiction", "The page states Banker 4 two ways: where ...", [True, False], "Banker 4"),
    ("contradiction", "The page states tie_pays as 8 and also as 9 (...)", [8, 9], "tie_pays"),
    ("tie-payout-divergent", "The page pays the Tie at 9 to 1; ...", 9, ""),
])
def test_the_rule_a_finding_concerns(code, message, found, rule):
    assert identity("a.html", Finding(code, message, found=found)) == ("a.html", code, rule)


def test_line_path_expected_and_wording_do_not_count():
    one = Finding("edge-divergent", "Banker house edge is stated as 1.50%; the page's own rules give 1.06%.",
                  expected="1.06%", found="1.50%", evidence=at(10))
    two = Finding("edge-divergent", "Banker house edge is stated as 1.40%; the page's own rules give 1.10%.",
                  expected="1.10%", found="1.40%", evidence=at(99))
    assert identity("a.html", one) == identity("./a.html", two)
    other_bet = Finding("edge-divergent", "Player house edge is stated as 1.50%; ...", evidence=at(10))
    assert identity("a.html", one) != identity("a.html", other_bet)
    assert identity("a.html", one) != identity("b.html", one)


def test_banker_rows_are_different_findings():
    rows = [Finding("draw-rule-divergent", f"Banker {t}: the page ...", expected=list(range(10)), found=[1])
            for t in (0, 1, 2)]
    assert len({identity("a.html", f) for f in rows}) == 3


def report(*findings: Finding) -> Report:
    return Report("a.html", None, findings=list(findings))


def test_repeats_match_by_count():
    same = Finding("payout-example-wrong", "A worked example has a 100 Banker bet won 100; ...")
    base = Baseline("old.json", {"a.html": [same, same]})
    more = report(same, same, same)
    compare([more], base)
    assert sorted(f.baseline for f in more.findings) == ["new", "unchanged", "unchanged"] and more.fixed == []
    fewer = report(same)
    compare([fewer], base)
    assert [f.baseline for f in fewer.findings] == ["unchanged"] and fewer.fixed == [same]


def test_a_source_the_baseline_lacks_is_all_new():
    current = report(Finding("decks-missing", "No decks."))
    compare([current], Baseline("old.json", {"b.html": [Finding("decks-missing", "No decks.")]}))
    assert [f.baseline for f in current.findings] == ["new"] and current.fixed == []


def test_reading_keeps_what_an_old_report_holds():
    data = {"reports": [{"source": "a.html", "findings": [
        {"code": "tie-payout-divergent", "message": "m", "severity": "fatal", "rts": "9Z", "evidence": {"line": "x"}},
        {"code": "edge-divergent", "message": "m", "certainty": "review"},
        {"code": "gone-code", "message": "m"},
    ], "waived": [{"finding": {"code": "decks-missing", "message": "m"}, "waiver": {}}]}]}
    base = read_baseline(data, "old.json")
    tie, edge, decks = base.findings["a.html"]
    assert (tie.severity, tie.rts, tie.evidence.line) == ("error", "3D", None), "the code's own where unusable"
    assert edge.certainty == "review" and edge.doubt
    assert decks.code == "decks-missing", "a waived finding is not fixed"
    assert base.unknown_codes == ["gone-code"]


def test_reading_refuses_what_is_not_a_report():
    with pytest.raises(BaselineError, match=r"baseline x.json: not a rules-auditor JSON report: reports\[0\].waived\[0\]"):
        read_baseline({"reports": [{"source": "a", "findings": [], "waived": [1]}]}, "x.json")


def test_every_fixture_finding_that_can_repeat_names_its_rule():
    """The rule is read from the checks' messages: when a check words them differently, this
    fails (and findings of that code would match by count alone)."""
    from auditor.baseline import _RULES

    from .formats.samples import fixture_run

    seen = set()
    for report in fixture_run().reports:
        for f in report.findings:
            if f.code in _RULES:
                seen.add(f.code)
                assert identity(report.source, f)[2], (f.code, f.message)
    assert {"draw-rule-divergent", "edge-divergent", "side-bet-payout-missing", "payout-example-wrong",
            "contradiction", "commission-divergent"} <= seen
