"""`audit --baseline PREVIOUS.json` end to end: findings new or unchanged whatever lines moved,
fixed ones listed, --fail-on-new, baselines of other versions, and bad baselines (exit 2)."""

from __future__ import annotations

import json

import pytest

from auditor.schema import validate_report

from .pages import audit, write


@pytest.fixture
def edited(tmp_path, capsys):
    """A page audited once (Banker 4 and 5 rows wrong, Banker edge wrong) into old.json, then
    edited: two paragraphs on top (every line moves), Banker 5 corrected (which also makes the
    stated Player edge right again), the Tie worded "9 for 1" (new)."""
    page = write(tmp_path / "rules.html", b4="1-7", b5="3-7", edge="1.50%")
    old = tmp_path / "old.json"
    assert audit(capsys, page, "--format", "json", "-o", old)[0] == 1
    write(page, top="<p>Updated.</p>\n<p>Read on.</p>\n", b4="1-7", b5="4-7", edge="1.50%", tie="9 for 1")
    return page, old


def test_new_unchanged_and_fixed(capsys, edited):
    page, old = edited
    code, out, err = audit(capsys, page, "--baseline", old, "--format", "json")
    data = json.loads(out)
    validate_report(data)
    report = data["reports"][0]
    marks = {(f["code"], f["message"][:8]): f["baseline"] for f in report["findings"]}
    assert marks[("draw-rule-divergent", "Banker 4")] == "unchanged", "matched though its line moved"
    assert marks[("edge-divergent", "Banker h")] == "unchanged"
    assert marks[("tie-payout-for-wording", "The Tie ")] == "new"
    assert [(f["code"], f["message"][:8]) for f in report["fixed"]] == [("draw-rule-divergent", "Banker 5"),
                                                                       ("edge-divergent", "Player h")]
    assert "baseline" not in report["fixed"][0]
    assert data["baseline"] == str(old)
    assert data["summary"]["fixed"] == 2 and data["summary"]["new"] == 1
    assert code == 1
    assert "since the baseline 1 new, 2 fixed" in err


def test_text_leads_with_what_is_new_and_fixed(capsys, edited):
    page, old = edited
    _, out, _ = audit(capsys, page, "--baseline", old)
    first = out.split(f"{page}\n===", 1)[0]
    assert first.startswith(f"Since the baseline {old}: 1 new, 2 fixed")
    assert "new (1):" in first and "tie-payout-for-wording" in first
    assert "fixed (2):" in first and "Banker 5:" in first


def test_sarif_baseline_state_and_fingerprints_that_survive_edits(capsys, tmp_path):
    page = write(tmp_path / "rules.html", b4="1-7", b5="3-7", edge="1.50%")
    old = tmp_path / "old.json"
    audit(capsys, page, "--format", "json", "-o", old)
    _, before, _ = audit(capsys, page, "--format", "sarif")
    write(page, top="<p>Updated.</p>\n<p>Read on.</p>\n", b4="1-7", b5="4-7", edge="1.50%", tie="9 for 1")
    _, after, _ = audit(capsys, page, "--baseline", old, "--format", "sarif")

    def prints(text):
        return {(r["ruleId"], r["message"]["text"][:8]): (r["partialFingerprints"]["rulesAuditorFinding/v2"],
                                                        r.get("baselineState"))
                for r in json.loads(text)["runs"][0]["results"]}

    then, now = prints(before), prints(after)
    states = sorted(state for _, state in now.values())
    assert states.count("absent") == 2 and states.count("new") == 1 and "unchanged" in states
    for key, (fingerprint, state) in now.items():
        if state != "new":
            assert then[key][0] == fingerprint, f"{key} is the same alert as before the edit"


def test_fail_on_new_counts_new_findings_only(capsys, edited, tmp_path):
    page, old = edited
    assert audit(capsys, page, "--baseline", old, "--fail-on-new")[0] == 0, "the new one is only a warning"
    assert audit(capsys, page, "--baseline", old, "--fail-on-new", "--fail-on", "warning")[0] == 1
    write(page, b4="1-7", b5="4-7", edge="1.50%")
    assert audit(capsys, page, "--baseline", old, "--fail-on-new", "--fail-on", "info")[0] == 0
    assert audit(capsys, page, "--baseline", old)[0] == 1, "without it the old errors still fail"


def test_repeated_findings_match_by_count(capsys, tmp_path):
    page = write(tmp_path / "rules.html")
    base = tmp_path / "base.json"
    audit(capsys, page, "--format", "json", "-o", base)
    data = json.loads(base.read_text())
    finding = {"code": "contradiction", "rts": "3D", "severity": "error", "expected": None, "found": [8, 9],
               "message": "The page states tie_pays as 8 and also as 9 (\"x\"); the more structured ...",
               "evidence": None, "certainty": "certain", "doubt": None}
    data["reports"][0]["findings"] = [finding, finding, finding]
    base.write_text(json.dumps(data))
    code, out, _ = audit(capsys, page, "--baseline", base, "--format", "json")
    report = json.loads(out)["reports"][0]
    assert len(report["fixed"]) == 3, "three the same, none now: three fixed"


def test_a_baseline_of_an_older_version_works(capsys, edited):
    page, old = edited
    data = json.loads(old.read_text())
    data["tool"]["version"] = "0.0.1"
    data["something_new"] = {"x": 1}
    for report in data["reports"]:
        for key in ("language", "uncertain", "ruleset_reason"):
            report.pop(key, None)
        report["extra"] = True
        for f in report["findings"]:
            del f["certainty"], f["doubt"]
            f["hint"] = "a field this version does not know"
    data["reports"][0]["findings"].append({"code": "a-retired-code", "message": "gone", "severity": "error"})
    old.write_text(json.dumps(data))
    code, out, err = audit(capsys, page, "--baseline", old, "--format", "json")
    report = json.loads(out)["reports"][0]
    assert [f["message"][:8] for f in report["fixed"]] == ["Banker 5", "Player h"]
    assert sorted(f["baseline"] for f in report["findings"]).count("new") == 1
    assert "1 finding with codes this version does not know left out (a-retired-code)" in err
    validate_report(json.loads(out))


def test_sources_compare_as_paths(capsys, edited, monkeypatch):
    page, old = edited
    monkeypatch.chdir(page.parent)
    data = json.loads(old.read_text())
    data["reports"][0]["source"] = "./rules.html"
    old.write_text(json.dumps(data))
    _, out, _ = audit(capsys, "rules.html", "--baseline", old, "--format", "json")
    assert len(json.loads(out)["reports"][0]["fixed"]) == 2


@pytest.mark.parametrize(("content", "message"), [
    (None, "no such file"),
    ("{not json", "not JSON (line 1, column 2)"),
    ("\xff\xfe garbage", "not JSON"),
    ("[1, 2]", "has no 'reports' list"),
    ('{"version": "2.1.0", "runs": []}', "has no 'reports' list"),
    ('{"reports": [{"findings": []}]}', "reports[0] has no 'source'"),
    ('{"reports": [{"source": "a", "findings": {}}]}', "not a list"),
    ('{"reports": [{"source": "a", "findings": [{"code": 3}]}]}', "reports[0].findings[0] is not a finding"),
])
def test_a_bad_baseline_is_one_line_and_exit_2(capsys, tmp_path, content, message):
    page = write(tmp_path / "rules.html")
    base = tmp_path / "base.json"
    if content is not None:
        base.write_bytes(content.encode("latin-1"))
    code, out, err = audit(capsys, page, "--baseline", base)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"rules-auditor: error: baseline {base}: ") and message in err


def test_a_directory_is_not_a_baseline(capsys, tmp_path):
    code, _, err = audit(capsys, write(tmp_path / "rules.html"), "--baseline", tmp_path)
    assert code == 2 and "is a directory" in err


def test_fail_on_new_needs_a_baseline(capsys, tmp_path):
    code, _, err = audit(capsys, write(tmp_path / "rules.html"), "--fail-on-new")
    assert code == 2 and "--fail-on-new needs --baseline" in err


def test_every_fixture_against_its_own_report(capsys, tmp_path):
    """The bundled fixtures against their own earlier report, one code waived: nothing new,
    nothing fixed (a waived finding is matched, not gone), and the JSON is valid."""
    from ..fixture_cases import FIXTURES

    base = tmp_path / "base.json"
    audit(capsys, FIXTURES, "--format", "json", "-o", base)
    code, out, err = audit(capsys, FIXTURES, "--baseline", base, "--ignore", "decks-missing", "--format", "json",
                           "--fail-on-new")
    data = json.loads(out)
    validate_report(data)
    assert code == 0 and "since the baseline 0 new, 0 fixed" in err
    assert all(f["baseline"] == "unchanged" for r in data["reports"] for f in r["findings"])
    assert all(r["fixed"] == [] for r in data["reports"])
    assert data["summary"]["waived"] == data["waivers"][0]["matched"] > 0
