"""Rulesets load, inherit, and are rejected with messages naming file, key and expectation."""

from __future__ import annotations

import textwrap

import pytest

from auditor import RulesetError, load_ruleset
from auditor.ruleset import bundled_ids, check_ruleset


def test_bundled_ids():
    assert bundled_ids() == ["ez-baccarat", "punto-banco", "punto-banco-tie-9", "super-6"]


@pytest.mark.parametrize("ruleset_id", ["ez-baccarat", "punto-banco", "punto-banco-tie-9", "super-6"])
def test_every_declared_edge_is_confirmed(ruleset_id):
    checks = check_ruleset(load_ruleset(ruleset_id))
    assert checks and {c.decks for c in checks} == {1, 6, 8}
    assert [c.describe() for c in checks if not c.ok] == []


def test_variants_inherit_and_override(standard):
    ez = load_ruleset("ez-baccarat")
    assert ez.extends == "punto-banco"
    assert ez.drawing == standard.drawing
    assert ez.payouts.banker_commission == 0 and ez.payouts.banker_three_card_7_push
    assert {"dragon_7", "panda_8", "player_pair"} <= set(ez.side_bets)
    assert all(e.source for e in ez.expected_edges)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


BASE = "id: {id}\nextends: punto-banco\n"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("colour: red\n", r"\(top level\): unknown key \('colour' was unexpected\)"),
        ("drawing:\n  banker_draws:\n    '8': [1]\n", r"drawing\.banker_draws: '8' is not an allowed key"),
        ("drawing:\n  player_draws: [0, 10]\n", r"drawing\.player_draws\.1: 10 is out of range"),
        ("drawing:\n  banker_draws:\n    '3': [0, 11]\n", r"drawing\.banker_draws\.3\.1: 11 is out of range"),
        ("payouts:\n  tie_pays: -8\n", r"payouts\.tie_pays: -8 is out of range"),
        ("payouts:\n  tie_pays: eight\n", r"payouts\.tie_pays: 'eight' is not of type 'number'"),
        ("side_bets:\n  x: {kind: pair, hand: player, pays: -1}\n", r"side_bets\.x"),
        ("payouts:\n  tie_pays: 8\n  tie_pays: 9\n", r"duplicate key 'tie_pays'"),
        ("a: &x [1]\nb: *x\n", r"aliases"),
        ("payouts: !!python/object/apply:os.system ['true']\n", r"python/object"),
    ],
)
def test_invalid_rulesets_are_rejected_with_the_file_and_key(tmp_path, body, expected):
    path = write(tmp_path, "bad.yaml", BASE.format(id="bad") + body)
    with pytest.raises(RulesetError, match=expected) as err:
        load_ruleset(str(path))
    assert str(path) in str(err.value) or "bad.yaml" in str(err.value)


def test_extends_cycle(tmp_path):
    write(tmp_path, "a.yaml", "id: a\nextends: b\n")
    path = write(tmp_path, "b.yaml", "id: b\nextends: a\n")
    with pytest.raises(RulesetError, match=r"extends: a cycle \(b -> a -> b\)"):
        load_ruleset(str(path))


def test_extends_unknown(tmp_path):
    path = write(tmp_path, "c.yaml", "id: c\nextends: nowhere\n")
    with pytest.raises(RulesetError, match="extends: unknown ruleset 'nowhere'"):
        load_ruleset(str(path))


def test_unknown_id():
    with pytest.raises(RulesetError, match="unknown ruleset 'nope'"):
        load_ruleset("nope")


def test_a_ruleset_file_of_its_own(tmp_path, standard):
    path = write(tmp_path, "house.yaml", """\
        id: house
        extends: punto-banco
        drawing:
          banker_draws:
            "3": [0, 1, 2, 3, 4, 5, 6, 7]
        payouts:
          banker_commission: 0.04
        side_bets:
          perfect_pair: null
    """)
    house = load_ruleset(str(path))
    assert house.drawing.differing_banker_rows(standard.drawing) == [3]
    assert "perfect_pair" not in house.side_bets and "player_pair" in house.side_bets
    assert house.expected_edges == ()
