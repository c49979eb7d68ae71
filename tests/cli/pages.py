"""What the `audit` command-line tests share: running it in-process, one rules page whose Banker
rows, Tie payout and stated edges can be set, and a way to make the extractor unsure of a page
(as certainty.py sees a page built by scripts) so that findings need review."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.cli import main

PAGE = """<html><body>{top}<h1>Baccarat</h1>
<p>Eight decks. If either hand has a natural 8 or 9, both hands stand.</p>
<p>The Player draws on 0-5 and stands on 6-7. If the Player stands, the Banker draws on 0-5 and stands on 6-7.</p>
<table><tr><th>Banker total</th><th>Draws when the Player's third card is</th></tr>
<tr><td>0-2</td><td>any</td></tr><tr><td>3</td><td>any except 8</td></tr><tr><td>4</td><td>{b4}</td></tr>
<tr><td>5</td><td>{b5}</td></tr><tr><td>6</td><td>6-7</td></tr><tr><td>7</td><td>never</td></tr></table>
<p>Banker pays 0.95 to 1. Tie pays {tie}. On a tie, Player and Banker bets are returned.</p>
<p>House edge: Banker {edge}, Player 1.24%, Tie {tie_edge}.</p>
</body></html>"""

STUB = "<html><body><h1>Baccarat</h1><p>Bet on the Player, the Banker or a Tie.</p></body></html>"


def write(path: Path, top: str = "", b4: str = "2-7", b5: str = "4-7", tie: str = "8 to 1", edge: str = "1.06%",
          tie_edge: str = "14.36%") -> Path:
    """The page with the standard rules and figures unless told otherwise; `top` is markup put
    before everything else (it moves every line down)."""
    path.write_text(PAGE.format(top=top, b4=b4, b5=b5, tie=tie, edge=edge, tie_edge=tie_edge), encoding="utf-8")
    return path


def scripted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page looks built by scripts: what it is missing may appear only once they run, so
    each finding that says something is missing needs review."""
    import auditor.pipeline as pipeline

    original = pipeline.extract_text

    def extract(text: str):  # type: ignore[no-untyped-def]
        extraction = original(text)
        extraction.scripted = "a single empty <div id=root> and a script bundle"
        return extraction

    monkeypatch.setattr(pipeline, "extract_text", extract)


def audit(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    """`rules-auditor audit ARGV...` through main(): exit status, stdout, stderr."""
    code = main(["audit", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err
