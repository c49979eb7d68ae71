"""Odds information a page states: house edges, RTPs and win probabilities per bet, and the
number of decks."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from decimal import Decimal

from . import canonical, literals
from ..figures import Percent
from .document import Block, Document, Evidence, Table, asks, lead_term, row_text, said, sentences
from .model import StatedFigure
from .statements import Statements
from .vocabulary import SIDE_BETS, bets_in, leading_bets, other_game_before, plain, ratios_in, with_joined

# The sign belongs to the figure: a house edge can be negative ("-0.09%": the player's edge).
_PERCENT = canonical.pattern("percent", re.IGNORECASE)  # "98,94 %": a decimal comma too
_NOT_ODDS_AFTER = canonical.pattern("not_odds_after", re.IGNORECASE)
_NOT_ODDS_BEFORE = canonical.pattern("not_odds_before", re.IGNORECASE)
# Checked in order: a named probability, then RTP and edge phrases, then weaker hints of a
# frequency ("over a large number of rounds" beside an RTP is not a probability).
_KINDS = (
    ("probability", canonical.pattern("kind_probability", re.I)),
    ("rtp", canonical.pattern("kind_rtp", re.I)),
    ("edge", canonical.pattern("kind_edge", re.I)),
    ("probability", canonical.pattern("kind_probability_hint", re.I)),
)
_DECKS = canonical.pattern("decks", re.IGNORECASE)
_DECK_WORDS = {word: int(n) for word, n in canonical.mapping("deck_count_words").items()}
_RTP_PHRASE = canonical.pattern("rtp_phrase", re.IGNORECASE)
_DECKS_LABEL = canonical.pattern("decks_label", re.IGNORECASE)
_DECKS_TITLE = canonical.pattern("decks_title", re.IGNORECASE)
_KIND_HINT = canonical.pattern("kind_hint", re.IGNORECASE)
_SEGMENT = canonical.pattern("figure_segment")
_EACH = canonical.pattern("each_of_them")
_THEY_BACK = canonical.pattern("they_back", re.IGNORECASE)
_IT_BACK = canonical.pattern("it_back", re.IGNORECASE)
_DECK_OR_PACK = canonical.pattern("deck_or_pack")
_PAYOUT_TALK = canonical.pattern("payout_talk", re.IGNORECASE)
_OTHER_UNIT = canonical.pattern("other_unit_after", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_RESTATED = re.compile(r"\s*\([^()]{8,200}\)")
_PERCENT_SIGN = canonical.pattern("percent_sign", re.IGNORECASE)
_BARE_FIGURE = re.compile(r"(?<![\d.,:/%])\d{1,2}[.,]\d{1,2}(?![\d%]|[.,:/]\d)")


def read_figures(doc: Document, found: Statements, figures: list[StatedFigure]) -> None:
    in_tables = set()
    for table in doc.tables:
        in_tables.update(_table_figures(table, figures))
    recent = ""  # the last thing said about a kind of figure ("what's the house edge?")
    candidates: list[str] = []  # short texts since, looked at only when a figure needs them
    heading: tuple[str, ...] = ()
    for block in doc.blocks:
        _decks(block, found)
        if block.context != heading:
            heading, recent, candidates = block.context, "", []
        if len(block.text) < 200 and "%" not in block.text:
            candidates.append(block.text)
        if block.rank == 2 and block.evidence.path in in_tables:
            continue
        if "%" not in block.text and "cent" not in block.text and "pct" not in block.text:
            continue
        recent = next((t for t in reversed(candidates) if literals.search(_KIND_HINT, t) and _kind(t)), recent)
        candidates = []
        # what says which kind of figure it is, the nearest first: "The house edge is:" over the
        # list outranks the heading "What are my chances?" above it
        context = (*reversed(block.labels), recent, *block.context[-1:], *_section_over_card(block.context))
        said_before = ""  # "HOUSE EDGE" on the line before "Banker 1.06%"
        titled = _heading_bets(block) or _block_bets(block.text)
        named_before: list[str] = []  # the side bets the sentence before named
        unit_before = False  # whether the sentence before gave a percentage
        asked: list[str] = []  # the one bet a question before names ("And the Tie? About 14.4%.")
        for written in sentences(block.text):
            sentence = _with_unit_carried(written, unit_before)
            unit_before = bool(_percents(sentence))
            each = named_before if not titled and (_EACH.search(sentence) or _points_back(sentence, named_before)) else titled
            if asked and not bets_in(sentence):
                each = asked
            asked = [b[0] for b in bets_in(sentence)][:1] if asks(sentence) and len(bets_in(sentence)) == 1 else []
            _sentence_figures(sentence, (said_before, *context), lambda text, b=block, w=written: said(b, w), figures, each)
            named_before = [b[0] for b in bets_in(sentence) if b[0] in SIDE_BETS]
            if literals.search(_KIND_HINT, sentence) and _kind(sentence):
                # (or said with figures: "The house edge on Banker is 1.06%. On Player, 1.24%.")
                said_before = sentence
    figures[:] = [_by_size(f) for f in figures]


def _points_back(sentence: str, named: list[str]) -> bool:
    """Whether a sentence opens by pointing back to the side bets the one before named."""
    return bool(named) and (bool(_THEY_BACK.match(sentence)) or (len(named) == 1 and bool(_IT_BACK.match(sentence))))


def _section_over_card(headings: tuple[str, ...]) -> tuple[str, ...]:
    """The heading over a card headed by a bet alone ("House edge" / "Banker" / "1.02 %"): it
    says which kind of figure the card's is."""
    if len(headings) >= 2 and len(headings[-1].split()) <= 3 and bets_in(headings[-1]) \
            and not _kind(headings[-1]):
        return headings[-2:-1]
    return ()


def _by_size(figure: StatedFigure) -> StatedFigure:
    """A bet's house edge is under half its stake and its RTP over half: under a heading such as
    "House edge and RTP", the figure's size says which it is."""
    if figure.kind not in ("edge", "rtp"):
        return figure
    size = abs(float(figure.text.rstrip("%")))
    kind = "rtp" if size > 50 else "edge"
    return figure if kind == figure.kind else replace(figure, kind=kind)


def _decks(block: Block, found: Statements) -> None:
    text = block.text
    if block.labels and len(text.split()) <= 4 and not _DECK_OR_PACK.search(text.lower()):
        text = f"{block.labels[-1]}: {text}"  # "<dt>Decks</dt><dd>6</dd>": the term names what the value counts
    if not _DECK_OR_PACK.search(text.lower()):
        return
    text = re.sub(r"\s*\(\d+\)", "", text)  # "six (6) decks"
    counts = []
    for m in [*_DECKS.finditer(text), *_DECKS_LABEL.finditer(text), *_DECKS_TITLE.finditer(text)]:
        if other_game_before(text, m.start()):
            continue  # "Blackjack — six-deck shoe games": another game's shoe
        word = m.group(1).lower()
        n = int(word) if word.isdigit() else _DECK_WORDS[word]
        if 1 <= n <= 12 and n not in counts:
            counts.append(n)
    if len(counts) == 1:  # "6 decks vs 8 decks", "6 or 8 decks": a comparison states neither
        found.add("decks", counts[0], block.evidence.quoting(block.source_text or block.text), block.rank)


def _signed(number: str) -> str:
    number = number.replace(",", ".")
    return "-" + number[1:] if number[:1] in ("−", "–") else number


@lru_cache(maxsize=4096)
def _with_unit_carried(sentence: str, unit_before: bool) -> str:
    """A sentence whose bare figures are percentages said once: "Banker wins about 45.9 per cent
    of hands, Player about 44.6"; "The house edge on Banker is about 1.06 per cent. Player's
    about 1.24." A bare figure counts only beside a bet's name, after a percentage in its
    sentence or the sentence before, and never where payouts are spoken of ("pays 1.95")."""
    first = next(iter(_percents(sentence)), None)
    if (first is None and not unit_before) or literals.search(_PAYOUT_TALK, sentence) or not bets_in(sentence):
        return sentence
    start = first.end() if first is not None else 0
    ratios = [(r.start, r.end) for r in ratios_in(sentence)]
    named = [end for _, _, end in bets_in(sentence)]
    out, at = [], 0
    for m in _BARE_FIGURE.finditer(sentence, start):
        if _PERCENT.match(sentence, m.start()) or any(a <= m.start() < b for a, b in ratios) \
                or _OTHER_UNIT.match(sentence, m.end()):
            continue
        before = [e for e in named if e <= m.start()]
        gap = sentence[before[-1]:m.start()] if before else ""
        if not before or _DIGIT.search(gap) or len(gap.split()) > 3:
            continue  # ("Tie: 95.16 % 6.2 The actual return ...": a clause's number, beside no bet)
        out += [sentence[at:m.end()], "%"]
        at = m.end()
    return "".join(out) + sentence[at:]


def _kind(*texts: str) -> str | None:
    for text in texts:
        for kind, pattern in _KINDS:
            if literals.search(pattern, text):
                return kind
    return None


def _hinted_only(text: str) -> bool:
    """Whether a text's kind is told only by a weak hint of a frequency ("over a number of rounds")."""
    return _kind(text) == "probability" and not literals.search(_KINDS[0][1], text)


def _percents(text: str) -> list[re.Match[str]]:
    out = []
    for m in _PERCENT.finditer(text):
        if _NOT_ODDS_AFTER.search(text[m.end():m.end() + 30]) or _NOT_ODDS_BEFORE.search(text[max(0, m.start() - 25):m.start()]):
            continue
        if float(_signed(m.group(1))) >= 100:
            continue  # no bet returns all it takes: "the edge is the difference up to 100%"
        out.append(m)
    return out


def _without_restatements(text: str) -> str:
    """The text with blanks for brackets right after a percentage that restate it in words, as
    a legal text spells its figures out: "98.94% (ninety-eight point nine four per cent)"."""
    for m in reversed(list(_PERCENT.finditer(text))):
        rest = text[m.end():]
        bracket = _RESTATED.match(rest)
        if bracket and _PERCENT_SIGN.search(bracket.group(0)):
            text = text[:m.end()] + " " * bracket.end() + rest[bracket.end():]
    return text


def _heading_bets(block: Block) -> list[str]:
    """The bets a short term or heading names ("Dragon 7" over a tile of its figures, "Player
    Pair / Banker Pair" over a definition that gives their RTP)."""
    for title in (*block.labels[-1:], *lead_term(block.text), *block.context[-1:]):
        title = _RTP_PHRASE.sub(" ", title)  # "Return to Player" names no bet
        bets = [b[0] for b in bets_in(title)]
        if len(title.split()) <= 6 and bets and len(bets) <= 3:
            return bets if len(bets) == 1 or all(b in SIDE_BETS for b in bets) else []
    return []


def _block_bets(text: str) -> list[str]:
    """The side bets a block is about when it names no other bets ("Side bet on Player Pair or
    Banker Pair: wins if ... . Pays 11 to 1. House edge: 11.25%."): named in its first sentence
    and no other bet named anywhere in it. (Not a main bet: "the player" is also whoever plays.)"""
    said = sentences(text)
    if len(said) < 2:
        return []
    first = [b[0] for b in bets_in(said[0])]
    if not first or len(first) > 3 or not all(b in SIDE_BETS for b in first):
        return []
    named = {b[0] for b in bets_in(text)}
    return list(dict.fromkeys(first)) if named == set(first) else []


def _sentence_figures(sentence: str, context: tuple[str, ...], evidence: Callable[[str], Evidence], figures: list[StatedFigure],
                      heading_bets: list[str] | tuple[str, ...] = ()) -> None:
    sentence = _without_restatements(sentence)
    # "For comparison, European roulette sits at 2.7%": another game's figure
    percents = [p for p in _percents(sentence) if not other_game_before(sentence, p.start())]
    if not percents:
        return
    bets = bets_in(_RTP_PHRASE.sub(lambda m: " " * len(m.group(0)), sentence))
    if not bets:
        kind = _kind(sentence, *context)
        if kind and len(percents) == 1:
            figures += [StatedFigure(bet, f"{_signed(percents[0].group(1))}%", kind,
                                     evidence(sentence)) for bet in heading_bets]
        return
    # Cut the sentence into segments; a segment's figure belongs to the bet it names, else to
    # the bet named in the segment before (or, when figures come first, after).
    pieces = _pieces(sentence)
    percent_first = percents[0].start() < bets[0][1]
    last_bet = None
    last_bets: list[str] = []
    last_kind = None
    pending: list[tuple[re.Match[str], str | None, str]] = []
    for start, end in pieces:
        segment = sentence[start:end]
        seg_bets = [b for b in bets if start <= b[1] < end]
        seg_percents = [p for p in percents if start <= p.start() < end]
        kind = _kind(segment)
        if kind is None or (last_kind is not None and _hinted_only(segment)):
            kind = last_kind  # ("The return to player, over an infinite number of rounds, is ..."): named before
        if seg_bets:
            last_bet = seg_bets[0][0]
            last_bets = with_joined(sentence, bets, bets.index(seg_bets[-1]))
        for p in seg_percents:
            before = [b for b in seg_bets if b[2] <= p.start()]
            after = [b for b in seg_bets if b[1] >= p.end()]
            if percent_first and after:
                # "11.25% on each of the Player Pair and Banker Pair bets": each bet listed
                each = _EACH.search(sentence, p.end(), after[0][1])
                names = leading_bets(sentence, bets[bets.index(after[0]):]) if each else [after[0][0]]
            elif before:
                names = with_joined(sentence, bets, bets.index(before[-1]))
            elif after:
                names = [after[0][0]]
            elif _EACH.search(segment):
                names = last_bets  # "Player Pair and Banker Pair, 89.64% each"
            else:
                names = [last_bet] if last_bet else []
            pending += [(p, name, kind or "") for name in names]
        last_kind = kind
    sentence_kind = _kind(sentence, *context)
    given = Counter((bet, kind or sentence_kind) for _, bet, kind in pending)
    long_odds = [r for r in ratios_in(sentence) if r.to_one >= 5]
    for p, bet, kind in pending:
        if bet is None:
            continue
        # two figures of one kind for one bet: the sentence names fewer bets than it gives
        # figures ("... 98.94%, 98.76% and 85.64%, respectively"), so which is whose is a guess
        doubt = (f"The sentence gives more {kind or sentence_kind or 'figures'} figures than it names bets, so "
                 f"which belongs to the {bet.replace('_', ' ')} bet is not certain"
                 if given[(bet, kind or sentence_kind)] > 1 else None)
        payout = next((r.to_one for r in reversed(long_odds) if r.end <= p.start()), None)
        figures.append(StatedFigure(bet, f"{_signed(p.group(1))}%", kind or sentence_kind or "",
                                    evidence(sentence), doubt, plain(payout) if payout is not None else None))


def _pieces(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _SEGMENT.finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return [(a, b) for a, b in out if b > a]


def _table_figures(table: Table, figures: list[StatedFigure]) -> set[str | None]:
    """Figures from a table with a header row; returns the rows it read (by path)."""
    if len(table.rows) < 2:
        return set()
    has_header = not any(re.search(r"\d", c.text) for c in table.rows[0])
    header = [c.text for c in table.rows[0]] if has_header else [""] * len(table.rows[0])
    context = (table.intro, *table.context[-1:])  # the nearer first: "RTP is:" under "What are my chances?"
    paths: set[str | None] = set()
    # "Banker | Player | Tie" over "1.06% | 1.24% | 14.36%": the header names each column's bet
    column_bets = [[b[0] for b in bets_in(h)][:1] for h in header] if has_header else []
    by_column = sum(map(bool, column_bets)) >= 2
    for row in table.rows[1 if has_header else 0:]:
        if by_column and not any(bets_in(cell.text) for cell in row):
            _column_figures(row, column_bets, (row[0].text, *context), figures, paths)
            continue
        bets = [b for cell in row[:1] for b in bets_in(cell.text)]
        # "Player Pair / Banker Pair | 10.36%": the figure is each of the bets listed
        names = leading_bets(row[0].text, bets) if bets else []
        if not bets:
            bets = [b for cell in row for b in bets_in(cell.text) if not _percents(cell.text)]
            names = [bets[0][0]] if bets else []
        if not bets:
            continue
        # "Banker | 1.06% | Tie | 4.93%": bets and their figures in pairs along the row
        paired = {col + 1: leading_bets(cell.text, found) for col, cell in enumerate(row[:-1])
                  if (found := bets_in(cell.text)) and not _percents(cell.text) and _percents(row[col + 1].text)}
        row_names = names
        for col, cell in enumerate(row):
            names = paired.get(col, row_names) if len(paired) >= 2 else row_names
            head = header[col] if col < len(header) else ""
            if ratios_in(cell.text) and not _kind(cell.text):
                continue  # "1:1 (−5 %)": a payout, and the commission taken from it
            texts = [_signed(p.group(1)) for p in _percents(cell.text)]
            if not texts and _kind(head, *context) and re.fullmatch(r"0?\.\d+", cell.text.strip()):
                texts = [_as_percent(cell.text.strip())]  # "0.458597" under "Probability", "0.9894" under "RTP"
            for text in texts:
                kind = _kind(head, cell.text, row[0].text, *context)
                if not kind:
                    continue
                path = row[0].element.getroottree().getpath(row[0].element.getparent())
                paths.add(path)
                for name in names:
                    figures.append(StatedFigure(name, f"{text}%", kind,
                                                Evidence(row_text(row)[:500],
                                                         row[0].element.sourceline, path)))
    return paths


def _column_figures(row: list, column_bets: list[list[str]], context: tuple[str, ...],
                    figures: list[StatedFigure], paths: set[str | None]) -> None:
    """A row of figures under a header of bets: each cell's figure is its column's bet's, of the
    kind its first cell or the table's title names ("House edge | 1.06% | 1.24%")."""
    kind = _kind(*context)
    if not kind:
        return
    path = row[0].element.getroottree().getpath(row[0].element.getparent())
    for col, cell in enumerate(row):
        names = column_bets[col] if col < len(column_bets) else []
        for p in _percents(cell.text)[:1] if names else ():
            paths.add(path)
            figures.append(StatedFigure(names[0], f"{_signed(p.group(1))}%", kind,
                                        Evidence(row_text(row)[:500], row[0].element.sourceline, path)))


def _as_percent(decimal_text: str) -> str:
    digits = decimal_text.split(".", 1)[1]
    value = Decimal(decimal_text) * 100
    return f"{value:.{max(0, len(digits) - 2)}f}"


def stated_values(figures: list[StatedFigure]) -> tuple[dict[str, float], dict[str, float]]:
    """Edges (RTPs as 1 - r) and probabilities by bet, each the first stated."""
    edges: dict[str, float] = {}
    probabilities: dict[str, float] = {}
    for f in figures:
        share, rest = _shares(f.text)
        if f.kind == "probability":
            probabilities.setdefault(f.bet, share)
        elif f.kind == "rtp":
            edges.setdefault(f.bet, rest)
        elif f.kind == "edge":
            edges.setdefault(f.bet, share)
    return edges, probabilities


@lru_cache(maxsize=1024)
def _shares(text: str) -> tuple[float, float]:
    """A percentage as a share of one, and 100% less it as one (cached: the exact fractions
    cost, and pages repeat their figures)."""
    p = Percent.parse(text)
    return float(p.fraction), float(p.complement().fraction)
