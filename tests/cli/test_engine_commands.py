"""`odds` and `rulesets` on the command line: output, JSON shape and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from auditor.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json_eight_decks(capsys):
    code, out, _ = run(capsys, "odds", "--decks", "8", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["ruleset"] == "punto-banco"
    assert data["shoe"] == {"decks": 8, "cards": 416}
    assert data["total"] == 4_998_398_275_503_360
    assert data["outcomes"]["banker"]["count"] == 2_292_252_566_437_888
    assert data["outcomes"]["player"]["count"] == 2_230_518_282_592_256
    assert data["outcomes"]["tie"]["count"] == 475_627_426_473_216
    assert round(data["bets"]["banker"]["house_edge"], 6) == 0.010579
    assert {"player_pair", "dragon_bonus_banker", "big"} <= set(data["bets"])


def test_odds_ez_offers_dragon_7(capsys):
    code, out, _ = run(capsys, "odds", "--ruleset", "ez-baccarat", "--format", "json")
    assert code == 0 and round(json.loads(out)["bets"]["dragon_7"]["house_edge"], 6) == 0.076113


def test_odds_text(capsys):
    code, out, _ = run(capsys, "odds", "--decks", "6")
    assert code == 0
    assert "878,869,206,895,680" in out and "1.0558%" in out


def test_odds_shoe_by_value(capsys):
    shoe = ",".join(f"{v}={128 if v == 0 else 32}" for v in range(10))
    code, out, _ = run(capsys, "odds", "--shoe", shoe, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["total"] == 4_998_398_275_503_360
    assert "player_pair" in data["unavailable"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "--shoe", "0=5"], "too small to finish a deal"),
        (["odds", "--shoe", "1=-4,2=40"], "negative"),
        (["odds", "--shoe", "1=x"], "not a whole number"),
        (["odds", "--decks", "0"], "at least 1"),
        (["odds", "--ruleset", "nope"], "unknown ruleset 'nope'"),
    ],
)
def test_odds_errors_are_one_line_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_rulesets_check(capsys):
    code, out, _ = run(capsys, "rulesets", "--check")
    assert code == 0 and "55 of 55 declared edges confirmed" in out


def test_rulesets_check_json(capsys):
    code, out, _ = run(capsys, "rulesets", "--check", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["ok"] is True
    assert [r["id"] for r in data["rulesets"]] == ["ez-baccarat", "punto-banco", "punto-banco-tie-9", "super-6"]


def test_rulesets_check_fails_on_a_wrong_declared_edge(tmp_path, monkeypatch, capsys):
    from auditor.ruleset import load as load_module

    folder = tmp_path / "rulesets"
    folder.mkdir()
    (folder / "wrong.yaml").write_text(
        "id: wrong\nname: Wrong\ndecks: 8\nextends: punto-banco\n"
        "expected_edges:\n  - {decks: 8, source: test, edges: {banker: '1.06%', player: '1.06%'}}\n"
    )
    (folder / "punto-banco.yaml").write_text((load_module.bundled_dir() / "punto-banco.yaml").read_text())
    monkeypatch.setattr(load_module, "bundled_dir", lambda: folder)
    load_module._load_resolved.cache_clear()
    try:
        code, out, _ = run(capsys, "rulesets", "--check")
    finally:
        load_module._load_resolved.cache_clear()
    assert code == 1
    assert "wrong 8 decks player: declared 1.06%, computed 1.2351%: MISMATCH" in out


def test_python_dash_m_is_the_same_program():
    proc = subprocess.run([sys.executable, "-m", "auditor", "odds", "--decks", "1", "--format", "json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout)["total"] == 14_658_134_400


def test_one_deck_is_singular(capsys):
    code, out, _ = run(capsys, "odds", "--decks", "1")
    assert code == 0 and "1 deck, 52 cards" in out
