"""`rules-auditor explain`: a code's meaning, RTS requirement with its text, severity, why and fix,
from the codes' data; unknown codes name close matches (exit 2); no code lists them all."""

from __future__ import annotations

import subprocess
import sys

import pytest

from auditor.cli import main
from auditor.codes import CODES, RTS


def run(capsys, *argv):
    code = main(["explain", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def squash(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", list(CODES))
def test_every_code_is_explained_from_its_data(capsys, name):
    info = CODES[name]
    assert info.why and info.fix and info.why != info.fix
    code, out, err = run(capsys, name)
    assert code == 0 and err == ""
    text = squash(out)
    assert out.startswith(f"{name}: {info.title}\n")
    assert f"severity: {info.severity}" in text
    for part in (info.description, info.why, info.fix, RTS[info.rts]):
        assert squash(part) in text


def test_the_requirement_is_quoted_in_full(capsys):
    _, out, _ = run(capsys, "tie-payout-missing")
    assert "RTS 3D" in out and "potential prizes and payouts" in squash(out)
    assert "RTS 3A\n" not in out and "RTS 3C\n" not in out


def test_a_contradiction_bears_on_the_rule_it_concerns(capsys):
    _, out, _ = run(capsys, "contradiction")
    assert "RTS: 3A/3C/3D" in out
    assert all(f"RTS {r}\n" in out for r in ("3A", "3C", "3D"))


def test_unknown_code_names_close_matches(capsys):
    code, out, err = run(capsys, "deck-missing")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "unknown finding code 'deck-missing'" in err and "decks-missing" in err


def test_unknown_code_with_nothing_close(capsys):
    code, _, err = run(capsys, "zzzz")
    assert code == 2 and "rules-auditor explain" in err


def test_case_and_spaces_do_not_matter(capsys):
    assert run(capsys, " Decks-Missing ")[0] == 0


def test_no_code_lists_every_code_once(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    rows = [line.split()[0] for line in out.splitlines() if line.split() and line.split()[0] in CODES]
    assert rows == list(CODES)
    assert "3A/3C/3D" in out


def test_through_the_console_entry():
    done = subprocess.run([sys.executable, "-m", "auditor", "explain", "edge-divergent"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and "How to fix the page" in done.stdout
