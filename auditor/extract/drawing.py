"""The drawing rules a page states: grids, row tables, labelled lists and prose, merged.

Every statement becomes facts about single cells (Banker total x Player third card, or a
Player / Player-stood total). Explicit facts outrank implied ones, and a more structured
source (a table) outranks a less structured one (prose); two explicit facts that disagree
are a conflict, kept for the comparator to report.
"""

from __future__ import annotations

import operator
import re
from functools import lru_cache
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from .. import lazy_re
from . import canonical, literals
from .abbreviations import without_legend
from .clauses import _PLAYER_TOTAL, _STOOD, HAND, THE_REST, TOTALS, _canonical, ITEM_KEY, Reading, actions, keyed_items, read_sentence
from .document import Block, Cell, Document, Evidence, Table, asks, lead_term, row_text, said, sentences, text_content
from .model import Conflict, Stated, compares
from .numbers import ALL, normalize, values_in
from .vocabulary import SIDE_BETS, bets_in, without_game_name

_NATURAL_HINT = canonical.pattern("natural_hint", re.IGNORECASE)
_EXCEPTING = canonical.pattern("excepting")
_ELLIPTICAL = canonical.pattern("elliptical_exception")
_DRAWING_TOPIC = canonical.pattern("drawing_topic")
_LABEL_LEAD = lazy_re.compile(r"([^:.!?]{1,40}?)\s*:\s+")  # "Banker has 3: ..."
_UNLESS = canonical.mapping("connectives")["unless"]
_LISTED_TOTALS = canonical.pattern("listed_totals")
_PLAYER_DREW = canonical.pattern("player_drew")
_LABEL_HEAD = canonical.pattern("label_head")
_ACTION_HEAD = canonical.pattern("action_head")
_CLAUSE = canonical.pattern("clause_break")  # "...; with 5 if ...", "..., with 5 if ..."
_RULE_WORDS = canonical.pattern("rule_words", re.IGNORECASE)
_NATURAL = canonical.pattern("natural")
_BOTH_HANDS = canonical.pattern("both_hands")
_DRAW_MARK = canonical.pattern("draw_mark")
_STAND_MARK = canonical.pattern("stand_mark")
_CLASS_DRAW = canonical.pattern("class_draw", re.IGNORECASE)
_CLASS_STAND = canonical.pattern("class_stand", re.IGNORECASE)
_BACKGROUND = lazy_re.compile(r"background(?:-color)?\s*:\s*(#[0-9a-fA-F]{3,6}|rgba?\([^)]*\)|[a-zA-Z]+)")
_NAMED = {"green": "green", "lime": "green", "darkgreen": "green", "seagreen": "green", "limegreen": "green",
          "red": "red", "darkred": "red", "crimson": "red", "firebrick": "red", "tomato": "red",
          "salmon": "red", "pink": "red", "lightgreen": "green", "palegreen": "green", "grey": "grey",
          "gray": "grey", "silver": "grey", "orange": "amber", "yellow": "amber", "gold": "amber",
          "blue": "blue", "navy": "blue", "lightblue": "blue"}
_HUES = {"red": (0, 20), "amber": (20, 70), "green": (70, 170), "blue": (170, 260), "purple": (260, 330)}
_USUAL_COLOURS = {"green": True, "red": False}
"""What a chart's colours mean when the page gives no legend."""
_COLOUR_WORDS = {"gray": "grey", "yellow": "amber", "orange": "amber"}
_COLOUR_LEGEND = canonical.pattern("colour_legend")
_CHART_CONTEXT = canonical.pattern("chart_context", re.IGNORECASE)
_CHART_IMAGE = canonical.pattern("chart_image", re.IGNORECASE)


_Fact = tuple[bool, Evidence, int, bool]
"""(draws, evidence, rank, explicit): a lighter Stated, for the many cell-level facts."""


_BANKER_CELLS = {total: tuple((card, ("banker", (total, card))) for card in ALL) for total in TOTALS}
"""Each Banker row's cells, as (third card, key of the cell's facts), made once."""
_CELL_NAMES = {(total, card): f"{total}/{card}" for total in TOTALS for card in ALL}
"""A Banker cell's name in conflicts ("3/8"), made once."""
_CELL_SOURCES = {key: f"banker_draws.{name}" for key, name in _CELL_NAMES.items()}
"""A Banker cell's name in `sources` ("banker_draws.3/8"), made once."""


@dataclass
class Facts:
    """Statements about single cells, collected from every reader."""

    cells: dict[tuple[str, Any], list[_Fact]] = field(default_factory=lambda: defaultdict(list))
    keyed_to_total: list[Evidence] = field(default_factory=list)
    stood_as_player: list[Evidence] = field(default_factory=list)
    naturals: list[Evidence] = field(default_factory=list)
    natural_hands: dict[str, Evidence] = field(default_factory=dict)
    """Hand -> where a natural is said to stop that hand alone."""
    by_third_card: bool = False
    """Some Banker row was stated by the Player's third card (not only "always draws")."""
    read: set[str] = field(default_factory=set)
    """The sentences and rows (as the reader read them) some statement came from."""
    unread_columns: list[Evidence] = field(default_factory=list)
    """Columns of draw and stand marks in a chart that no header said whose they are."""

    def add(self, reading: Reading, evidence: Evidence, rank: int) -> None:
        if reading.branch == "banker":
            self.by_third_card = True
        if reading.branch == "keyed_total":
            self.keyed_to_total.append(evidence)
            return
        if reading.totals is None:
            if reading.branch == "stood":
                self.stood_as_player.append(evidence)
            return
        # one fact stated, one implied (for up to 80 cells a reading: made once)
        stated: _Fact = (reading.draws, evidence, rank, True)
        implied: _Fact = (not reading.draws, evidence, rank, False)
        cells, exhaustive = self.cells, reading.exhaustive
        if reading.branch in ("player", "stood"):
            for total in TOTALS:
                if total in reading.totals:
                    cells[(reading.branch, total)].append(stated)
                elif exhaustive:
                    cells[(reading.branch, total)].append(implied)
            return
        cards = reading.cards if reading.cards is not None else ALL
        for total in reading.totals & TOTALS:
            if not exhaustive:  # the cells stated, and no others (a grid's cell: one of them)
                for card in cards & ALL:
                    cells[("banker", (total, card))].append(stated)
                continue
            for card, key in _BANKER_CELLS[total]:
                cells[key].append(stated if card in cards else implied)


@dataclass
class DrawingResult:
    values: dict[str, Any]
    evidence: dict[str, Evidence | None]
    conflicts: list[Conflict]
    images: list[Evidence]
    tables: dict[int, frozenset[int] | None]
    """The tables read as drawing rules: the rows they were read from (with the header rows),
    or None for the whole table."""
    used: set[str] = field(default_factory=set)
    """The text of every sentence or row some drawing statement was read from."""
    sources: dict[str, int] = field(default_factory=dict)
    """Cell (`player_draws_on/5`, `banker_draws.3/8`) -> how many independent parts of the page
    (tables, paragraphs, list items: distinct places) state its kept value."""
    unread: list[Evidence] = field(default_factory=list)
    """Columns of marks in a chart read without them (a Player-stood column headed in words
    no lexicon knows)."""


_PRONOUN = canonical.pattern("pronoun_subject")
_EXAMPLE = canonical.pattern("example_cue", re.IGNORECASE)
_HEDGED = canonical.pattern("hedged_rule", re.IGNORECASE)
_DEAL = canonical.pattern("deal_notation")
_EXAMPLE_TITLE = canonical.pattern("example_title", re.IGNORECASE)
_REFERENCE = canonical.pattern("see_reference", re.IGNORECASE)
_REPORTED = canonical.pattern("reported_rule")


def read_drawing(doc: Document) -> DrawingResult:
    facts = Facts()
    tables: dict[int, frozenset[int] | None] = {}
    legends = _Legends()
    for index, table in enumerate(doc.tables):
        if _read_grid(table, facts, legends):
            tables[index] = None
            continue
        read, rows = _read_row_table(table, facts)
        if not read and _totals_across(table.rows):
            read, rows = _read_row_table(replace(table, rows=_transpose(table.rows)), facts)
            if read and len(read) * 2 >= rows:
                tables[index] = None
        elif read and len(read) * 2 >= rows:
            # a rules table; a card of terms and what they say, less any row it was not read
            # from ("Decks | 8 decks"); a glossary with a drawing row or two is read on
            tables[index] = frozenset(read) if all(len(row) <= 2 for row in table.rows) else None
    titled = ""  # the block before: a title such as "Example 4" heads a deal, not a rule
    for block in doc.blocks:
        title, titled = titled, block.text
        if block.rank == 2 or not (literals.search(_RULE_WORDS, block.text)
                                   or (block.labels and block.labels[-1].rstrip().endswith(":")
                                       and literals.search(_RULE_WORDS, block.labels[-1]))):
            continue  # a table's row, read with its table; or no rule word in it nor in what introduces it
        if any(_EXAMPLE_TITLE.match(t) for t in (*block.labels[-1:], *block.context[-1:], title, *lead_term(block.text))):
            continue  # a card, a section or a run-in title "Example 4", "Example:": a deal, not a rule
        whole = [without_legend(item) for s in sentences(block.text) for item in keyed_items(s)]
        lead = whole[0] if len(whole) > 1 and len(whole[0].split()) <= 8 else ""
        heading = " ".join((*block.context[-1:], *block.labels[:-1]))
        default = _intro_polarity(block.labels[-1]) if block.labels else None
        introduced = [_introducing(block.labels[-1])] if block.labels else (
            block.context[-1:] if block.context and _row_heading(block.context[-1])
            and not _row_heading(block.text.split(":", 1)[0]) else [])  # (once a block; not over its own label)
        labelled = (*block.context[-1:], *(block.labels[-1:] or lead_term(block.text)))  # what names its sentences' topic
        previous: str | None = None  # the hand the last sentence's rule was about
        asked = ""  # a question the sentence answers ("Player stood (6-7)? The Banker draws on 0-5.")
        said_last = ""  # the sentence before
        for sentence in whole:
            if asks(sentence):
                asked = sentence.rstrip(" ?")
                continue  # a question states nothing ("When does...?"); it says what the answer is about
            # (an introduction, "if either total is in {8, 9}:", says what the next line is about)
            question, asked = asked, (sentence.rstrip(" :") if sentence.rstrip().endswith(":") else "")
            before, said_last = said_last, sentence  # ("A natural is a two-card 8 or 9. ... neither hand draws.")
            if previous is None and before:
                named = {_canonical(h) for h in HAND.findall(without_game_name(normalize(before)))}
                if len(named) == 1:
                    previous = named.pop()  # "The Player hand goes first. It takes a third card on 0-5"
            if sentence is not block.text and not literals.search(_RULE_WORDS, sentence) \
                    and not (default is not None and ITEM_KEY.match(sentence)):
                continue  # nothing about drawing or standing (nor an item under a term that says: "0-2: always")
            if _EXAMPLE.match(sentence) or _DEAL.search(sentence) or _HEDGED.search(sentence):
                continue  # "Example: the Player draws a 5 and the Banker has 6": a deal, not a rule
            if literals.search(_REPORTED, normalize(sentence)):
                continue  # "My buddy says the Banker draws whenever the Player's total is 5 or less": his
            if _restates_exception(normalize(sentence), normalize(before) if before else ""):
                continue
            if _natural(sentence, block, labelled, facts, question or before) \
                    and not _LISTED_TOTALS.search(normalize(sentence)):
                continue
            # (not over an item keyed as the lead is: "0-2: always" is no title over "3: unless ...")
            own_key = ITEM_KEY.match(sentence) and ITEM_KEY.match(lead)
            label = " ".join([*introduced, lead if sentence is not lead and not own_key else "", question])
            read_as = sentence
            elliptical = _ELLIPTICAL.match(normalize(sentence)) if before else None
            if elliptical:
                read_as = f"{before.rstrip(' .')} {_UNLESS} {elliptical.group('condition')}."  # (the rule it excepts from)
            parts = _CLAUSE.split(read_as) if ";" in read_as or "," in read_as else [read_as]  # (what it cuts at)
            verb = default
            for n, part in enumerate(parts):
                acts = actions(normalize(part))
                if not acts and literals.search(_REFERENCE, part):
                    continue  # "for 3-6 see the table": the table says it
                # later clauses of a run-on sentence ("...; with 3 it draws unless ...") keep the
                # first clause's subject, and one with no verb ("with 5 if it is 4-7") the verb
                # of the clause before
                context = heading if n == 0 else f"{heading} {parts[0]}"
                if previous and acts and acts[0].actor is None and (
                        _PRONOUN.search(acts[0].pre)
                        or not HAND.search(without_game_name(normalize(f"{context} {label} {acts[0].pre}")))):
                    # "With 3, the Banker draws unless ... . With 6, it draws only if the Player's
                    # third card is a 6 or a 7": "it" is the hand the sentence before was about; so
                    # is the subject a sentence leaves out ("Com 5 pontos, compra quando ...")
                    context = f"{context} {previous}"
                for reading in read_sentence(part, label, verb, context=context):
                    facts.add(reading, said(block, sentence), block.rank)
                    facts.read.add(sentence[:500])
                    previous = "player" if reading.branch == "player" else "banker"
                own = [a for a in acts if a.actor != "player"]
                if own:
                    verb = own[-1].draws
    for t, table in enumerate(doc.tables):
        for r, row in enumerate(table.rows):
            text = " ".join(c.text for c in row)
            if not literals.search(_NATURAL_HINT, text):
                continue  # names no natural, as written or once normalised ("eight or nine")
            text = normalize(text)
            if tables.get(t) and literals.search(_NATURAL, text):
                tables[t] |= {r}  # "8, 9 | Natural - stand" in a card of rules: the chart's too
            if literals.search(_NATURAL, text) and _BOTH_HANDS.search(text):
                facts.naturals.append(table.evidence)
            else:
                _natural_for_one(text, table.evidence, facts)
    if not facts.naturals and {"player", "banker"} <= set(facts.natural_hands):
        facts.naturals.append(facts.natural_hands["banker"])  # a natural stops each hand, said of each
    return _resolve(facts, doc, tables)


@lru_cache(maxsize=1024)
def _row_heading(heading: str) -> bool:
    """Whether a heading is the label of the rule under it, as a row's first cell is: a hand
    and its totals, no verb ("Banker with 3" over "Draws, unless the third card is an 8")."""
    text = normalize(heading)
    if len(text.split()) > 6 or not HAND.search(without_game_name(text)) or values_in(text, TOTALS) is None:
        return False
    return not _ROW_HEADING_WORDS.sub(" ", HAND.sub(" ", text)).strip(" .,:;-–()")  # (not "B.3 Banker drawing rule")


_ROW_HEADING_WORDS = canonical.pattern("row_heading_words", re.IGNORECASE)


def _natural_for_one(text: str, evidence: Evidence, facts: Facts) -> None:
    """"8-9 | Natural - Banker cannot draw": a natural stops one hand (said of the other elsewhere)."""
    if not literals.search(_NATURAL, text):
        return
    hands = {_canonical(h) for h in HAND.findall(text)}
    acts = actions(text)
    if len(hands) == 1 and acts and not any(a.draws for a in acts):
        facts.natural_hands.setdefault(hands.pop(), evidence)


def _introducing(label: str) -> str:
    """Of an introduction, the sentences on drawing and the one that introduces the items ("Two
    cards go to each hand (Player, Banker, ...). Then:" is "Then:"); of a parent item that is a
    rule of its own ("Banker has 3: draws unless the third card is an 8" over "Draws on: 0-7,
    9"), its lead ("Banker has 3"); any other label whole."""
    if not label.rstrip().endswith(":"):
        lead = _LABEL_LEAD.match(label)
        return lead.group(1) if lead and actions(normalize(label[lead.end():])) else label
    said = sentences(label)
    return " ".join(s for s in said[:-1] if _DRAWING_TOPIC.search(normalize(s))) + " " + said[-1]


TERM_WORDS = 5
"""A label this short names its items' topic as a term or heading does, colon or not."""


def _intro_polarity(intro: str) -> bool | None:
    """What items listed under an introduction mean when they name no action: "the Banker
    shall draw save where:" lists where it stands. A short term is an introduction too ("Banker
    draws (Player drew)" over "0-2: always · 3: unless ... is 8")."""
    text = normalize(intro).rstrip()
    if not text.endswith(":") and len(text.split()) > TERM_WORDS:
        return None
    acts = [a for a in actions(text) if a.actor != "player"]
    if not acts:
        return None
    draws = acts[-1].draws
    return not draws if _EXCEPTING.search(acts[-1].post) else draws


def _natural(sentence: str, block: Block, labelled: tuple[str, ...], facts: Facts, question: str = "") -> bool:
    """Records a statement that a natural in either hand ends the deal; True if it is one.
    (`labelled`: the block's heading and term, or the term its text opens with; `question`: the
    question the sentence answers, "8 or 9 in either hand? Neither draws.")"""
    labels = (*labelled, question)
    if not literals.search(_NATURAL_HINT, sentence) and not any(_NATURAL_STEM.search(c) for c in labels) \
            and not literals.search(_NATURAL, normalize(" ".join(labels))):
        return False
    s = normalize(sentence)
    context = normalize(" ".join(labels))
    if (literals.search(_NATURAL, s) or _NATURAL_WORD.search(context)
            or literals.search(_NATURAL, context)) and _BOTH_HANDS.search(s):
        facts.naturals.append(said(block, sentence))
        facts.read.add(sentence[:500])
        return True
    _natural_for_one(s, said(block, sentence), facts)
    return False


# --- grids: Banker totals against the Player's third card -------------------------------------

@lru_cache(maxsize=1024)
def _card_header(text: str) -> frozenset[int] | str | None:
    """The third-card values a column covers ("8", "A", "10/J/Q/K", "0-1"), or "stood" for the
    column used when the Player did not draw."""
    t = " ".join(normalize(text).split())  # (a header broken by <br>: "Player without<br>third card")
    if not t or _CARD_HEADER_STOOD.search(t):
        return "stood" if t else None
    if t in ("a", "a/1", "1/a"):
        return frozenset({1})
    values = values_in(t, ALL, cards=True) if len(t) <= 24 else None
    if values and (len(values) == 1 or len(t) <= 7):
        return values
    return None


def _read_grid(table: Table, facts: Facts, legends: _Legends) -> bool:
    for rows in _orientations(table.rows):
        found = _grid_header(rows)
        if found is None:
            continue
        header_index, columns = found
        legend = legends.for_table(table)
        found: list[tuple[Reading, Evidence]] = []
        filled = 0  # cells under the card columns that hold something
        label_col = _label_column(rows[header_index + 1:], min(columns))
        for row in rows[header_index + 1:]:
            if len(row) <= label_col:
                continue
            label = normalize(row[label_col].text)
            totals = values_in(label, TOTALS)
            if totals is None or len(label) > 30:
                continue
            evidence = Evidence(row_text(row)[:500], row[0].element.sourceline,
                                _path(row[0].element.getparent()))
            for col, key in columns.items():
                if col >= len(row):
                    continue
                filled += bool(row[col].text.strip()) or bool(row[col].classes or row[col].style)
                mark = _mark(row[col], legend)
                if mark is None:
                    continue
                found.append((Reading("stood", mark, totals, None, exhaustive=False) if key == "stood"
                              else Reading("banker", mark, totals, key, exhaustive=False), evidence))
        # a chart's cells are marks; a table whose cells are lists of values ("0, 1, 2, 3 | 8")
        # read this way would leave most of them unexplained: it is read as rows instead
        if found and len(found) * 2 >= filled:
            for reading, evidence in found:
                facts.add(reading, evidence, 2)
            facts.unread_columns += _unkeyed_mark_columns(rows, header_index, columns, label_col, legend)
            return True
    return False


def _unkeyed_mark_columns(rows: list[list[Cell]], header_index: int, columns: dict[int, Any], label_col: int,
                          legend: dict[str, bool]) -> list[Evidence]:
    """The columns of a chart past its totals that hold draw and stand marks in most rows but
    have a header that names no third card (nor the Player standing)."""
    header, body = rows[header_index], rows[header_index + 1:]
    out = []
    for col in range(label_col + 1, len(header)):
        if col in columns or header[col] is header[col - 1]:
            continue
        marks = [_mark(row[col], legend) for row in body if col < len(row)]
        if len(marks) >= 4 and sum(m is not None for m in marks) * 2 > len(body):
            cell = header[col]
            shown = [c.source_text or c.text for c in (cell, *(row[col] for row in body if col < len(row)))]
            out.append(Evidence(" | ".join(shown)[:300],
                                cell.element.sourceline, _path(cell.element)))
    return out


def _label_column(rows: list[list[Cell]], first: int) -> int:
    """The column of Banker totals: the nearest before the first card column whose cells read
    as totals in most rows (a column the header does not name may stand between), else the cell
    just before the first card column."""
    for col in range(first - 1, -1, -1):
        labels = [values_in(normalize(row[col].text), TOTALS) for row in rows if len(row) > col]
        if labels and sum(v is not None for v in labels) * 2 > len(labels):
            return col
    return max(0, first - 1)


def _grid_header(rows: list[list[Cell]]) -> tuple[int, dict[int, Any]] | None:
    for index, row in enumerate(rows[:4]):
        if len(row) < 5:
            continue  # too narrow for the four card columns a header needs, after its label
        columns: dict[int, Any] = {}
        cards: set[int] = set()  # the third cards the columns so far cover
        for col, cell in enumerate(row[1:], start=1):
            if row[col - 1] is cell and col - 1 in columns:
                continue
            key = _card_header(cell.text)
            if key is not None and key not in columns.values() and (key == "stood" or not key & cards):
                columns[col] = key
                if key != "stood":
                    cards |= key
        # Banker totals run 0-7: a header of 0-7 alone is the totals axis of a transposed chart.
        if len(cards) >= 7 and max(cards) >= 8 and sum(1 for k in columns.values() if k != "stood") >= 4:
            return index, columns
    return None


def _totals_across(rows: list[list[Cell]]) -> bool:
    """A table whose first row names Banker totals (so its rows are kinds of statement)."""
    if len(rows) < 2 or len(rows[0]) < 3:
        return False
    return sum(1 for c in rows[0][1:] if re.fullmatch(r"\s*\d(?:\s*[-–]\s*\d)?\s*", c.text)) >= 2


def _orientations(rows: list[list[Cell]]) -> Iterator[list[list[Cell]]]:
    """A table's rows, then (made only when asked for) its columns as rows."""
    yield rows
    yield _transpose(rows)


def _transpose(rows: list[list[Cell]]) -> list[list[Cell]]:
    width = max((len(r) for r in rows), default=0)
    return [[r[i] for r in rows if i < len(r)] for i in range(width)]


def _mark(cell: Cell, legend: dict[str, bool]) -> bool | None:
    t = normalize(cell.text).strip(" .*")
    if t:
        if _DRAW_MARK.match(t):
            return True
        if _STAND_MARK.match(t):
            return False
        acts = actions(t)
        return acts[0].draws if acts else None
    for cls in cell.classes:
        if cls in legend:
            return legend[cls]
    for cls in cell.classes:
        if _CLASS_DRAW.search(cls):
            return True
        if _CLASS_STAND.search(cls):
            return False
    colour = colour_name(cell.style)
    if colour is not None:
        return legend.get(f"colour:{colour}", _USUAL_COLOURS.get(colour))
    return None


def colour_name(style: str) -> str | None:
    """The everyday name of a style's background colour: green, red, amber, blue, grey."""
    m = _BACKGROUND.search(style or "")
    if not m:
        return None
    value = m.group(1).lower()
    if value in _NAMED:
        return _NAMED[value]
    rgb = _rgb(value)
    if rgb is None:
        return None
    r, g, b = (c / 255 for c in rgb)
    hi, lo = max(r, g, b), min(r, g, b)
    if hi - lo < 0.12:
        return "grey"
    if hi == r:
        hue = (60 * ((g - b) / (hi - lo))) % 360
    elif hi == g:
        hue = 60 * ((b - r) / (hi - lo)) + 120
    else:
        hue = 60 * ((r - g) / (hi - lo)) + 240
    for name, (start, end) in _HUES.items():
        if start <= hue < end:
            return name
    return "red"


def _rgb(value: str) -> tuple[int, int, int] | None:
    if value.startswith("#") and len(value) in (4, 7):
        digits = value[1:]
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        try:
            return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
        except ValueError:
            return None
    m = re.match(r"rgba?\((\d+)\D+(\d+)\D+(\d+)", value)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None


class _Legends:
    """Class -> draws, from a legend whose swatch carries the same class as the cells. The page
    is indexed once and each class looked up once, however many grids the page holds."""

    def __init__(self) -> None:
        self.index: dict[str, list[Any]] | None = None
        self.known: dict[str, bool | None] = {}
        self.colours: dict[str, bool] | None = None

    def for_table(self, table: Table) -> dict[str, bool]:
        blank = [set(cell.classes) for row in table.rows for cell in row if not cell.text]
        # a class on every blank cell ("cell" in "cell draw", "cell stand") marks nothing
        classes = set().union(*blank) - set.intersection(*blank) if len(blank) > 1 else set().union(*blank)
        if not classes:
            return dict(self._colours(table))
        if self.index is None:
            self.index = {}
            for el in table.element.getroottree().getroot().iter():
                if isinstance(el.tag, str) and el.tag not in ("td", "th"):
                    for cls in (el.get("class") or "").split():
                        self.index.setdefault(cls, []).append(el)
        legend: dict[str, bool] = dict(self._colours(table))
        for cls in classes:
            if cls not in self.known:
                self.known[cls] = self._meaning(cls)
            if self.known[cls] is not None:
                legend[cls] = self.known[cls]  # type: ignore[assignment]
        return legend

    def _colours(self, table: Table) -> dict[str, bool]:
        """"colour:green" -> draws, from a sentence such as "green cells mean the Banker draws"."""
        # read once, at the first chart with coloured cells (an earlier plain table must not
        # leave the legend empty for the charts after it)
        if self.colours is None and any(colour_name(c.style) for row in table.rows for c in row if not c.text):
            self.colours = {}
            text = normalize(" ".join(table.element.getroottree().getroot().itertext()))
            for m in _COLOUR_LEGEND.finditer(text):
                name = _COLOUR_WORDS.get(m.group(1), m.group(1))
                acts = actions(m.group(2))
                if acts and f"colour:{name}" not in self.colours:
                    self.colours[f"colour:{name}"] = acts[0].draws
        return self.colours or {}

    def _meaning(self, cls: str) -> bool | None:
        """What the first element with this class that says anything says (document order)."""
        assert self.index is not None
        for el in self.index.get(cls, ()):
            acts = actions(normalize(text_content(el) + " " + (el.tail or "")))
            if acts:
                return acts[0].draws
        return None


def _path(el: Any) -> str | None:
    try:
        return el.getroottree().getpath(el)  # type: ignore[no-any-return]
    except (ValueError, AttributeError):
        return None


# --- row tables: one row per Banker total (or Player total, or third card) -------------------

def _read_row_table(table: Table, facts: Facts) -> tuple[set[int], int]:
    """Read a table of rows that each state a rule; (the rows read, with the header rows when
    any is read, as indices in `table.rows`; how many rows its body has)."""
    rows = table.rows
    if len(rows) < 2:
        return set(), len(rows)
    heads = [] if getattr(table.element, "tag", None) == "dl" else _header_rows(rows)  # a glossary heads nothing
    first_row = len(heads)  # (where the body starts in `rows`)
    body = rows[first_row:]
    width = max(len(r) for r in rows)
    if heads:
        head_texts = [normalize(" ".join(_unique(r[col].text for r in heads if col < len(r))))
                      for col in range(width)]
    else:
        # the introduction's last sentence introduces the rows ("If the Player stood, ... . If
        # the Player drew, the Banker follows these steps:")
        intro = (sentences(table.intro) or [""])[-1]
        head_texts = [""] + [normalize(intro)] * (width - 1)
    context = normalize(" ".join([*table.context[-1:], table.intro, *head_texts]))
    read: set[int] = set()
    # a row spanning the table heads the rows under it: "Banker - when Player stands"; so does a
    # short title over the table that names that branch alone ("Table 1 - Player stood")
    title = normalize(table.intro)
    group = title if (len(title.split()) <= 12 and _STOOD.search(title)
                      and not _TITLE_DREW.search(title)) else ""
    leads = Counter(normalize(row[0].text) for row in body if row)
    for index, row in enumerate(body):
        if len(row) < 2:
            continue
        if _one_cell(row):
            group = normalize(row[0].text)
            continue
        if index and _one_cell(body[index - 1]) and not _FIGURE.search(normalize(" ".join(c.text for c in row))) \
                and (own := _header_rows(body[index:index + 2])) and own[0] is row:
            # "BANKER – if the Player draws" over "Banker total | draws when ... | stands when
            # ...": a section of the table with a header row of its own
            head_texts = [normalize(c.text) for c in row] + [""] * (width - len(row))
            continue
        if _one_cell(row[1:]) and row[-1].text.rstrip().endswith(":"):
            # "Banker | When the Player draws, the Banker acts on the Player's third card:" (one
            # cell across the rest of the row): it introduces the rows below, as a spanning row
            parts = sentences(row[-1].text)
            if len(parts) == 1 or not any(actions(normalize(p)) for p in parts[:-1]):
                group = normalize(f"{row[0].text} {row[-1].text}")
                continue
            # "Banker (Player drew) | With 0, 1 or 2 draws always. With 3 to 6, see the grid:":
            # the rules before the sentence that points on
            row = [*row[:-1], replace(row[-1], text=" ".join(parts[:-1]))]
        heads = head_texts
        lead = normalize(row[0].text)
        if any(b in SIDE_BETS for b, _, _ in bets_in(row[0].text)):
            continue  # "Dragon 7 / Panda 8 | Yes": a side bet's row, no Banker total's
        if len(row) >= 3 and leads[lead] > 1 and (_STOOD.search(lead) or _TITLE_DREW.search(lead)) \
                and "banker" not in {_canonical(h) for h in HAND.findall(lead)}:  # (not "Banker, Player stood")
            # "Situation | Banker total | Banker stands if": a first column that names the
            # branch for the rows it repeats in ("Player took no third card") heads them as a
            # spanning row would
            group, row, heads = lead, row[1:], head_texts[1:]
        first = _first_action_column(row, heads)
        while 1 < first < len(row) and row[first - 1].element is row[first].element:
            first -= 1  # a cell spanning the label's column and the action's states the rule
        # "Player | 0-5 | Draws": "player 0-5"; a condition column is read with its header
        # ("Banker total | Player's third card | Action": "banker total 3 player's third card not 8"),
        # wherever it stands ("Banker total | Banker | when the Player's third card is": "3 |
        # draws | 0-7, 9": the action is the condition's)
        label_cols = [*range(first), *(i for i in range(first + 1, len(row))
                                       if _condition_column(row[i], heads[i] if i < len(heads) else "")
                                       and not actions(normalize(row[i].text)))]
        if any(i and i < len(heads) and _CONDITION_HEAD.search(heads[i]) and _the_rest(normalize(row[i].text))
               for i in label_cols):
            continue  # "6 | any other | stands": the rest, which the row before implies
        label_full = " ".join(f"{heads[i] if i < len(heads) and (i == 0 or _CONDITION_HEAD.search(heads[i])) else ''} "
                              f"{normalize(row[i].text)}" for i in label_cols)
        evidence: Evidence | None = None  # (made for a row something is read from)
        seen: set[int] = {id(row[i].element) for i in label_cols}
        for col in range(first, len(row)):
            cell = row[col]
            if id(cell.element) in seen:
                continue
            seen.add(id(cell.element))
            head = heads[col] if col < len(heads) else ""
            # a definition's sentences are statements of their own ("What the Banker does once the
            # Player has drawn. With 0, 1 or 2 it always draws. With 3 ...")
            said_before = ""
            for statement in (item for s in sentences(cell.text) for item in keyed_items(s)):
                said_before, before = normalize(statement), said_before
                if _restates_exception(said_before, before):
                    continue
                for reading in _row_cell(label_full, normalize(statement), head, context, group):
                    if evidence is None:
                        evidence = _row_evidence(row)
                        facts.read.add(" | ".join(c.text for c in row)[:500])
                    facts.add(reading, evidence, 2)
        if evidence is not None:
            read.add(first_row + index)
    return (read | set(range(first_row)) if read else read), len(body)


def _restates_exception(sentence: str, before: str) -> bool:
    """Whether a sentence only says again what the exception before it says ("The Banker draws,
    except when the Player's third card is an 8. Then the Banker stands.")."""
    return bool(before) and _THEN.match(sentence) is not None and not _DIGIT_WORD.search(sentence) \
        and literals.search(_EXCEPTING, before) is not None


_THEN = canonical.pattern("back_reference")


def _row_evidence(row: list[Cell]) -> Evidence:
    return Evidence(row_text(row)[:500], row[0].element.sourceline, _path(row[0].element.getparent()))


def _first_action_column(row: list[Cell], heads: list[str]) -> int:
    """Where a row's statements start: after the columns headed as whose total it is
    ("Hand | Total | Action": "Player | 0-5 | Draws a third card" starts at the third cell)."""
    for col in range(1, len(row)):
        head = heads[col] if col < len(heads) else ""
        if _condition_column(row[col], head):
            continue  # "Player's third card": a condition on the action beside it
        if not head and col + 1 < len(row) and not _FIGURE.search(row[0].text) \
                and _VALUES_ONLY.match(normalize(row[col].text)):
            continue  # "The Banker has | 3 | Draws on 0-7 and 9 | Stands on 8": the label's value
        if not (_LABEL_HEAD.search(head) and not _ACTION_HEAD.search(head)):
            return col
    return 1


_CONDITION_HEAD = canonical.pattern("third_card")
_VALUES_ONLY = canonical.pattern("values_only")
_KEYED_BY_CARD = canonical.pattern("player_third_card_label")
_CARD_HEADER_STOOD = canonical.pattern("card_header_stood")
_TITLE_DREW = canonical.pattern("title_drew_or_condition")
_BARE_THIRD_CARD = canonical.pattern("bare_third_card")
_NATURAL_STEM = canonical.pattern("natural_stem")
_NATURAL_WORD = canonical.pattern("natural_word")
_STOOD_WORD = canonical.pattern("stood_word")


def _condition_column(cell: Cell, head: str) -> bool:
    """A cell under a header that names a condition on the Player's third card ("Player's third
    card"), not an action, and that holds no draw or stand mark."""
    return bool(_CONDITION_HEAD.search(head)) and not actions(head) and not _mark_only(cell.text)


def _one_cell(cells: list[Cell]) -> bool:
    """Whether the cells are one cell spanning them all."""
    return len({id(c.element) for c in cells}) == 1


def _the_rest(text: str) -> bool:
    """"Any other card", "otherwise": the rest, which the statement beside it implies."""
    return bool(THE_REST.search(text)) and not re.search(r"\d", text)


def _mark_only(text: str) -> bool:
    mark = normalize(text).strip(" .*")
    return bool(_DRAW_MARK.match(mark) or _STAND_MARK.match(mark))


def _header_rows(rows: list[list[Cell]]) -> list[list[Cell]]:
    """The leading rows that head the columns: all <th>, or words (a line or two of them, as
    "Banker's | Banker draws when the Player's" over "total | third card is") above a row of
    numbers."""
    heads, sure = [], 0
    for row in rows[:3]:
        if heads and len(row) > 1 and _one_cell(row):
            break  # a cell spanning the table under its header titles the rows below it
        text = " ".join(c.text for c in row)  # as written: "first two cards" is words
        short = all(len(c.text.split()) <= 12 for c in row)  # a header names its column; a definition is no header
        if all(c.header for c in row):
            heads.append(row)
            sure = len(heads)
        elif short and not _FIGURE.search(text):
            heads.append(row)
        else:
            break
    following = " ".join(c.text for c in rows[len(heads)]) if len(heads) < len(rows) else ""
    if not _FIGURE.search(following):
        heads = heads[:sure]  # words above no numbers head nothing
    return heads if len(heads) < len(rows) else []


_FIGURE = lazy_re.compile(r"\d(?!\d*(?:st|nd|rd|th)\b)", re.IGNORECASE)  # a digit, not an ordinal ("3rd card")
_DIGIT_WORD = lazy_re.compile(r"\b\d\b")


def _unique(texts: Any) -> list[str]:
    out: list[str] = []
    for t in texts:
        if t not in out:
            out.append(t)
    return out


_DASH_ASIDE = canonical.pattern("clause_dash")


def _row_cell(label: str, text: str, head: str, context: str, group: str = "") -> list[Reading]:
    if "\n" in text:  # lines of a cell (<br>) are statements of their own
        return [r for line in text.split("\n") for r in _row_cell(label, line.strip(), head, context, group)]
    if ITEM_KEY.match(text) and values_in(label, TOTALS) is None and (verb := _intro_polarity(label)) is not None:
        # "Banker draws (Player drew) | 0-2: always · 3: unless ... is 8 · ...": items keyed by
        # their totals, under the row's label as under a term
        return read_sentence(text, label, verb, context=_hand(label + " " + head, context) or "")
    if "; " in text and not actions(text.split("; ", 1)[0]) and actions(text):
        # "Player draws | On totals of 0-5; stands on 6-7": a first clause with no verb takes the
        # row's label's ("draws"), as under a header; the next says its own
        first, rest = text.split("; ", 1)
        return _row_cell(label, first, head or label, context, group) + _row_cell(label, rest, head, context, group)
    dash = _DASH_ASIDE.search(text)
    if dash and not actions(text[:dash.start()]) and actions(text[dash.end():]):
        # "never – the Banker always stands on 7": the cell's value, then what it means, said again
        main = _row_cell(label, text[:dash.start()], head, context, group)
        extra = _row_cell(label, text[dash.end():], "", context, group)
        return main + [Reading(r.branch, r.draws, r.totals, r.cards, exhaustive=False) for r in extra]
    asides = [a for a in re.findall(r"\(([^)]*)\)", text) if actions(a)]
    if asides:  # "0-7, 9 (stands on 8)": the main text, then each aside with a verb on its own
        main = _row_cell(label, re.sub(r"\(([^)]*)\)", lambda m: " " if actions(m.group(1)) else m.group(0),
                                       text).strip(), head, context, group)
        extra = [r for aside in asides for r in _row_cell(label, aside, "", context, group)]
        return main + [Reading(r.branch, r.draws, r.totals, r.cards, exhaustive=False) for r in extra]
    if not text or text in ("-", "–", "—", "n/a") or _the_rest(text):
        return []  # "anything else": the other column already implies it
    hand = _hand(label + " " + head, context)
    if hand is None:
        return []
    header_acts = [a for a in actions(head) if a.actor != "player" or hand == "player"]
    own = [a for a in actions(text) if hand == "player" or a.actor != "player"]
    # "Player's third card 8 | ...": the row is keyed by the card ("the Banker's third card, when
    # the Player stands" names the Banker's own card)
    keyed_by_card = bool(_KEYED_BY_CARD.search(label)) and hand == "banker"
    # a sentence about the Player's third card, or with its own numbers; a bare "Draws a third
    # card" names the hand's own card and is a mark, like "Draws"
    sentence = own and ((_CONDITION_HEAD.search(text) and (
        re.search(r"\d", text) or _BARE_THIRD_CARD.search(text)))
        or _PLAYER_DREW.search(text))
    in_stood_group = bool(_STOOD.search(group))
    branch = "stood" if in_stood_group else None
    if keyed_by_card and not own and header_acts and _VALUES_ONLY.match(text):
        # "Player's 3rd card | Banker draws with | Banker stands with": "8 | 0-2 | 3-7", the
        # row names the card and the cells the Banker totals
        cards, totals = values_in(label, ALL, cards=True), values_in(text, TOTALS)
        if totals is not None and (_STOOD.search(label) or _CARD_HEADER_STOOD.search(_KEYED_BY_CARD.sub(" ", label))):
            # "none (the Player stands on 6 or 7) | 0-5 | 6-7": the row for the Player standing
            return [Reading("stood", header_acts[0].draws, totals, None, exhaustive=False)]
        if cards and totals is not None and not _PLAYER_TOTAL.search(head):
            return [Reading("banker", header_acts[0].draws, totals, cards, exhaustive=False)]
    # the hand the row is about, told by its label, header or the table's introduction, is the
    # sentence's subject: "3 | Draws, unless the Player's third card is 8" under "If the Player
    # drew, the Banker acts on that card:" names the Player's card, not whose rule it is
    if keyed_by_card or sentence:
        return read_sentence(text, label, header_acts[0].draws if header_acts else None, branch, context=hand)
    if own and (len(text.split()) >= 6 or (len(text.split()) >= 4 and _DIGIT_WORD.search(text))):  # a whole sentence in a cell reads as one
        readings = read_sentence(text, label, header_acts[0].draws if header_acts else None, branch, context=hand)
        if readings:
            return readings
    mark = text.strip(" .*")
    draws = (own[0].draws if own else True if _DRAW_MARK.match(mark) else False if _STAND_MARK.match(mark)
             else header_acts[0].draws if header_acts else None)
    if draws is None:
        return []
    totals = values_in(label, TOTALS)
    stood = bool(_STOOD.search(f"{head} {label}")) or _STOOD_WORD.search(head) is not None or in_stood_group
    if totals is None and (hand == "player" or stood):
        # "Hand | Draws | Stands": "Player | 0-5 | 6-7": the cells hold the totals
        values = values_in(text, TOTALS)
        return [Reading("stood" if stood else "player", draws, values, None)] if values is not None else []
    if totals is None:
        return []
    if hand == "player":
        return [Reading("player", draws, totals, None, exhaustive=False)]
    if stood:
        return [Reading("stood", draws, totals, None, exhaustive=False)]
    if _PLAYER_TOTAL.search(head) and not _CONDITION_HEAD.search(head):
        return [Reading("keyed_total", draws, totals, None)]  # "Banker draws if the Player's total is"
    cards = values_in(text, ALL, cards=True)
    if (own or _DRAW_MARK.match(mark) or _STAND_MARK.match(mark)) and not cards:  # "never – the Banker stands", "Does not draw": the whole row
        cards = ALL
    if cards is None:
        return []
    return [Reading("banker", draws, totals, cards)]


@lru_cache(maxsize=1024)
def _hand(label: str, context: str) -> str | None:
    for text in (label, context):
        hands = {_canonical(h) for h in HAND.findall(without_game_name(text))}  # ("Punto Banco" names no hand)
        if hands:
            return "banker" if "banker" in hands else "player"
    return None


# --- resolution ----------------------------------------------------------------------------

def _choose(facts: list[_Fact]) -> tuple[_Fact, list[_Fact]]:
    """The statement kept for one cell (explicit over implied, then the most structured
    source), and the explicit statements that disagree with it (as facts: a Stated is made
    only for a conflict)."""
    if len(facts) == 1:
        return facts[0], []
    explicit = [f for f in facts if f[3]]
    pool = explicit or facts
    kept = max(pool, key=lambda f: f[2])  # the first of the highest rank
    return kept, [f for f in explicit if f[0] != kept[0]]


# The structure a row or item belongs to: a table's rows, a list's items are one statement.
_STRUCTURE = lazy_re.compile(r"^.*/(?:table|ul|ol|dl|pre)(?:\[\d+\])?")


def _sources(facts: list[_Fact], kept: _Fact) -> int:
    """How many independent places (a table, a list, a paragraph) state the kept value of one
    cell, in so many words (a rule that implies it, "draws on 2 only" of a 5, is no statement)."""
    if len(facts) == 1:
        return 1 if facts[0][1] is not None else 0
    places = set()
    for draws, evidence, _, explicit in facts:
        if draws == kept[0] and evidence is not None and explicit:
            places.add(_structure(evidence.path or "") or evidence.path or evidence.text)
    return len(places)


@lru_cache(maxsize=4096)
def _structure(path: str) -> str | None:
    """The table or list an XPath is in, if any. (Cached: a chart's cells share their rows.)"""
    m = _STRUCTURE.match(path)
    return m.group(0) if m else None


def _resolve(facts: Facts, doc: Document, tables: dict[int, frozenset[int] | None]) -> DrawingResult:
    values: dict[str, Any] = {}
    evidence: dict[str, Evidence | None] = {}
    conflicts: list[Conflict] = []
    sources: dict[str, int] = {}
    for branch, name in (("player", "player_draws_on"), ("stood", "banker_draws_player_stood")):
        chosen = {t: _choose(facts.cells[(branch, t)]) for t in TOTALS if facts.cells.get((branch, t))}
        for t, (kept, _) in chosen.items():
            sources[f"{name}/{t}"] = _sources(facts.cells[(branch, t)], kept)
        if chosen:
            values[name] = sorted(t for t, (kept, _) in chosen.items() if kept[0])
            evidence[name] = next(iter(chosen.values()))[0][1]
            for t, (kept, others) in chosen.items():
                conflicts += _conflicts(name, str(t), kept, others, facts.cells[(branch, t)])
    if "banker_draws_player_stood" not in values and facts.stood_as_player and "player_draws_on" in values:
        values["banker_draws_player_stood"] = list(values["player_draws_on"])
        evidence["banker_draws_player_stood"] = facts.stood_as_player[0]
    rows: dict[str, list[int]] = {}
    for total in TOTALS:
        drawn: list[int] = []
        first: _Fact | None = None  # the fact kept for the row's first stated cell
        for card, key in _BANKER_CELLS[total]:  # (one pass over the row's stated cells, in order)
            cell = facts.cells.get(key)
            if not cell:
                continue
            kept, others = _choose(cell)
            first = first or kept
            if kept[0]:
                drawn.append(card)
            sources[_CELL_SOURCES[total, card]] = _sources(cell, kept)
            if others:
                conflicts += _conflicts("banker_draws", _CELL_NAMES[total, card], kept, others, cell)
        if first is not None:
            rows[str(total)] = sorted(drawn)
            evidence[f"banker_draws.{total}"] = first[1]
    if facts.keyed_to_total and not facts.by_third_card:
        rows = {}  # "always draws on 0-2" beside a rule keyed to the Player's total is no chart
    values["banker_draws"] = rows or None
    if facts.keyed_to_total:
        values["banker_rule_keyed_to_total"] = True
        evidence["banker_rule_keyed_to_total"] = facts.keyed_to_total[0]
    if facts.naturals:
        values["naturals_stand"] = True
        evidence["naturals_stand"] = facts.naturals[0]
    images = [img.evidence for img in doc.images
              if _CHART_IMAGE.search(f"{img.alt} {img.src.rsplit('/', 1)[-1]}")
              or (not img.alt and _CHART_CONTEXT.search(img.around))]
    if images:
        values["draw_chart_image"] = True
        evidence["draw_chart_image"] = images[0]
    return DrawingResult(values, evidence, conflicts, images, tables, facts.read, sources, facts.unread_columns)


def _conflicts(name: str, key: str, kept: _Fact, others: list[_Fact], cell: list[_Fact]) -> list[Conflict]:
    """The conflicts of one cell (its Stated made only when there is one); `cell`: every fact
    stated of it, to tell a part of the page that states it both ways."""
    if not others:
        return []
    stated = Stated(*kept)
    facts = [Stated(*f) for f in cell]
    return [Conflict(name, key, stated, Stated(*other), compared=compares(kept[0], Stated(*other), facts, operator.eq))
            for other in others]
