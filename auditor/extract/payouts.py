"""Payouts a page states: Banker commission or its replacement, the Tie payout and its wording,
Tie settlement of the main bets, side bets and their payouts."""

from __future__ import annotations

import re
from functools import lru_cache
from decimal import Decimal

from .. import lazy_re
from . import canonical, literals
from .document import Block, Document, Evidence, asks, lead_term, said, sentences
from .numbers import normalize, words_to_digits
from .statements import Statements
from .vocabulary import MAIN_BETS, SIDE_BETS, Ratio, bets_in, leading_bets, plain, ratios_in, other_variant_named, with_joined, without_game_name

_WOULD_PAY = canonical.pattern("would_pay_before", re.IGNORECASE)
_COMPARED = canonical.pattern("compared", re.IGNORECASE)  # "more generous than the 8 to 1 elsewhere"
_OTHERS_BEFORE = canonical.pattern("others_pay_before", re.IGNORECASE)
_OTHERS_AFTER = canonical.pattern("others_pay_after", re.IGNORECASE)
_BANKER_PAYOUT_HINT = canonical.pattern("banker_payout_hint")
_RATIO_FIGURES = canonical.pattern("ratio_hint_figures", re.IGNORECASE)
_RATIO_WORDS = canonical.pattern("ratio_hint_words", re.IGNORECASE)
_RELEVANT = canonical.pattern("payout_relevant")  # on lower case
_NO_COMMISSION = canonical.pattern("no_commission")
_HYPOTHETICAL = canonical.pattern("hypothetical")
_BACK_REFERENCE = canonical.pattern("back_reference")
_SIDE_BET_SUBJECT = canonical.pattern("side_bet_subject")
_OTHER_GAME = canonical.pattern("other_game_clause")
_OTHER_VERSIONS = canonical.pattern("other_versions")
_RATE = canonical.pattern("commission_rate")
_SHARE = canonical.pattern("share_of_stake")
_SIX = canonical.pattern("six")
_HALF = canonical.pattern("half")
_THREE_CARD_7 = canonical.pattern("three_card_7")
_PUSH = canonical.pattern("push")
_EDGE_TALK = canonical.pattern("kind_edge", re.IGNORECASE)
_LOSE = canonical.pattern("lose")
_TIE = canonical.pattern("tie")
_SIDE_CONTEXT = canonical.pattern("side_context")
_PAYS = canonical.pattern("pays")
_PAYOUT_CONDITION = canonical.pattern("payout_condition", re.IGNORECASE)
_BANK_NAME = canonical.pattern("bank_name")
_BANKER_NAMED = canonical.pattern("banker_named")
_SUPER_6_BET = canonical.pattern("super_6_bet")
_PAYS_OR_WINS = canonical.pattern("pays_or_wins")
_PAYS_OR_WINS_WORD = canonical.pattern("pays_or_wins_word")
_MAIN_HAND_OR_BETS = canonical.pattern("main_hand_or_bets")
_STAKES_OR_MONEY = canonical.pattern("stakes_or_money")
_LOST_STAKES = canonical.pattern("lost_stakes")
_GAME_TITLE = canonical.pattern("game_title", re.IGNORECASE)
_BET_OR_PAYS = canonical.pattern("wager_or_pays")
_BET_WORD = canonical.pattern("wager_word")
_SIDE_BET_CONTINUED = canonical.pattern("side_bet_continued")
_SIDE_BET_OFFERED = canonical.pattern("side_bet_offered")
_PRONOUN_PAYS = canonical.pattern("pronoun_pays")
WEAK = 100
"""How far a statement of what most tables do ranks below the page's own (never a contradiction)."""
_NONE = lazy_re.compile(canonical.fragment("none_value"), re.IGNORECASE)
_EACH = canonical.pattern("each_of_them")
_COMMISSION_NONE_LABEL = canonical.pattern("commission_none_label")
_LETTER = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"\d")


def read_payouts(doc: Document, found: Statements, main: str | None = None) -> None:
    """`main`: the variant the page is about, if its headings name one."""
    # the side bets the block before named, under the same heading: "(1) Player Pair wins if ...
    # Banker Pair wins if ..." / "(2) Both side bets are paid 11:1."
    carried: tuple[tuple[str, ...], list[str]] = ((), [])
    for block in doc.blocks:
        relevant = _relevant(block)
        earlier = carried[1] if carried[0] == block.context[-1:] else []
        named_here = [b for b, _, _ in bets_in(block.text) if b in SIDE_BETS]
        carried = (block.context[-1:], list(dict.fromkeys(named_here)) if named_here else earlier)
        if block.labels and _NONE.match(block.text) and literals.search(
                _NO_COMMISSION, f"{normalize(block.labels[-1])}: {normalize(block.text)}"):
            found.add("banker_commission", 0, said(block, block.text), block.rank)  # "<th>Commission</th><td>None."
        if not relevant:
            continue
        own = lead_term(block.text)  # a card's first line naming its bet is nearer than the box's label
        labels = own if own and bets_in(own[0]) and block.labels and not bets_in(block.labels[-1]) \
            else block.labels[-1:] or own
        if block.rank == 2 and not labels and (row_head := _heading_cell(block.text)[0]):
            labels = (row_head,)  # "Banker 1:1 | Wins if ... . 5% commission is deducted.": the row's bet
        context = normalize(" ".join((*block.context[-1:], *labels)))
        by_label = [b for b, _, _ in bets_in(" ".join(labels))]
        if not by_label and block.context and len(block.context[-1].split()) <= 3:
            # a card headed "Tie": "Pays 8:1" (under a label that names no bet: a tab "Side bets")
            by_label = [b for b, _, _ in bets_in(block.context[-1])]
        label_bet = by_label[0] if len(set(by_label)) == 1 else None  # <dt>Tie</dt>
        head = _column_heads(doc, block)  # "Bet | Payout | On a tie" over "Player | 1 to 1 | Stake returned"
        label_bets = [b for b in by_label if b in SIDE_BETS]
        previous_side: str | None = label_bets[0] if len(label_bets) == 1 else None  # <dt>Player Pair</dt>
        previous_sides: list[str] = []
        if len(set(label_bets)) > 1 and len(label_bets) == len(by_label):
            # <dt>Player Pair / Banker Pair</dt><dd>... They pay 11 to 1.</dd>: each of them
            previous_sides = list(dict.fromkeys(label_bets))
            previous_side = previous_sides[0]
        if previous_side is None and not by_label and earlier:
            previous_side, previous_sides = earlier[-1], earlier
        labelling = _labelling_side_bets(block)
        named_before: list[str] = []  # the bets the sentence before named
        for sentence, s, question in relevant:
            evidence = said(block, sentence)
            assigned = _assigned(sentence)
            owner = label_bet if label_bet is not None else (
                named_before[0] if len(set(named_before)) == 1 and named_before[0] in MAIN_BETS
                and _PRONOUN_PAYS.search(s) else None)
            weak = False  # said only as what most tables pay, and outranked by anything else said
            plain_s = words_to_digits(sentence)
            if not assigned and owner is not None and (not bets_in(sentence) or _ratio_before_bets(plain_s)):
                # "<dt>Tie</dt><dd>... Pays 8 to 1.</dd>": the term names whose payout it is; so
                # does the sentence before, of "it": "The Tie is the long shot. It pays 9 for 1."
                assigned = [(owner, r) for r in _mine(plain_s, ratios_in(plain_s))]
                if not assigned and owner != label_bet:
                    # "At most tables in Ireland it pays 9 for 1": an explainer's only word on it
                    assigned, weak = [(owner, r) for r in ratios_in(plain_s)], True
            # "Banker wins are paid 1 to 1. A commission of 5% is withheld.": the Banker's
            banker_before = set(named_before) == {"banker"} and not bets_in(sentence)
            _commission(s, assigned, context, evidence, block.rank, found, block.text, question, banker_before)
            _tie(assigned, evidence, block.rank - WEAK if weak else block.rank, found)
            _settlement(s, f"{context} {question} {head}", evidence, block.rank, found)
            _side_bets(sentence, s, context, block, evidence, found, labelling, main)
            named = [b for b, _, _ in bets_in(sentence)]
            named_before = named
            if previous_side and _SIDE_BET_CONTINUED.match(s):
                # "Yes, Perfect Pair. It wins when ... and pays 25 to 1."; "Dragon 7 / Pays 40 to 1
                # when the Banker wins ...": a bet named after the payout is its condition
                # "It wins if the Banker wins with a 6 and pays 12 to 1": a bet named in the
                # condition before the payout is its condition too
                digits = words_to_digits(sentence)
                ratios = [r for r in ratios_in(digits) if r.to_one >= 2]
                first_bet = bets_in(digits)[0][1] if named else len(sentence)
                if ratios and (ratios[0].start < first_bet or _PAYOUT_CONDITION.search(digits[:first_bet])):
                    for side in previous_sides or [previous_side]:  # "«Player Pair» and «Banker Pair» ... Pay 11 to 1"
                        found.add(f"side_bets.{side}", plain(ratios[0].to_one), evidence, block.rank + 10)
            previous_side = next((b for b in reversed(named) if b in SIDE_BETS),
                                 previous_side if not named or label_bets else None)
            sides = [b for b in named if b in SIDE_BETS]
            previous_sides = sides if sides else (previous_sides if not named or label_bets else [])


def _column_heads(doc: Document, block: Block) -> str:
    """The header row of the table a row block belongs to (not the row itself), normalised."""
    if block.table is None or block.table >= len(doc.tables):
        return ""
    rows = doc.tables[block.table].rows
    if len(rows) < 2 or not all(c.header for c in rows[0]) or " | ".join(c.text for c in rows[0]) == block.text:
        return ""
    return normalize(" ".join(c.text for c in rows[0]))


def _relevant(block: Block) -> list[tuple[str, str, str]]:
    """The sentences of a block that may state a payout, each with its normalised text and the
    question it answers ("A tie, and you bet on the Banker? You get your stake back."); a
    question states nothing; most prose says nothing of payouts."""
    out = []
    asked = previous = ""
    for sentence in sentences(block.text):
        s = normalize(sentence)
        question, asked = asked, (s if asks(s) else "")
        if not asked and _RELEVANT.search(s):
            # a sentence that says "in this case" is about the case the one before names
            out.append((sentence, s, question or (previous if literals.search(_BACK_REFERENCE, s) else "")))
        previous = s
    return out


@lru_cache(maxsize=4096)
def _assigned(raw: str) -> list[tuple[str, Ratio]]:
    """Each payout ratio with the bet it belongs to: the bet named just before it (with the bets
    listed with it: "Player Pair and Banker Pair pay 11:1"), or, when the sentence names
    ratios before bets ("8 to 1 on the Tie"), just after it. In a table row, the bet that heads
    the row; a side bet that is the subject ("the Super 6 wager wins when Banco wins ... and
    pays 12 to 1", "Dragon 7: Banker wins with a three-card 7, 40:1") keeps its payout over a
    main bet named in the condition."""
    s = words_to_digits(raw)
    if not (literals.fast(_RATIO_FIGURES, s).search(s) or literals.search(_RATIO_WORDS, s)):
        return []
    bets = bets_in(s)
    ratios = _mine(s, ratios_in(s))
    if not bets or not ratios:
        return []
    if _tiles(s, bets, ratios):
        # "Tie 9 to 1 | Player Pair 11 to 1": a row of tiles, each a bet and its payout after it
        tiled = []
        for r in ratios:
            before = [i for i, b in enumerate(bets) if b[2] <= r.start]
            if before:
                tiled += [(name, r) for name in with_joined(s, bets, before[-1])]
        return tiled
    first_cell, offset = _heading_cell(s)
    row_bets = bets_in(first_cell)
    if row_bets:
        names = leading_bets(first_cell, row_bets)
        return [(name, r) for r in ratios if r.start >= offset + row_bets[-1][2] for name in names]  # "Tie (9:1) | ..."
    out = []
    ratio_first = ratios[0].start < bets[0][1]
    for r in ratios:
        if ratio_first:
            # (not past a break: "Payout 8:1 – Player and Banker stakes push" is no Player payout)
            after = [b for b in bets if b[1] >= r.end and not _BREAK.search(s, r.end, b[1])]
            if after:
                out.append((after[0][0], r))
            continue
        before = [i for i, b in enumerate(bets) if b[2] <= r.start]
        if not before:
            continue
        nearest = bets[before[-1]]
        side = [b for b in bets[: before[-1]] if b[0] in SIDE_BETS]
        if (nearest[0] not in SIDE_BETS and side and r.to_one >= 2
                and (_PAYOUT_CONDITION.search(s[side[0][2]:nearest[1]])
                     # "Super 6 (the Banker wins with 6): 12 to 1": the main bet in an aside is the condition
                     or ("(" in s[side[-1][2]:nearest[1]] and ")" in s[nearest[2]:r.start]))):
            out.append((side[0][0], r))
        else:
            out += [(name, r) for name in with_joined(s, bets, before[-1])]
    return out


_RATIOS_COMPARED = canonical.pattern("ratios_compared", re.IGNORECASE)
_QUOTES = frozenset('"“”„«»')
_BREAK = lazy_re.compile(canonical.fragment("clause_dash") + r"|[;.]\s")


def _ratio_before_bets(plain_s: str) -> bool:
    """Whether a sentence (its numbers as digits) gives a payout before it names any bet, and
    then names them past a break ("Payout 8:1 – Player and Banker stakes push" under a card
    headed "Tie")."""
    ratios, bets = ratios_in(plain_s), bets_in(plain_s)
    return bool(ratios) and bool(bets) and ratios[0].end <= bets[0][1] \
        and _BREAK.search(plain_s, ratios[0].end, bets[0][1]) is not None


def _tiles(row: str, bets: list, ratios: list[Ratio]) -> bool:
    """Whether a table row's cells each name a bet and then its payout (two or more of them)."""
    if " | " not in row:
        return False
    tiles, start = 0, 0
    for cell in row.split(" | "):
        end = start + len(cell)
        first_bet = next((b for b in bets if start <= b[1] < end), None)
        if first_bet is not None and any(first_bet[2] <= r.start < end for r in ratios):
            tiles += 1
        start = end + 3
    return tiles >= 2


def _heading_cell(row: str) -> tuple[str, int]:
    """The cell that heads a table row (and where it starts): the first, or the first after
    cells with neither a letter nor a digit ("⭐ | Super 6 · Banker wins with 6 | 15:1": an icon
    before the name); "" when the text is no row."""
    if " | " not in row:
        return "", 0
    offset = 0
    for cell in row.split(" | "):
        if _LETTER.search(cell) or _DIGIT.search(cell):
            return cell, offset
        offset += len(cell) + 3
    return "", 0


def _mine(s: str, ratios: list[Ratio]) -> list[Ratio]:
    """The ratios that are the page's own: not one said of another game, compared with ("better
    than the 8 to 1"), or what other casinos pay ("most casinos pay 8 to 1", "the 8 to 1 found at
    most tables": what follows a ratio, up to the next one, is said of it)."""
    out = []
    for i, r in enumerate(ratios):
        before = s[max(0, r.start - 60):r.start]
        after = s[r.end:ratios[i + 1].start] if i + 1 < len(ratios) else s[r.end:]
        others = _OTHERS_AFTER.search(after)
        if others and i + 1 < len(ratios) and _PAYS.search(after[others.end():]):
            others = None  # "9 for 1, while many casinos pay 8 to 1": said of the ratio after it
        quoted = s[:r.start].rstrip()[-1:] in _QUOTES and s[r.end:].lstrip()[:1] in _QUOTES  # 'written as "9 for 1"': a mention
        paired = (i + 1 < len(ratios) and _RATIOS_COMPARED.match(s, r.end, ratios[i + 1].start)) or (
            i and _RATIOS_COMPARED.match(s, ratios[i - 1].end, r.start))  # "8:1 vs 9:1": neither is said
        if r.to_one > 0 and not (_COMPARED.search(before[-30:]) or _OTHERS_BEFORE.search(before) or others or paired or quoted
                                 or _WOULD_PAY.search(before[-45:])):
            out.append(r)
    return out


def _commission(s: str, assigned: list[tuple[str, Ratio]], context: str, evidence: Evidence, rank: int,
                found: Statements, block: str = "", case: str = "", banker_before: bool = False) -> None:
    """`case`: the sentence before, when this one refers back to it ("When that happens, ...");
    `banker_before`: whether that sentence named the Banker bet and no other."""
    if _OTHER_VERSIONS.search(s):
        return  # "there are 'no commission' versions, such as ...": other versions' rule
    if not _BANK_NAME.search(s) and not banker_before and not _BANK_NAME.search(without_game_name(context)):
        # (a heading "Punto Banco: the glossary" names no Banker bet)
        if literals.search(_NO_COMMISSION, s) and not _HYPOTHETICAL.search(s) and (
                _BANKER_NAMED.search(normalize(block)) or _COMMISSION_NONE_LABEL.search(s)):
            # "No commission is taken. If the Banker wins with 6, ...": commission is the Banker's
            found.add("banker_commission", 0, evidence, rank)
        return
    if _PUSH.search(s) and (_THREE_CARD_7.search(s) or _THREE_CARD_7.search(case)):
        # (said in any words: "your Banker stake is neither won nor lost")
        found.add("banker_three_card_7_push", True, evidence, rank)
    if not _BANKER_PAYOUT_HINT.search(s):
        return  # a drawing rule or a description of the Banker hand, not its payout
    on_six = bool(_SIX.search(s)) and not _SUPER_6_BET.search(s)
    player_paid = bool(assigned) and all(bet == "player" for bet, _ in assigned)  # "the Player is paid 1 to 1, no commission"
    if _NO_COMMISSION.search(s) and not _HYPOTHETICAL.search(s) and not player_paid:
        found.add("banker_commission", 0, evidence, rank)
    m = _RATE.search(s) if not _OTHER_GAME.search(s) else None  # (not "in classic baccarat, 5%")
    if m and not _NO_COMMISSION.search(s):
        rate = Decimal(next(g for g in m.groups() if g)) / 100
        if 0 < rate < Decimal("0.5"):
            found.add("banker_commission", plain(rate), evidence, rank)
            return
    m = _SHARE.search(s)
    if m:
        share = Decimal(m.group(1)) / 100
        if Decimal("0.5") < share < 1:
            found.add("banker_commission", plain(1 - share), evidence, rank)
            return
    for bet, ratio in assigned:
        if bet != "banker":
            continue
        if on_six and ratio.to_one <= Decimal("0.5") and _PAYS_OR_WINS.search(s):
            # (a 6 paid "0.95 to 1, as any win" is the commission, no payout of its own)
            found.add("banker_pays_on_6", plain(ratio.to_one), evidence, rank)
        elif Decimal("0.5") < ratio.to_one < 1:
            found.add("banker_commission", plain(1 - ratio.to_one), evidence, rank)
    if on_six and _HALF.search(s) and _PAYS_OR_WINS_WORD.search(s):
        found.add("banker_pays_on_6", 0.5, evidence, rank)


def _without_ratios(raw: str) -> str:
    """The text with its payout ratios cut out ("11 to 1." -> "."): what is left of a payout alone."""
    text = words_to_digits(raw)
    for r in reversed(ratios_in(text)):
        text = text[:r.start] + text[r.end:]
    return text


def _tie(assigned: list[tuple[str, Ratio]], evidence: Evidence, rank: int, found: Statements) -> None:
    for bet, ratio in assigned:
        if bet == "tie" and ratio.to_one >= 2:
            found.add("tie_pays", plain(ratio.to_one), evidence, rank)
            found.add("tie_payout_wording", ratio.wording, evidence, rank)


def _settlement(s: str, context: str, evidence: Evidence, rank: int, found: Statements) -> None:
    if _SIDE_BET_SUBJECT.match(s):
        return  # "Pair bets ... win whether the hand wins, loses or ties": a side bet's settlement
    if _LOSE.search(s) and literals.search(_EDGE_TALK, s):
        return  # "The house edge is what you can expect to lose ... on Tie": what a bet costs, not how it settles
    text = f"{context} {s}"
    # (the stakes first: the rarest in a page's sentences, and a literal test spares the rest)
    if not (literals.search(_STAKES_OR_MONEY, text) and literals.search(_TIE, text)
            and _MAIN_HAND_OR_BETS.search(text)):
        return
    ratios = ratios_in(s)
    if ratios and not _PUSH.search(s) and not _LOSE.search(s[ratios[-1].end:]):
        return  # a payout; "..., the Tie pays 8 to 1 and Player or Banker bets are settled as losing" is both
    if _PUSH.search(s):
        found.add("main_bets_push_on_tie", True, evidence, rank)
    elif (lose := _LOSE.search(s)) and (_losers(s[:lose.start()]) != "tie" or _lost_after(s[lose.end():])):
        found.add("main_bets_push_on_tie", False, evidence, rank)


def _lost_after(after: str) -> bool:
    """"On a tie you lose your stakes on the Player and the Banker": the main bets are named after
    the verb, as what is lost."""
    named = [b for b, _, _ in bets_in(after[:80])]
    return bool(named) and named[0] in ("player", "banker") and bool(
        _LOST_STAKES.match(after))


def _losers(before: str) -> str | None:
    """The bet named last before "lose": "Tie bets lose on ..." is no statement about the main
    bets; "Only Tie bets win: Player and Banker bets lose" is."""
    named = bets_in(before)
    return named[-1][0] if named else None


def _labelling_side_bets(block: Block) -> tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]]:
    """The side bets a block's heading names (as the side bet's section, not the game's title),
    and those its term names: (heading's, term's). (Once a block, for all its sentences.)"""
    title = " ".join(block.context[-1:])
    heading = [b for b in bets_in(title) if b[0] in SIDE_BETS]
    if heading and (len(title.split()) > 4 or _GAME_TITLE.search(title)):
        heading = []  # "Super 6 Baccarat" names the game, not the side bet
    term = [b for b in bets_in(" ".join(block.labels[-1:])) if b[0] in SIDE_BETS]
    return heading, term


def _side_bets(raw: str, s: str, context: str, block: Block, evidence: Evidence, found: Statements,
               labelling: tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]], main: str | None = None) -> None:
    """`labelling`: the block's `_labelling_side_bets`; `main`: the page's variant."""
    named = [b for b in bets_in(raw) if b[0] in SIDE_BETS]
    heading, term = labelling
    condition = _PAYOUT_CONDITION.search(raw)
    if not named and len(term) == 1 and len(heading) != 1 and _SIDE_CONTEXT.search(s) \
            and all(condition and start > condition.start() for _, start, _ in bets_in(raw)):
        # "<dt>Perfect Pair</dt><dd>A side bet that wins when ...</dd>": the term is the side bet
        # (a main bet named in the condition is no other subject: "... if either Player or Banker gets a pair")
        ratios = [r for r in ratios_in(words_to_digits(raw)) if r.to_one >= 2]
        found.add(f"side_bets.{term[0][0]}", plain(ratios[0].to_one) if ratios else None, evidence,
                  block.rank + (10 if ratios else 0))
        return
    if not named and not (bets_in(raw) and _assigned(raw)) and len(heading) == 1 and \
            (_BET_OR_PAYS.search(f"{context} {s}") or not _LETTER.search(_without_ratios(raw))):
        # (a main bet named with its own payout, "Tie pays | 8 to 1", is not the side bet's)
        # a section headed by the side bet: "Dragon 7" / "Bet that the Banker will win with ...",
        # or "Dragon 7" / "40:1" (a payout alone)
        ratios = [r for r in ratios_in(words_to_digits(raw)) if r.to_one >= 2]
        bet = heading[0][0]
        found.add(f"side_bets.{bet}", plain(ratios[0].to_one) if ratios else None, evidence,
                  block.rank + (10 if ratios else 0))
        return
    if not named:
        return
    paid = {}
    for bet, ratio in _assigned(raw):
        if bet in SIDE_BETS and bet not in paid:
            paid[bet] = ratio
    listed = bets_in(raw)
    for i in range(len(listed)):
        # "Player Pair and Banker Pair win if ... and are paid 11 to 1": the bets listed together share it
        together = [b for b in with_joined(raw, listed, i) if b in SIDE_BETS]
        known = next((paid[b] for b in together if b in paid), None)
        if known is not None and len(together) > 1:
            for other in together:
                paid.setdefault(other, known)
    if paid and literals.search(_EACH, raw):
        # "A winning Player Pair wager and a winning Banker Pair wager shall each be paid 11 to 1"
        ratio = next(iter(paid.values()))
        for bet, start, _ in bets_in(words_to_digits(raw)):
            if bet in SIDE_BETS and start < ratio.start:
                paid.setdefault(bet, ratio)
    heads_row = block.rank == 2 and bool(named) and raw.find(" | ") > named[0][1]
    offered = heads_row or bool(_SIDE_CONTEXT.search(f"{context} {s}")) or bool(_SIDE_BET_OFFERED.search(s))
    for bet, _, _ in named:
        if bet in paid:
            found.add(f"side_bets.{bet}", plain(paid[bet].to_one), evidence, block.rank + 10)
        elif offered and (bet not in ("big", "small", "super_6", "dragon_7")
                          or heads_row or _BET_WORD.search(s)) and not other_variant_named(s, main):
            # (not a bet named with another game: "try EZ Baccarat with its Dragon 7" on a Super 6 page)
            found.add(f"side_bets.{bet}", None, evidence, block.rank)
