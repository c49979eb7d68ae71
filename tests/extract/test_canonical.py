"""The canonical vocabulary (`auditor/extract/canonical.yaml`) and the readers that use it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from auditor.extract import canonical
from auditor.extract.canonical import CanonicalError, load

EXTRACT = Path(canonical.__file__).resolve().parent


def test_references_expand():
    fragments, maps = load(
        "fragments:\n"
        "  hand: 'player|banker'\n"
        "  hand_word: '\\b(?:{hand})\\b'\n"
        "  pieces: ['a{hand}', '\\d{2,3}']\n"
        "maps:\n"
        "  words: {no: '0', on: '1'}\n"
    )
    assert fragments["hand_word"] == r"\b(?:player|banker)\b"
    assert fragments["pieces"] == r"aplayer|banker\d{2,3}"  # a quantifier is not a reference
    assert maps["words"] == {"no": "0", "on": "1"}  # BaseLoader: "no" and "on" stay strings


def test_a_map_reference_stands_for_its_words():
    fragments, _ = load("maps:\n  decks: {one: '1', two: '2'}\nfragments:\n  count: '\\b(?:{decks})\\b'\n")
    assert fragments["count"] == r"\b(?:one|two)\b"


def test_unknown_reference_is_named():
    with pytest.raises(CanonicalError, match=r"'hand_word'.*unknown reference \{hands\}"):
        load("fragments:\n  hand_word: '\\b{hands}\\b'\n")


def test_circular_reference_is_named():
    with pytest.raises(CanonicalError, match=r"circular reference"):
        load("fragments:\n  a: 'x{b}'\n  b: 'y{a}'\n")


def test_bad_pattern_is_named():
    with pytest.raises(ValueError, match=r"'broken'.*bad pattern"):
        load("fragments:\n  broken: '(?:draw'\n")


def test_every_shipped_pattern_compiles():
    """A process reads canonical.yaml unchecked (compiling only what its readers use): every
    fragment is checked here."""
    fragments, _ = load(canonical.CANONICAL.read_text(encoding="utf-8"))
    assert fragments == canonical._vocabulary()[0]


def test_unknown_entry():
    with pytest.raises(CanonicalError, match="no canonical entry 'no_such_entry'"):
        canonical.fragment("no_such_entry")


def test_the_file_loads_and_shares_its_vocabulary():
    assert canonical.pattern("hand_word").search("the banker draws")
    assert canonical.fragment("always_words") in canonical.fragment("always")
    assert canonical.fragment("always_words") in canonical.fragment("any_words")
    assert canonical.mapping("number_words")["eight"] == "8"
    assert canonical.pattern("hand_word") is canonical.pattern("hand_word")  # compiled once


# --- no rule vocabulary spelled in the readers' code -----------------------------------

#: The readers whose vocabulary is in canonical.yaml.
READERS = ("numbers.py", "clauses.py", "vocabulary.py", "drawing.py", "payouts.py", "figures.py", "examples.py", "doubts.py", "abbreviations.py", "layout.py",
           "document.py")

VOCABULARY = frozenset("""
player players punto banker bankers banco bank dealer hand hands draw draws drawing drew drawn
stand stands standing stood stay stays hit hits third card cards except unless always never
none nothing any all commission tie ties push pushes edge house return deck decks pair pairs
payout payouts pays pay paid natural total totals points score even money odds bet bets wager
side dragon bonus less more than least most between through zero one two three four five six
seven eight nine ten ace aces rule rules otherwise receive receives take takes
""".split())

#: String constants that are model identifiers, not words a page is read for: the branch and
#: actor names of a reading, the kinds of odds figure, field names without an underscore, and
#: the bet names (the `bet_<name>` entries of canonical.yaml).
IDENTIFIERS = frozenset({"player", "banker", "stood", "unconditional", "keyed_total",
                         "edge", "rtp", "probability", "decks", "push-",
                         # the topics of coverage (doubts)
                         "drawing", "natural", "commission", "tie", "odds"}) \
    | {name for name, _ in canonical.named("bet_")}


_FIELD = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+\.?")
"""A field name of the extracted rules ("banker_draws_player_stood", "banker_draws."): an
identifier of the model, not a word of a page."""


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for i, stmt in enumerate(body):
                # a module/class/function docstring, or an attribute docstring after an assignment
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                        and isinstance(stmt.value.value, str) and (i == 0 or isinstance(body[i - 1], (ast.Assign, ast.AnnAssign))):
                    ids.add(id(stmt.value))
    return ids


def _names(tree: ast.AST) -> set[int]:
    """Constants that name a canonical entry (`canonical.pattern("stand_verb")`) or a key of
    one of its tables (`_REWRITES["at_most"]`): names in the vocabulary file, not vocabulary."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "canonical":
            ids.update(id(a) for a in node.args)
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            ids.add(id(node.slice))
    return ids


_PROSE = re.compile(r"[^\\\[\]|?*+{}^$]*\b[A-Z][a-z]+\b[^\\\[\]|?*+{}^$]*")
"""A message of the report ("The sentence gives more edge figures than it names bets, ...",
"the Banker (Player stood)"): a capitalised word and no regex syntax. English for the reader
of the report, not a word the extraction matches (it reads lower-cased, canonical text)."""


def _messages(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = [v for v in ast.walk(node) if isinstance(v, ast.Constant) and isinstance(v.value, str)]
            if any(_PROSE.fullmatch(v.value) for v in parts):
                ids.update(id(v) for v in parts)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _PROSE.fullmatch(node.value):
            ids.add(id(node))
    return ids


#: (module, word): words that are not the rule vocabulary of a page. document.py's furniture
#: test matches HTML class and id names ("promo-bonus", "site-nav"); its parse problem is a
#: message of the report.
NOT_VOCABULARY = frozenset({("document.py", "bonus"), ("document.py", "more"), ("document.py", "than")})


def inline_words(source: str) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    skip = _docstrings(tree) | _names(tree) | _messages(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in IDENTIFIERS or _FIELD.fullmatch(node.value):
                continue
            text = re.sub(r"\\[A-Za-z]", " ", node.value)  # regex escapes: \b, \s, \d
            for word in re.findall(r"[A-Za-z]{3,}", text):
                if word.lower() in VOCABULARY:
                    found.append((node.lineno, word))
    return found


@pytest.mark.parametrize("module", READERS)
def test_no_vocabulary_in_reader(module):
    found = inline_words((EXTRACT / module).read_text(encoding="utf-8"))
    assert [(line, word) for line, word in found if (module, word.lower()) not in NOT_VOCABULARY] == []


def test_the_scan_finds_inline_words():
    assert inline_words('"""The banker draws."""\nX = r"\\bbanker\\b"\n') == [(2, "banker")]


def test_the_bets_are_the_bet_entries():
    """`bet_` is kept for the bets: another entry named so would become a bet."""
    from auditor.extract.vocabulary import MAIN_BETS, SIDE_BETS

    assert set(MAIN_BETS) | SIDE_BETS == {
        "perfect_pair", "either_pair", "player_pair", "banker_pair", "dragon_bonus", "dragon_7",
        "panda_8", "super_6", "lucky_6", "big", "small", "banker", "player", "tie"}


def test_every_bet_name_passes_the_initials():
    """The lookahead on the bets' first characters lets every bet name through: each `bet_`
    entry finds the same matches behind it as alone, on texts made of the entry's words."""
    import random

    initials = canonical.fragment("initials_of_bets")
    rng = random.Random(3)
    for name, source in canonical.named("bet_"):
        alone, guarded = re.compile(source), re.compile(f"{initials}(?:{source})")
        words = re.findall(r"(?<!\\)[^\W\d_]+", source)  # (not the "b" of "\b")
        pieces = [*words, "p", "b", ".", " ", "  ", "\n", "6", "six", "7", "8", "'s", "x"]
        for _ in range(300):
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
            assert [m.span() for m in guarded.finditer(text)] == [m.span() for m in alone.finditer(text)], (name, text)
