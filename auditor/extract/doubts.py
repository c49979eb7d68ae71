"""How far a reading can be trusted: rules no known game has, and rule-bearing content no
reading used (coverage). Fills `Extraction.uncertain` and `Extraction.unread`; the findings
that rest on them become "review" (`auditor/certainty.py`).

Every test here reads the canonical words the lexicons rewrite a page into, so it holds in
every language.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from .. import lazy_re
from . import canonical
from .clauses import HAND
from .document import Block, Document, Evidence, asks, row_text, sentences
from .model import Extraction, Unread
from .numbers import normalize, strip_noise
from .vocabulary import SIDE_BETS, bets_in

# --- rules no known game has ----------------------------------------------------------------


def gap(totals: Iterable[int] | None) -> bool:
    """Whether a hand that draws on `totals` stands on a total below one it draws on."""
    totals = sorted(totals or ())
    return bool(totals) and totals != list(range(totals[-1] + 1))


def rise(lower: Iterable[int], higher: Iterable[int]) -> set[int]:
    """The third cards a Banker row draws on where the row of the total below it stands: no
    known game has one."""
    return set(higher) - set(lower)


def implausible(x: Extraction) -> None:
    """Mark drawing rules whose shape no known game has: a hand that draws on some totals but
    stands on lower ones, or a Banker row that draws on a card a lower total stands on; unless
    two independent parts of the page state them so."""
    v, ev = x.values, x.evidence
    for field, who in (("player_draws_on", "the Player"), ("banker_draws_player_stood", "the Banker (Player stood)")):
        totals = v.get(field)
        if totals is not None and x.stated_twice(field, range(max(totals, default=7) + 1)):
            continue  # stated so in two places: what the page says
        if totals is not None and not totals:
            x.uncertain.setdefault(field, f"The page is read as having {who} never draw, which no known game has; "
                                          f"check the rule{_at(ev, field)}.")
        elif gap(totals):
            x.uncertain.setdefault(field, f"The page is read as having {who} draw on {_list(totals)}, which leaves a "
                                          f"gap no known game has; check the rule{_at(ev, field)}.")
    rows = {int(k): set(c) for k, c in (v.get("banker_draws") or {}).items()}
    for total in range(7):
        low, high = rows.get(total), rows.get(total + 1)
        cards = sorted(rise(low, high)) if low is not None and high is not None else []
        if not cards:
            continue
        if x.stated_twice(f"banker_draws.{total + 1}", cards):
            continue
        x.uncertain.setdefault(
            f"banker_draws.{total + 1}",
            f"The Banker is read as drawing with {total + 1} but standing with {total} when the Player's third card "
            f"is {_list(cards)}: no known game draws on a higher total where it stands on a lower one; check the "
            f"chart{_at(ev, f'banker_draws.{total + 1}')}.")


def keyed_beside(x: Extraction) -> None:
    """Mark the Banker rows read by the third card that stand in the same list or paragraph as a
    row keyed to the Player's total: a page that keys one row to the total ("if the Player has
    2-7 points") may mean the total in its siblings too ("unless the Player gets to 8")."""
    keyed = x.evidence.get("banker_rule_keyed_to_total")
    if keyed is None or keyed.path is None:
        return
    parent = keyed.path.rsplit("/", 1)[0]
    for total, cards in (x.values.get("banker_draws") or {}).items():
        ev = x.evidence.get(f"banker_draws.{total}")
        if not cards or len(cards) == 10 or ev is None or ev.path is None or ev.path.rsplit("/", 1)[0] != parent:
            continue
        x.uncertain.setdefault(
            f"banker_draws.{total}",
            f"The Banker row for {total} is read by the Player's third card, but a rule beside it is keyed to the "
            f"Player's total{keyed.where()}, and this one may be too; check the rule{ev.where()}.")


#: bet -> the widest band a win probability of a main bet can fall in, in any baccarat game (a
#: figure outside it is the chance of something else: "Banker wins on a three-card 7, in 2% of rounds")
_PROBABILITY_BANDS = {"banker": (0.3, 0.6), "player": (0.3, 0.6), "tie": (0.05, 0.15)}


def unlikely_probabilities(x: Extraction) -> None:
    """Mark stated win probabilities of the main bets that no baccarat game has."""
    for bet, value in (x.values.get("stated_probabilities") or {}).items():
        low, high = _PROBABILITY_BANDS.get(bet, (0.0, 1.0))
        if not low <= value <= high:
            figure = next((f for f in x.figures if f.bet == bet and f.kind == "probability"), None)
            where = figure.evidence.where() if figure is not None and figure.evidence is not None else ""
            x.uncertain.setdefault(
                f"stated_probabilities.{bet}",
                f"The page is read as giving the {bet} bet a {value:.2%} chance of winning, far from any "
                f"baccarat game's: the figure may be the chance of something else; check it{where}.")


def figures_of_another_payout(x: Extraction) -> None:
    """Mark a Tie figure said right after a Tie payout other than the page's ("at 8 to 1 (14.4%
    there)" on a page whose Tie pays 9 to 1): it may be that payout's figure, not the game's."""
    pays = x.values.get("tie_pays")
    if pays is None:
        return
    for i, figure in enumerate(x.figures):
        if figure.bet == "tie" and figure.doubt is None and figure.payout_before not in (None, pays):
            x.figures[i] = replace(figure, doubt=f"The figure follows a Tie payout of {figure.payout_before} to 1, "
                                                 f"not the page's {pays} to 1, so it may be that payout's")


# --- coverage -------------------------------------------------------------------------------

_DRAWING = canonical.pattern("drawing_topic")
_ON_THIRD_CARD = canonical.pattern("on_third_card")  # "draws if the Player's third card is"
_TOTAL = lazy_re.compile(r"(?<![\d.,])[0-9](?![\d.,]\d)")  # a total, not "3.4" (a clause number)
_NATURAL = canonical.pattern("natural_topic")
_STOOD = canonical.pattern("stood_topic")
_COMMISSION = canonical.pattern("commission_topic")
_TIE = canonical.pattern("tie_topic")
_RATIO = canonical.pattern("ratio_topic")
_PAID = canonical.pattern("paid_topic")
_ODDS = canonical.pattern("odds_topic")
_PERCENT = lazy_re.compile(r"\d\s*%")
_TOTAL_ITEM = lazy_re.compile(r"\s*[0-9](?:\s*[-–,]\s*[0-9])*\s*[:|]\s*\S")  # "3: All but 8", "0-2 | any"

#: topic -> what a part of the page must say to bear on it (`h`: the heading it stands under)
_TOPICS = {
    # a hand named, or a heading on drawing over it (a hand in words no lexicon knows)
    # (or the third card the rule turns on, a chart's header over rows of bare numbers)
    # (or an item keyed by a total under a heading on drawing: "3: All but 8" under "Banker · Player draws")
    "drawing": lambda s, h: bool((_DRAWING.search(s) and (_TOTAL.search(strip_noise(s)) or _ON_THIRD_CARD.search(s))
                                  and (HAND.search(s) or _DRAWING.search(h)))
                                 or (_TOTAL_ITEM.match(s) and _DRAWING.search(h) and HAND.search(h))),
    "natural": lambda s, h: bool(_NATURAL.search(s) and _DRAWING.search(s)),
    # a Banker payout's commission, not an affiliate's ("we may receive a commission")
    "commission": lambda s, h: bool(_COMMISSION.search(s) and (HAND.search(s) or _PERCENT.search(s))),
    # (or the Tie said to be paid, in words no lexicon turned into a ratio: "paid eight against one")
    "tie": lambda s, h: bool(_TIE.search(s) and (_RATIO.search(s) or _PAID.search(s))),
    # (or figures of the bets under a heading that says what they are: "House edge")
    "odds": lambda s, h: bool((_ODDS.search(s) or _ODDS.search(h)) and _PERCENT.search(s)
                              and (HAND.search(s) or _TIE.search(s))),
    "side_bets": lambda s, h: bool(_RATIO.search(s) and any(b in SIDE_BETS for b, _, _ in bets_in(s))),
}
#: the fields whose absence makes a topic's unread content matter
_FIELDS = {
    "drawing": ("player_draws_on", "banker_draws_player_stood", "banker_draws"),
    "natural": ("naturals_stand",),
    "commission": ("banker_commission", "banker_pays_on_6", "banker_three_card_7_push"),
    "tie": ("tie_pays",),
    "odds": ("stated_edges", "stated_probabilities"),
    "side_bets": ("side_bets",),
}
_MISSING_TOPIC = {"natural": "drawing"}
_BY_SENTENCE = ("drawing", "natural")  # topics read from single sentences, never from a paragraph whole
_FEW = 3  # sentences in a paragraph read whole for the topics of payouts  # the findings group natural content with drawing


def topic_of(field: str) -> str:
    """The topic an extracted field (or `banker_draws.3`, `side_bets.dragon_7`) belongs to."""
    name = field.split(".", 1)[0]
    return next((t for t, fields in _FIELDS.items() if name in fields), "side_bets" if name == "side_bets" else name)


def coverage(x: Extraction, doc: Document, used: dict[str, set[str]], unread_columns: Iterable[Evidence] = ()) -> None:
    """Record the rule-bearing parts of the page no reading used for their topic (`used`: by
    topic, the text of every sentence or row a statement on it was read from, as read or as the
    page wrote it; `unread_columns`: the columns of marks a chart was read without), for each
    topic whose fields the page is read as leaving out (or, for drawing, leaving incomplete)."""
    wanted = [t for t, fields in _FIELDS.items() if _wants(t, fields, x)]
    if not wanted:
        return
    if "drawing" in wanted:
        x.unread += [Unread("drawing", evidence) for evidence in unread_columns]
    seen: set[tuple[str, str | None]] = set()
    unpaid = {b for b, pays in (x.values.get("side_bets") or {}).items() if pays is None}
    for text, original, evidence, heading, pieces in _parts(doc):
        s = normalize(text)
        for topic in wanted:
            read = used.get(topic, set())
            if text[:500] in read or original[:500] in read or any(p[:500] in read for p in pieces):
                continue
            if len(pieces) > 1 and topic in _BY_SENTENCE:
                continue  # (a paragraph names drawing and totals in passing; its rules are sentences)
            if topic == "side_bets" and not {b for b, _, _ in bets_in(s)} & unpaid:
                continue  # about another side bet than the ones with no payout
            if (topic, evidence.path) in seen or not _TOPICS[topic](s, heading):
                continue
            seen.add((topic, evidence.path))
            x.unread.append(Unread(_MISSING_TOPIC.get(topic, topic), evidence.quoting(original[:300])))


def _wants(topic: str, fields: tuple[str, ...], x: Extraction) -> bool:
    if topic == "side_bets":
        return None in (x.values.get("side_bets") or {}).values()  # a side bet offered with no payout
    if topic == "drawing":
        rows = x.values.get("banker_draws") or {}
        return any(x.values.get(f) is None for f in fields) or len(rows) < 8
    return all(x.values.get(f) is None for f in fields)


def _parts(doc: Document) -> Iterator[tuple[str, str, Evidence, str, list[str]]]:
    """Every sentence of every block (but questions), every block of a few sentences whole (a
    payout may take two: "Bet on the Tie. ... Pays 8 to 1."), and every table row with
    its table's header row: as the reader read it, as the page wrote it, where, the heading it
    stands under, and its pieces (a reading that used one of them read it)."""
    headings = {b.context[-1] for b in doc.blocks if b.context}
    for block in doc.blocks:
        if block.text in headings or block.rank == 2:
            continue  # a heading names a topic, it states no rule ("Art. 5 - The Player's third card")
        heading = normalize(block.context[-1]) if block.context else ""
        said = list(_statements(block))
        for sentence in said:
            yield sentence, block.source_text or sentence, block.evidence, heading, []
        if 1 < len(said) <= _FEW:
            yield " ".join(said), block.source_text or block.text, block.evidence, heading, said
    for table in doc.tables:
        heading = normalize(table.context[-1]) if table.context else ""
        head = " | ".join(c.text for c in table.rows[0]) if len(table.rows) > 1 else ""
        for row in table.rows:
            text = " | ".join(c.text for c in row)
            if text.strip(" |"):
                yield (f"{text} | {head}" if head and row is not table.rows[0] else text), row_text(row), \
                    table.evidence, heading, [text]


def _statements(block: Block) -> Iterator[str]:
    for sentence in sentences(block.text):
        if not asks(sentence) and not sentence.rstrip().endswith(":"):  # an introduction states nothing
            yield sentence


def _list(values: list[int]) -> str:
    values = sorted(values)
    return ", ".join(map(str, values[:-1])) + f" and {values[-1]}" if len(values) > 1 else str(values[0])


def _at(evidence: dict[str, Evidence | None], field: str) -> str:
    found = evidence.get(field)
    return found.where() if found is not None else ""
