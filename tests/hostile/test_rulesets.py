"""Hostile and broken ruleset files given with `--ruleset PATH` (tests/ruleset/test_load.py covers
the simple invalid keys): each is refused before anything is audited, with exit 2 and one line
naming the file and what is wrong, through both `odds` and `audit`; none runs code or hangs."""

from __future__ import annotations

import pytest

from auditor.cli import main

from .common import GOOD, LIMIT, cli

BOMB = """\
id: bomb
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""
HEAD = "id: bad\nextends: punto-banco\n"

#: file body (str, or bytes when it is not UTF-8) -> what the message says after "PATH: "
CASES = {
    "billion-laughs": (BOMB, "line 3: aliases (*name) are not allowed"),
    "merge-key": (HEAD + "base: &b {decks: 6}\n<<: *b\n", "line 4: aliases (*name) are not allowed"),
    "duplicate-nested-key": (HEAD + "drawing:\n  banker_draws:\n    '3': [0]\n    '3': [1]\n",
                             "line 6: duplicate key '3'"),
    "list-as-key": (HEAD + "? [a, b]\n: 1\n", "line 3: a key must be a plain value, not a list"),
    "mapping-as-key": (HEAD + "? {a: 1}\n: 1\n", "line 3: a key must be a plain value, not a dict"),
    "set-as-key": (HEAD + "? !!set {a: null}\n: 1\n", "line 3: a key must be a plain value, not a set"),
    "wrong-type-top": (HEAD + "decks: '8'\n", "decks: '8' is not of type 'integer'"),
    "wrong-type-bool-for-int": (HEAD + "decks: true\n", "decks: True is not of type 'integer'"),
    "wrong-type-id": ("id: [bad]\n", "id: ['bad'] is not of type 'string'"),
    "wrong-type-depth-2": (HEAD + "drawing: {player_draws: [0, 1.5]}\n",
                           "drawing.player_draws.1: 1.5 is not of type 'integer'"),
    "wrong-type-depth-3": (HEAD + "drawing:\n  banker_draws:\n    '3': all\n",
                           "drawing.banker_draws.3: 'all' is not of type 'array'"),
    "wrong-type-depth-4": (HEAD + "side_bets:\n  dragon_7: {kind: dragon_bonus, hand: banker, margins: {'9': [40]}}\n",
                           "side_bets.dragon_7.margins.9: [40] is not of type 'number'"),
    "wrong-type-date": (HEAD + "name: 2001-01-01\n", "name: datetime.date(2001, 1, 1) is not of type 'string'"),
    "not-a-number": (HEAD + "payouts: {tie_pays: .nan}\n", "payouts.tie_pays: nan is not a finite number"),
    "infinite-payout": (HEAD + "payouts: {tie_pays: .inf}\n", "payouts.tie_pays: inf is not a finite number"),
    "extends-a-path": ("id: bad\nextends: ../../etc/passwd\n",
                       "extends: '../../etc/passwd' does not match '^[a-z0-9][a-z0-9-]*$'"),
    "nested-too-deeply": (HEAD + "side_bets: " + "[" * 50_000 + "]" * 50_000 + "\n", "nested too deeply"),
    "mappings-nested-too-deeply": (HEAD + "side_bets: " + "{a: " * 5_000 + "1" + "}" * 5_000 + "\n",
                                   "nested too deeply"),
    "not-utf-8": (b"id: bad\nname: Baccarat \xe0 la fran\xe7aise\n",
                  "cannot read: 'utf-8' codec can't decode byte 0xe0 in position 23: invalid continuation byte"),
    "empty": ("", "a ruleset must be a mapping of keys to values"),
    "only-a-comment": ("# nothing here\n", "a ruleset must be a mapping of keys to values"),
    "top-level-list": ("- id: bad\n- extends: punto-banco\n", "a ruleset must be a mapping of keys to values"),
    "top-level-scalar": ("punto-banco\n", "a ruleset must be a mapping of keys to values"),
    "two-documents": ("id: a\n---\nid: b\n", "line 2: expected a single document in the stream, but found another document"),
    "tab-indented": ("id: bad\ndrawing:\n\tnaturals: [8, 9]\n", "line 3: while scanning for the next token, found character '\\t' that cannot start any token"),
    "control-character": ("id: bad\nname: \x1b[31mred\n", "unacceptable character #x001b: special characters are not allowed"),
}


def write(tmp_path, name: str, body: str | bytes):
    path = tmp_path / f"{name}.yaml"
    if isinstance(body, bytes):
        path.write_bytes(body)
    else:
        path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", CASES)
def test_a_bad_ruleset_is_refused_with_one_line_naming_the_file(tmp_path, capsys, name):
    body, problem = CASES[name]
    path = write(tmp_path, name, body)
    for argv in (["odds", "--ruleset", str(path)],
                 ["audit", str(GOOD), "--ruleset", str(path), "--format", "json", "-o", str(tmp_path / "out.json")]):
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert out == ""
        assert err.startswith(f"rules-auditor: error: {path}: ") and err.count("\n") == 1, err
        assert problem in err, err
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize(("name", "chain"), [
    ("self", {"self": "self"}),
    ("one", {"one": "two", "two": "three", "three": "one"}),
])
def test_extends_cycles_are_refused(tmp_path, capsys, name, chain):
    for rid, parent in chain.items():
        write(tmp_path, rid, f"id: {rid}\nextends: {parent}\n")
    path = tmp_path / f"{name}.yaml"
    cycle = {"self": "self -> self", "one": "one -> two -> three -> one"}[name]
    for argv in (["odds", "--ruleset", str(path)], ["audit", str(GOOD), "--ruleset", str(path)]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == f"rules-auditor: error: {path}: extends: a cycle ({cycle})\n"


@pytest.mark.parametrize("tag", [
    "!!python/object/apply:os.system ['touch {marker}']",
    "!!python/object/new:os.system ['touch {marker}']",
    "!!python/object/apply:subprocess.check_call [['touch', '{marker}']]",
    "!!python/name:os.system",
    "!!python/module:os",
    "!<tag:yaml.org,2002:python/object/apply:os.system> ['touch {marker}']",
])
def test_python_tags_are_refused_and_run_nothing(tmp_path, capsys, tag):
    marker = tmp_path / "ran"
    path = write(tmp_path, "tagged", HEAD + "payouts: " + tag.format(marker=marker) + "\n")
    for argv in (["odds", "--ruleset", str(path)], ["audit", str(GOOD), "--ruleset", str(path)]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert err.startswith(f"rules-auditor: error: {path}: line 3: could not determine a constructor "
                              "for the tag 'tag:yaml.org,2002:python/")
        assert not marker.exists()


def test_the_alias_bomb_is_refused_at_once(tmp_path):
    path = write(tmp_path, "bomb", BOMB)
    run = cli("odds", "--ruleset", path, timeout=LIMIT)
    assert run.code == 2 and run.seconds < LIMIT
    assert run.stderr == f"rules-auditor: error: {path}: line 3: aliases (*name) are not allowed\n"
