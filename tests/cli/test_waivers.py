"""Waivers end to end: `--ignore CODE[:SOURCE-GLOB]` and the config file (rules-auditor.toml, or
[tool.rules-auditor] in pyproject.toml): waived findings leave `findings` and the exit status, are
shown apart with their reason, a waiver that matched nothing is reported, and a bad waiver or
config file is one line and exit 2."""

from __future__ import annotations

import json

import pytest

from auditor.schema import validate_report

from .pages import audit, write


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A directory to run in, with two pages whose only finding is the Tie worded "9 for 1" (a
    warning): one under lobby/, one under promo/."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lobby").mkdir()
    (tmp_path / "promo").mkdir()
    write(tmp_path / "lobby" / "rules.html", tie="9 for 1")
    write(tmp_path / "promo" / "rules.html", tie="9 for 1")
    return tmp_path


def as_json(capsys, *argv):
    code, out, err = audit(capsys, *argv, "--format", "json", "--fail-on", "warning")
    data = json.loads(out)
    validate_report(data)
    return code, data, err


def test_ignore_on_the_command_line(capsys, site):
    code, data, err = as_json(capsys, "lobby", "promo", "--ignore", "tie-payout-for-wording:lobby/*")
    lobby, promo = data["reports"]
    assert lobby["findings"] == [] and [w["finding"]["code"] for w in lobby["waived"]] == ["tie-payout-for-wording"]
    assert lobby["waived"][0]["waiver"] == {"code": "tie-payout-for-wording", "sources": ["lobby/*"], "reason": None,
                                            "origin": "--ignore"}
    assert [f["code"] for f in promo["findings"]] == ["tie-payout-for-wording"] and promo["waived"] == []
    assert code == 1, "promo still fails"
    assert data["summary"]["waived"] == 1 and data["summary"]["warnings"] == 1
    assert data["waivers"][0]["matched"] == 1
    assert "; 1 waived" in err and "matched no finding" not in err


def test_a_waived_finding_does_not_fail_the_run(capsys, site):
    assert audit(capsys, "lobby", "--fail-on", "warning")[0] == 1
    assert audit(capsys, "lobby", "--fail-on", "warning", "--ignore", "tie-payout-for-wording")[0] == 0


def test_the_config_file_with_reasons(capsys, site):
    (site / "rules-auditor.toml").write_text(
        '[[ignore]]\ncode = "tie-payout-for-wording"\nsources = ["promo/*", "nowhere/*"]\n'
        'reason = "the Tie wording is the regulator\'s own"\n'
        '[[ignore]]\ncode = "decks-missing"\nreason = "decks stated in the lobby"\n', encoding="utf-8")
    code, data, err = as_json(capsys, "lobby", "promo")
    lobby, promo = data["reports"]
    assert promo["findings"] == [] and promo["waived"][0]["waiver"]["reason"] == "the Tie wording is the regulator's own"
    assert promo["waived"][0]["waiver"]["origin"] == "rules-auditor.toml: ignore[1]"
    assert [f["code"] for f in lobby["findings"]] == ["tie-payout-for-wording"]
    assert [(w["code"], w["matched"]) for w in data["waivers"]] == [("tie-payout-for-wording", 1), ("decks-missing", 0)]
    assert "rules-auditor: waiver decks-missing (rules-auditor.toml: ignore[2]) matched no finding\n" in err


def test_pyproject_table(capsys, site):
    (site / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[[tool.rules-auditor.ignore]]\ncode = "tie-payout-for-wording"\n'
        'reason = "accepted"\n', encoding="utf-8")
    code, data, _ = as_json(capsys, "lobby")
    assert code == 0 and data["reports"][0]["waived"][0]["waiver"]["origin"] == "pyproject.toml [tool.rules-auditor]: ignore[1]"


def test_rules_auditor_toml_wins_over_pyproject(capsys, site):
    (site / "pyproject.toml").write_text('[[tool.rules-auditor.ignore]]\ncode = "tie-payout-for-wording"\n'
                                         'reason = "accepted"\n', encoding="utf-8")
    (site / "rules-auditor.toml").write_text("", encoding="utf-8")
    code, data, _ = as_json(capsys, "lobby")
    assert code == 1 and "waivers" not in data and "waived" not in data["reports"][0]


def test_a_pyproject_without_the_table_is_no_config(capsys, site):
    (site / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    code, data, _ = as_json(capsys, "lobby")
    assert code == 1 and "waivers" not in data


def test_waived_findings_are_shown_apart_in_text(capsys, site):
    (site / "rules-auditor.toml").write_text('[[ignore]]\ncode = "tie-payout-for-wording"\nreason = "accepted"\n',
                                             encoding="utf-8")
    _, out, _ = audit(capsys, "lobby")
    assert "  no findings\n  waived (1):\n    WARNING tie-payout-for-wording" in out
    assert "waived: accepted (rules-auditor.toml: ignore[1])" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--ignore", "tie-payout-for-wordin"], "unknown finding code 'tie-payout-for-wordin': did you mean "
                                            "tie-payout-for-wording"),
    (["--ignore", "decks-missing:"], "nothing after ':'"),
    (["--ignore", "source-unreadable"], "source-unreadable cannot be waived"),
])
def test_a_bad_ignore_is_exit_2(capsys, site, argv, message):
    code, out, err = audit(capsys, "lobby", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


@pytest.mark.parametrize(("text", "message"), [
    ("[[ignore]\n", "rules-auditor.toml: not valid TOML"),
    ("colour = 1\n", "rules-auditor.toml: unknown setting 'colour' (known: ignore)"),
    ("ignore = 3\n", "'ignore' must be an array of tables"),
    ('[[ignore]]\nreason = "x"\n', "rules-auditor.toml: ignore[1]: 'code' is required"),
    ('[[ignore]]\ncode = "deck-missing"\nreason = "x"\n', "ignore[1]: unknown finding code 'deck-missing': did you "
                                                          "mean decks-missing"),
    ('[[ignore]]\ncode = "decks-missing"\n', "ignore[1]: 'reason' is required"),
    ('[[ignore]]\ncode = "source-unreadable"\nreason = "x"\n', "ignore[1]: source-unreadable cannot be waived"),
    ('[[ignore]]\ncode = "decks-missing"\nreason = " "\n', "'reason' is required"),
    ('[[ignore]]\ncode = "decks-missing"\nreason = "x"\nsources = 3\n', "'sources' must be a glob or a list"),
    ('[[ignore]]\ncode = "decks-missing"\nreason = "x"\nsources = [""]\n', "'sources' must be a glob or a list"),
    ('[[ignore]]\ncode = "decks-missing"\nreason = "x"\nsource = "a"\n', "unknown key 'source' (known: code, "
                                                                         "sources, reason)"),
])
def test_a_bad_config_file_is_exit_2(capsys, site, text, message):
    (site / "rules-auditor.toml").write_text(text, encoding="utf-8")
    code, out, err = audit(capsys, "lobby")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("rules-auditor: error: ") and message in err


def test_a_config_file_that_is_not_utf8(capsys, site):
    (site / "rules-auditor.toml").write_bytes(b"\xff\xfe[[ignore]]")
    code, _, err = audit(capsys, "lobby")
    assert code == 2 and "rules-auditor.toml: not valid TOML" in err


def test_waived_findings_are_not_fixed_against_a_baseline(capsys, site):
    audit(capsys, "lobby", "--format", "json", "-o", "old.json")
    code, data, _ = as_json(capsys, "lobby", "--baseline", "old.json", "--ignore", "tie-payout-for-wording")
    report = data["reports"][0]
    assert report["fixed"] == [] and report["waived"][0]["finding"]["baseline"] == "unchanged"
    assert code == 0
