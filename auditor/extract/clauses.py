"""Reading drawing rules out of sentences and labelled cells.

A sentence is cut at its action verbs ("draws", "takes a card", "stands", "does not draw").
Each verb has an actor (the hand named nearest before it, or the sentence's subject) and a
polarity; the values around it are hand totals, or the Player's third-card values when they
follow a "third card" phrase. A label (a row header, a definition term, a list item's lead)
supplies what the sentence leaves out: the Banker total, the third card, or the branch.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

from .. import lazy_re
from . import canonical, literals
from .numbers import ALL, normalize, strip_noise, values_in
from .vocabulary import without_game_name

TOTALS = frozenset(range(8))

_STAND = canonical.pattern("stand_verb")
_DRAW = canonical.pattern("draw_verb")
# "any other card", "otherwise": the rest, which the statement beside it already implies
THE_REST = canonical.pattern("the_rest")
_DIGIT = lazy_re.compile(r"\d")
_LAST_SENTENCE = lazy_re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_NEVER_STANDS = canonical.pattern("never_stands")
# The hands as pages name them ("the Bank" in translations; "dealer" for the Banker)
HAND = canonical.pattern("hand_word")
_PLAYER_NAME = lazy_re.compile(canonical.fragment("player_name"))
_STRONG_SEPARATORS = canonical.pattern("strong_separators")
_SEPARATORS = lazy_re.compile(r"\s*,(?!\s*\d)\s*")  # "0, 1 or 2" is a list, not two clauses
_THIRD_CARD = canonical.pattern("third_card_phrase")
_THIRD_CARD_WORDS = canonical.pattern("third_card")
_PLAYERS_THIRD_CARD = canonical.pattern("players_third_card")
_THIRD_CARD_SPELLED = canonical.pattern("third_card_spelled")
_AFTER_THIRD_CARD = canonical.pattern("after_third_card")
_PLAYER_TOTAL = canonical.pattern("player_total")
_HAS_6_OR_7 = canonical.fragment("player_has_6_or_7")
"""One cue that the Player stood (a weak one: see read_sentence)."""
_STOOD = canonical.pattern("player_stood")
_DREW_INTRO = canonical.pattern("player_drew_intro")
_SAME_RULE = canonical.pattern("same_rule")
_DRAWS_TO = canonical.pattern("draws_to")
_CARD_AS_ACTION = canonical.pattern("card_as_action")
_CARD_AS_ACTION_READS = canonical.fragment("card_as_action_reads")
_CARD_COUNT = canonical.pattern("card_count")
_NUMBERED_BET = canonical.pattern("numbered_bet", re.IGNORECASE)
_CONDITION = canonical.pattern("player_condition")
_ALWAYS = canonical.pattern("always")
_ALWAYS_IN_VERB = canonical.pattern("always_in_verb")
_CARDS_EXCEPTION = canonical.pattern("cards_exception_cue")
_ON_VALUE = canonical.pattern("on_value")
_EXCEPTING = canonical.pattern("excepting")


@dataclass(frozen=True)
class Action:
    actor: str | None
    """'player', 'banker' or None (the sentence's subject)."""
    draws: bool
    pre: str
    post: str
    lead: str = ""
    """The whole text since the verb before, where `pre` keeps only its last clause ("... a
    third card and the Banker has 0-2, | the Banker always draws")."""


@dataclass(frozen=True)
class Reading:
    """What one statement says. Totals and cards are sets; None when not stated."""

    branch: str
    """'player' (Player rule), 'stood' (Banker, Player stood), 'banker' (Banker, Player drew),
    'unconditional' (Banker rows that do not depend on the third card), 'keyed_total'."""
    draws: bool
    totals: frozenset[int] | None
    cards: frozenset[int] | None
    exhaustive: bool = True
    """The opposite holds for the rest (a row that says where it draws implies it stands elsewhere)."""


_CHOICE_BEFORE = canonical.pattern("choice_before")


@lru_cache(maxsize=8192)
def actions(sentence: str) -> list[Action]:
    """Cut a normalised sentence at its action verbs."""
    found: list[tuple[int, int, bool]] = []
    taken: list[tuple[int, int]] = []
    for m in literals.fast(_NEVER_STANDS, sentence).finditer(sentence):  # "never stands": always draws
        found.append((m.start(), m.end(), True))
        taken.append(m.span())
    for m in literals.fast(_STAND, sentence).finditer(sentence):
        if not any(a <= m.start() < b for a, b in taken):
            found.append((m.start(), m.end(), False))
            taken.append(m.span())
    for m in literals.fast(_DRAW, sentence).finditer(sentence):
        if not any(a <= m.start() < b for a, b in taken):
            found.append((m.start(), m.end(), True))
    # "you never decide whether to hit": a choice no one has, not a rule
    found = sorted(f for f in found if not _CHOICE_BEFORE.search(sentence, max(0, f[0] - 40), f[0]))
    out = []
    for i, (start, end, draws) in enumerate(found):
        prev_end = found[i - 1][1] if i else 0
        pre = lead = sentence[prev_end:start]
        if i:
            cut = _last_separator(pre)[1]
            named = list(HAND.finditer(pre)) if not cut else []
            if named and out and out[-1].actor not in (None, _canonical(named[-1].group(0))):
                # "if the Player stands on 6 or 7 the Banker draws on 0-5": with no separator, the
                # other hand's name starts the clause
                cut = named[-1].start()
            pre = pre[cut:]
        elif ":" in pre and re.search(r"\d", pre.rsplit(":", 1)[1]):
            pre = pre.rsplit(":", 1)[1]  # "...depends on the third card: with 0-2 it draws"
        nxt = found[i + 1][0] if i + 1 < len(found) else len(sentence)
        post = sentence[end:nxt]
        if i + 1 < len(found):
            post = post[: _last_separator(post)[0]]
        if draws and (always := _ALWAYS_IN_VERB.search(sentence, start, end)):
            post = f" {always.group(0)}{post}"  # "takes always a third card" (as translated): always draws
        hands = HAND.findall(without_game_name(re.sub(r"\([^)]*\)", " ", pre) if "(" in pre else pre))
        out.append(Action(_canonical(hands[-1]) if hands else None, draws, pre, post, lead))
    return out


def _last_separator(text: str) -> tuple[int, int]:
    """The span of the last separator (";", ",", "and", "·") between two verbs' clauses that
    leaves some words after it ("stands, Banker has 0-5 : draws": the comma, not the colon);
    (len, 0) when there is none."""
    found = sorted(m.span() for p in (_STRONG_SEPARATORS, _SEPARATORS) for m in literals.fast(p, text).finditer(text))
    if len(found) > 1 and ":" in text[found[-1][0]:found[-1][1]] and not re.search(r"\w", text[found[-1][1]:]):
        return found[-2]  # "Banker has 0-5 : draws": the colon ends a label, not a clause
    if len(found) > 1 and ";" in text:
        # "from 2 to 7; with 0, 1, 8 or 9, stands", "2-7; with an ace, an 8, a 9 or a 0 it stands":
        # the semicolon cuts; the commas after it are the second clause's own
        strong = [span for span in found[:-1] if ";" in text[span[0]:span[1]] and re.search(r"\w", text[span[1]:])]
        if strong:
            return strong[-1]
    return found[-1] if found else (len(text), 0)


def _canonical(hand: str) -> str:
    return "player" if _PLAYER_NAME.fullmatch(hand) else "banker"


ITEM_KEY = lazy_re.compile(r"[^:.!?\d]{0,30}\d[^:.!?]{0,20}:(?=\s)")  # "0-2:", "banker 3:"
_ITEM_BREAK = lazy_re.compile(r"\s+[·•|]\s+")


def keyed_items(sentence: str) -> list[str]:
    """A run of items each keyed by its totals, on one line ("0-2: always · 3: unless ... is 8 ·
    7: stands"), as its items; any other sentence as it is (not "Banker 0 · 1 · 2: draws")."""
    if "·" not in sentence and "•" not in sentence and "|" not in sentence:
        return [sentence]
    items = _ITEM_BREAK.split(sentence)
    return items if len(items) > 1 and all(ITEM_KEY.match(item) for item in items) else [sentence]


@lru_cache(maxsize=8192)
def read_sentence(text: str, label: str = "", default_draws: bool | None = None,
                  label_branch: str | None = None, context: str = "") -> list[Reading]:
    """Readings from one sentence (or cell). `label` is its subject (a row header, a term, a
    question); `context` (headings) only says which hand it is about."""
    s = literals.sub(_DRAWS_TO, r"\1 on 0-\2", normalize(text))  # "Punto draws to 5": on 0-5
    s = _CARD_AS_ACTION.sub(_CARD_AS_ACTION_READS, s)  # "Banker has 3: third card, except if ...": draws
    s = _CARD_COUNT.sub(" ", s)  # "no more than 1 third card": a count of cards, not a total
    s = literals.sub(_NUMBERED_BET, " ", s)  # "... the side bets Dragon 7 and Panda 8": names
    if default_draws is None and not actions(s):
        return []  # no verb, and none given: nothing to read (half the clauses a page has)
    lab = normalize(label)
    if len(lab) > 80 and (lab.rstrip().endswith(":") or ". " in lab):
        # a long introduction says which hand, not which totals; its last sentence introduces
        # ("If the Player stood, ... . If the Player drew, the Banker follows these steps:")
        last = _LAST_SENTENCE.split(label.strip())[-1]
        context, lab = f"{context} {last}", ""
        if _keys_to_total(normalize(last)):
            lab = normalize(last)  # "... . Now the Banker looks at the Player's final total:" keys the rows
    both = without_game_name(f"{normalize(context)} {lab} {s}")
    subject = _sentence_subject(s, without_game_name(f"{normalize(context)} {lab}"), both, lab)
    acts = actions(s)
    readings: list[Reading] = []
    if not acts:
        if default_draws is None:
            return []
        # "5: if 4-7" under "Banker draws": the key names the total, as a verb's subject would
        key = ITEM_KEY.match(s)
        acts = [Action(None, default_draws, key.group(0), s[key.end():]) if key else Action(None, default_draws, "", s)]
    elif default_draws is not None and all(a.actor == "player" for a in acts) and subject == "banker":
        # "If Player draws any third card (unless it is an 8)" in a Banker "draws" column
        acts = [Action(None, default_draws, "", s)]
    # an introduction that says the Player drew outranks a weak cue in the sentence ("when the
    # Player has 6 or 7 points" under "If the Player has drawn a third card, ...")
    stood = (bool(_STOOD.search(both)) and not (_DREW_INTRO.search(f"{normalize(context)} {normalize(label)}")
                                                 and not _STOOD.search(re.sub(_HAS_6_OR_7, " ", s)))) \
        or label_branch == "stood"
    card_mode = False
    subject_cards: frozenset[int] | None = None
    read_actor: str | None = None  # the hand of the last verb read ("The Player draws ... and stands ...")
    for act in acts:
        actor = act.actor or read_actor or subject
        if act.actor == "player" and subject == "banker" and _subject(without_game_name(f"{lab} {s}")) != "player" \
                and _subject(without_game_name(s)) != "player":
            # a Player verb inside a Banker sentence is a condition ("if the Player draws a 9");
            # under a heading about the Banker, or an introduction naming the dealer, "The Player
            # hits on 0-5" is the Player's rule
            continue
        if THE_REST.search(act.pre + " " + act.post) and not _DIGIT.search(act.pre + act.post):
            continue  # "with any other third card it stands": the statement before implies it
        if actor == "player":
            totals = _totals(act.pre + " " + _CARD_DRAWN.sub(" ", act.post))
            if totals is None and label:
                totals = values_in(lab, TOTALS)
            if totals is not None:
                readings.append(Reading("player", act.draws, totals, None))
                read_actor = "player"
            continue
        if actor != "banker":
            continue
        reading = _banker(act, lab, stood, card_mode, label_branch, subject_cards)
        if reading is not None:
            # "draws when the third card is 2-7 and stands when it is 0, 1, 8 or 9": later
            # numbers are cards too; "when the third card is a 2, the Banker draws with 0-4 and
            # stands with 5-7": later numbers are totals, for the same card
            from_post = _THIRD_CARD.search(act.post) is not None
            card_mode = reading.branch == "banker" and reading.cards is not None and from_post \
                and not _THIRD_CARD_SPELLED.search(lab)
            if reading.branch == "banker" and not from_post and _THIRD_CARD.search(act.pre):
                subject_cards = reading.cards
            readings.append(reading)
            if reading.branch == "banker" and reading.cards and len(reading.cards) < len(ALL) \
                    and literals.search(_EXCEPTING, act.post):
                # "draws, unless the Player's third card is an 8": the 8 is stated, not implied
                readings.append(Reading("banker", not reading.draws, reading.totals, ALL - reading.cards,
                                        exhaustive=False))
    if stood and _SAME_RULE.search(s) and not any(r.branch == "stood" for r in readings):
        readings.append(Reading("stood", True, None, None))  # resolved later: as the Player rule
    return readings


def _keys_to_total(label: str) -> bool:
    """Whether a label keys the rows under it to the Player's total ("the Player's total after its
    third card"; "If the Player drew a third card, look at the Player's new total:" — the branch
    it opens with names the card, not what the rows are keyed to)."""
    return bool(_PLAYER_TOTAL.search(label)) and not _THIRD_CARD_WORDS.search(
        _AFTER_THIRD_CARD.sub(" ", _DREW_INTRO.sub(" ", label)))


@lru_cache(maxsize=8192)
def _totals(text: str) -> frozenset[int] | None:
    """Hand totals named by digits ("always" names no total)."""
    return values_in(text, TOTALS) if re.search(r"\d", strip_noise(text)) else None


def _sentence_subject(s: str, intro: str, both: str, label: str = "") -> str | None:
    """The hand a sentence's rule is about, from the sentence `s` and what introduces it
    (`intro`: headings and label; `both`: the two together; `label`: the term or row label)."""
    run_in = HAND.match(s.lstrip())
    if run_in and s.lstrip()[run_in.end():].lstrip().startswith(":"):
        # a hand the sentence opens with as its label outranks one its introduction names ("...
        # (neither the dealer nor you decide anything):" over "Player: with 0-5 draws a third card")
        return _canonical(run_in.group(0))
    labelled = _subject(label) if label and not HAND.search(without_game_name(s)) else None
    if labelled == "banker" or (labelled == "player" and not _THIRD_CARD_WORDS.search(label)
                                and not _STOOD.search(label) and not _DREW_INTRO.search(label)):
        # the term a sentence defines outranks the introduction over the terms ("Player and
        # Banker get two cards each ... third card ...:" / "Player" / "Draws on 0-5.")
        return labelled
    subject = _subject(both)
    if subject != "player":
        return subject
    if _PLAYERS_THIRD_CARD.search(s) and not HAND.search(_PLAYERS_THIRD_CARD.sub(" ", s)):
        # "with 3 draws with any Player's third card except the 8": the one hand the sentence
        # names owns the card its rule turns on, and only the Banker's rule turns on it
        return "banker"
    if not HAND.search(without_game_name(s)) and not HAND.search(_STOOD.sub(" ", _DREW_INTRO.sub(" ", intro))):
        # "with 5 draws if it is a 4-7" under "If the Player drew, the value of its card counts:":
        # the Player named only as having drawn or stood; only the Banker's rule turns on that
        return "banker"
    return subject


def _subject(text: str) -> str | None:
    text = without_game_name(text)
    main = _CONDITION.sub(" ", text)  # "If the Player draws, the Banker ...": the Banker's sentence
    hands = [_canonical(h) for h in HAND.findall(main)] or [_canonical(h) for h in HAND.findall(text)]
    if not hands:
        return None
    if "banker" in hands and (_THIRD_CARD_WORDS.search(text) or _STOOD.search(text)
                              or hands[0] == "banker"):
        return "banker"
    return hands[0]


_BANKER_HAS = canonical.pattern("banker_has")
_NATURAL_TOTALS = re.compile(r"(?<![\d.,])[89](?![\d.,])")
_OWN_CARD = canonical.pattern("own_third_card")
"""Right after the verb, "(draws) a third card" is the Banker's own card, not the Player's."""
_CARD_DRAWN = canonical.pattern("card_drawn")
"""Right after the verb, "(draws) a 6" is the card drawn (a deal), not a total."""


def _banker(act: Action, label: str, stood: bool, card_mode: bool, label_branch: str | None,
            subject_cards: frozenset[int] | None = None) -> Reading | None:
    pre, post = act.pre, _OWN_CARD.sub(" ", act.post)
    # "the Player's total after its third card" keys the rule to the total, not to the card
    keyed_label = bool(label) and _keys_to_total(label)
    if (_PLAYER_TOTAL.search(pre + " " + post) or keyed_label) and not _THIRD_CARD.search(
            _AFTER_THIRD_CARD.sub(" ", pre + " " + post)) \
            and not stood:
        # "the Banker looks at the Player's new total:" over the rows keys them all to it
        return Reading("keyed_total", act.draws, values_in(pre, TOTALS), None)
    cards: frozenset[int] | None = None
    totals_text = pre + " " + post
    m_post = _THIRD_CARD.search(post)
    m_pre = _THIRD_CARD.search(pre)
    if m_post:
        head = post[: m_post.start()]
        known = values_in(pre, TOTALS) is not None or (label and values_in(label, TOTALS) is not None
                                                        and not _THIRD_CARD.search(label))
        cue = _CARDS_EXCEPTION.search(head)
        if not known and cue and values_in(head[:cue.start()], TOTALS) is not None:
            # "draws with 3 unless the Player's third card is an 8": the total, then the exception
            cards = values_in(post[cue.start():], ALL, cards=True)
            totals_text = pre + " " + head[:cue.start()]
        elif known or values_in(head, TOTALS) is None or cue:
            cards = values_in(post, ALL, cards=True)  # "draws on all but an 8 as the Player's third card"
            totals_text = pre
        else:  # "draws on 0-4 when the Player's third card is 2 or 3"
            cards = values_in(post[m_post.start():], ALL, cards=True)
            totals_text = pre + " " + head
    elif m_pre:
        card_text = pre[m_pre.start():]
        has = _BANKER_HAS.search(card_text)  # "(if the Player drew) a third card and the Banker has 0-2,"
        cards = values_in(card_text[:has.start()] if has else card_text, ALL, cards=True)
        # (apart, as they stand in the sentence: "not" before the third card negates no total after it)
        totals_text = pre[: m_pre.start()] + " ; " + post + (" ; " + card_text[has.start():] if has else "")
    elif (card_mode and not _ON_VALUE.search(post)) or (
            not stood and _totals(pre) is not None and _totals(post) is not None):
        # "Banker 4 draws on 2-7": the total is named, so the other numbers are third cards
        cards = values_in(post, ALL, cards=True)
        totals_text = pre
    totals = _totals(totals_text)
    if totals is None and (has := _BANKER_HAS.search(act.lead)):
        # "If the Player has drawn a third card and the Banker has 0-2, the Banker always draws":
        # the condition before the verb's own clause names its totals
        totals = _totals(act.lead[has.end():])
    if totals is None and cards is None and _NATURAL_TOTALS.search(totals_text):
        return None  # totals of its own past 7 ("With 8 or 9 the Banker has a natural and stands"): no row
    if label:
        m = _THIRD_CARD.search(label)
        label_totals = values_in(label[: m.start()] if m else label, TOTALS)
        if m and cards is None:  # "If the Banker has 3 and the Player's third card is an 8 | stands"
            cards = values_in(label[m.start():], ALL, cards=True)
            totals = totals if totals is not None else label_totals
        elif totals is None:
            totals = label_totals
        elif cards is None and not stood and label_totals is not None:
            # a labelled row: "3 | draws on 0-7, 9": the label is the total, the body the cards
            cards, totals = values_in(totals_text, ALL, cards=True), label_totals
    if stood:
        return Reading("stood", act.draws, totals, None) if totals is not None else None
    if cards is None and subject_cards is not None:
        cards = subject_cards
    if cards is None:
        if totals is None:
            return None
        if _ALWAYS.search(totals_text) or (act.draws and totals <= {0, 1, 2}) or (not act.draws and totals <= {7}):
            return Reading("unconditional", act.draws, totals, ALL)
        return None
    if totals is None:
        return None
    return Reading("banker", act.draws, totals, cards)
