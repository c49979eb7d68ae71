"""The audit pipeline: ruleset choice, the page's own rules, exit codes and --fail-on."""

from __future__ import annotations

import json

import pytest

import auditor
from auditor.pipeline import audit_bytes
from auditor.cli import main

from .fixture_cases import FIXTURES, page

PAGE = """<html><body><h1>Baccarat</h1>
<p>Eight decks. If either hand has a natural 8 or 9, both hands stand.</p>
<p>The Player draws on 0-5 and stands on 6-7. If the Player stands, the Banker draws on 0-5 and stands on 6-7.</p>
<table><tr><th>Banker total</th><th>Draws when the Player's third card is</th></tr>
<tr><td>0-2</td><td>any</td></tr><tr><td>3</td><td>any except 8</td></tr><tr><td>4</td><td>2-7</td></tr>
<tr><td>5</td><td>4-7</td></tr><tr><td>6</td><td>6-7</td></tr><tr><td>7</td><td>never</td></tr></table>
<p>{banker}. Tie pays {tie}. On a tie, Player and Banker bets are returned.</p>
<p>House edge: Banker {edge}, Player 1.24%, Tie {tie_edge}.</p>
</body></html>"""


def make(banker="Banker pays 0.95 to 1", tie="8 to 1", edge="1.06%", tie_edge="14.36%"):
    return PAGE.format(banker=banker, tie=tie, edge=edge, tie_edge=tie_edge).encode()


def codes(report):
    return sorted(f.code for f in report.findings)


def test_a_clean_page_has_no_findings():
    report = audit_bytes(make(), "clean")
    assert report.ruleset == "punto-banco" and codes(report) == []
    assert report.computed["decks"] == 8
    assert round(report.computed["edges"]["banker"], 6) == 0.010579


@pytest.mark.parametrize(
    ("banker", "tie", "edge", "tie_edge", "ruleset"),
    [
        ("No commission: a winning Banker 6 pays 1 to 2", "8 to 1", "1.46%", "14.36%", "super-6"),
        ("No commission; a Banker win on a three-card 7 is a push", "8 to 1", "1.02%", "14.36%", "ez-baccarat"),
        ("Banker pays 0.95 to 1", "9 to 1", "1.06%", "4.84%", "punto-banco-tie-9"),
    ],
)
def test_the_ruleset_is_chosen_from_the_payout_clauses(banker, tie, edge, tie_edge, ruleset):
    report = audit_bytes(make(banker, tie, edge, tie_edge), "variant")
    assert report.ruleset == ruleset and report.ruleset_reason
    assert codes(report) == []


def test_a_standard_edge_on_a_super_6_page_is_divergent_and_named():
    report = audit_bytes(make("No commission: a winning Banker 6 pays 1 to 2", edge="1.06%"), "s6")
    [finding] = report.findings
    assert finding.code == "edge-divergent" and "1.46%" in finding.message and "punto-banco" in finding.message


def test_given_ruleset_overrides_the_choice():
    report = audit_bytes(make(), "p", ruleset="super-6")
    assert report.ruleset == "super-6"
    assert "commission-divergent" in codes(report)


def test_consistent_custom_rules_give_divergence_but_no_edge_finding():
    """A page whose table differs but states the edge its own rules produce: only the row."""
    html = make(edge="1.06%").replace(b"<td>3</td><td>any except 8</td>", b"<td>3</td><td>any except 8 or 9</td>")
    first = audit_bytes(html, "custom")
    assert codes(first).count("draw-rule-divergent") == 1
    computed = first.computed["edges"]
    stated = html.replace(b"Banker 1.06%", f"Banker {computed['banker'] * 100:.4f}%".encode()).replace(
        b"Player 1.24%", f"Player {computed['player'] * 100:.4f}%".encode()).replace(
        b"Tie 14.36%", f"Tie {computed['tie'] * 100:.4f}%".encode())
    second = audit_bytes(stated, "custom-consistent")
    assert codes(second) == ["draw-rule-divergent"]


def test_no_deck_count_matches_at_any_deck_count():
    html = make(edge="1.01%", tie_edge="15.75%").replace(b"Eight decks. ", b"")
    report = audit_bytes(html, "one-deck-figures")
    assert codes(report) == ["decks-missing"]


def test_api_audit_and_odds():
    report = auditor.audit(FIXTURES / "a-ds-grid-clean.html")
    assert report.to_dict()["status"] == "ok" and report.to_dict()["ruleset"] == "punto-banco"
    assert auditor.audit(page("d-minimal-stub")).findings
    assert auditor.odds(decks=8).to_dict()["total"] == 4_998_398_275_503_360


def test_exit_codes_and_fail_on(tmp_path, capsys):
    clean = tmp_path / "clean.html"
    clean.write_bytes(make())
    warn = tmp_path / "warn.html"
    warn.write_bytes(make(tie="9 for 1"))
    assert main(["audit", str(clean)]) == 0
    assert main(["audit", str(warn)]) == 0
    assert main(["audit", str(warn), "--fail-on", "warning"]) == 1
    assert main(["audit", str(FIXTURES / "d-minimal-stub.html")]) == 1
    assert main(["audit", str(FIXTURES / "d-minimal-stub.html"), "--fail-on", "never"]) == 0
    assert main(["audit", str(FIXTURES / "a-div-grid.html"), "--fail-on", "info"]) == 1
    assert main(["audit", str(clean), "--ruleset", "nope"]) == 2
    capsys.readouterr()


def test_unreadable_source_is_a_report_not_exit_2(tmp_path, capsys):
    good = tmp_path / "good.html"
    good.write_bytes(make())
    code = main(["audit", str(tmp_path / "missing.html"), str(good), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [r["status"] for r in out["reports"]] == ["error", "ok"]
    assert out["reports"][0]["findings"][0]["code"] == "source-unreadable"
    assert out["summary"]["sources"] == 2


def test_output_file_is_written_whole(tmp_path, capsys):
    target = tmp_path / "report.json"
    assert main(["audit", str(FIXTURES), "--format", "json", "-o", str(target), "--fail-on", "never"]) == 0
    data = json.loads(target.read_text())
    assert data["summary"]["sources"] == len(data["reports"]) >= 40
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]
    capsys.readouterr()


def test_unwritable_output_is_exit_2_and_leaves_nothing(tmp_path, capsys):
    missing_dir = tmp_path / "no" / "such" / "dir" / "r.json"
    assert main(["audit", str(FIXTURES / "a-ds-grid-clean.html"), "-o", str(missing_dir)]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_jobs_give_the_same_reports_in_the_same_order(capsys):
    assert main(["audit", str(FIXTURES), "--format", "json", "--jobs", "1", "--fail-on", "never"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(["audit", str(FIXTURES), "--format", "json", "--jobs", "2", "--fail-on", "never"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one == two


def test_a_commission_low_enough_to_favour_the_player_is_said_so():
    report = audit_bytes(make(banker="Banker pays 1 to 1 less a 2.5% commission", edge="-0.09%"), "low")
    [finding] = [f for f in report.findings if f.code == "commission-divergent"]
    assert "gives the player an edge of 0.0886%" in finding.message
    assert "edge-divergent" not in codes(report)  # -0.09% is what 2.5% really gives
