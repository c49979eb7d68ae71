"""How sure a finding is: `certain`, or `review` when it rests on a reading the extractor could
not settle, or says something is missing while rule-bearing content that may state it went
unread (as axe-core's "incomplete"). One place decides; the checks only say what each finding
rests on.
"""

from __future__ import annotations

from dataclasses import replace

from .extract import COMMISSION_REPLACEMENTS, FIELDS, Evidence, Extraction
from .extract.doubts import gap, rise
from .page_rules import PageRules
from .report import Finding
from .ruleset import Ruleset, load_all

#: The fields that make up the page's own rules: an edge computed from them is only as sure as
#: each of them.
RULE_FIELDS = (
    "decks", "naturals_stand", "player_draws_on", "banker_draws_player_stood", "banker_draws",
    "banker_rule_keyed_to_total", "banker_commission", "banker_pays_on_6", "banker_three_card_7_push",
    "tie_pays", "main_bets_push_on_tie",
)

#: SPEC's EXTRACTED fields (the extraction records a few more of its own).
SPEC_FIELDS = tuple(f for f in FIELDS if f not in ("banker_rule_keyed_to_total", "draw_chart_image", "stated_probabilities"))

#: What each code rests on when its check does not say more precisely.
_RESTS_ON: dict[str, tuple[str, ...]] = {
    "draw-table-missing": ("banker_draws", "banker_rule_keyed_to_total", "draw_chart_image"),
    "draw-table-image-only": ("banker_draws", "draw_chart_image"),
    "draw-table-incomplete": ("banker_draws",),
    "draw-keyed-to-total": ("banker_rule_keyed_to_total",),
    "draw-rule-divergent": ("banker_draws",),
    "player-rule-missing": ("player_draws_on",),
    "natural-rule-missing": ("naturals_stand",),
    "player-stood-rule-missing": ("banker_draws_player_stood",),
    "odds-info-missing": ("stated_edges", "stated_probabilities"),
    "decks-missing": ("decks",),
    "commission-missing": ("banker_commission", "banker_pays_on_6", "banker_three_card_7_push"),
    "banker-exception-missing": ("banker_commission", "banker_pays_on_6", "banker_three_card_7_push"),
    "commission-divergent": ("banker_commission", "banker_pays_on_6", "banker_three_card_7_push"),
    "tie-payout-missing": ("tie_pays",),
    "tie-payout-divergent": ("tie_pays", "tie_payout_wording"),
    "tie-payout-for-wording": ("tie_pays", "tie_payout_wording"),
    "tie-settlement-divergent": ("main_bets_push_on_tie",),
    "side-bet-payout-missing": ("side_bets",),
    "payout-example-wrong": RULE_FIELDS + ("side_bets",),
    "edge-divergent": ("stated_edges",) + RULE_FIELDS,
}

#: Codes that say the page does not state something, and the topic of the unread content that
#: could state it.
MISSING: dict[str, str] = {
    "draw-table-missing": "drawing",
    "draw-table-incomplete": "drawing",
    "draw-table-image-only": "drawing",
    "player-rule-missing": "drawing",
    "natural-rule-missing": "drawing",
    "player-stood-rule-missing": "drawing",
    "odds-info-missing": "odds",
    "decks-missing": "decks",
    "commission-missing": "commission",
    "banker-exception-missing": "commission",
    "tie-payout-missing": "tie",
    "side-bet-payout-missing": "side_bets",
}

#: Codes that say a stated rule is wrong: with no lexicon for the page's language, these are
#: never certain either.
DIVERGENT = frozenset({
    "draw-rule-divergent", "draw-keyed-to-total", "edge-divergent", "commission-divergent",
    "tie-payout-divergent", "tie-payout-for-wording", "tie-settlement-divergent", "payout-example-wrong",
    "contradiction",
})


def player_favoured(extraction: Extraction, ruleset: Ruleset, page: PageRules) -> None:
    """Drawing rules under which the player has the edge on the Banker or Player bet (at the
    ruleset's payouts) are no game's: mark the stated rules that differ from the ruleset, but
    for those two independent parts of the page state alike."""
    x = extraction.values
    if x.get("banker_draws") is None and x.get("player_draws_on") is None and x.get("banker_draws_player_stood") is None:
        return
    if page.drawing == ruleset.drawing:
        return
    edges = replace(page, payouts=ruleset.payouts).edges()
    if edges["banker"] >= 0 and edges["player"] >= 0:
        return
    why = (f"Dealt as read, the page's drawing rules would give the player an edge of "
           f"{float(-min(edges['banker'], edges['player'])):.2%} on the "
           f"{'Banker' if edges['banker'] < 0 else 'Player'} bet, which no game offers; the chart is more likely "
           f"misread than wrong")
    want = ruleset.drawing
    for total, cards in (x.get("banker_draws") or {}).items():
        off = frozenset(cards) ^ want.banker_draws[int(total)]
        if off and not extraction.stated_twice(f"banker_draws.{total}", off):
            ev = extraction.evidence.get(f"banker_draws.{total}")
            extraction.uncertain.setdefault(f"banker_draws.{total}", why + (ev.where() if ev else "") + ".")
    for field, rule in (("player_draws_on", want.player_draws), ("banker_draws_player_stood", want.banker_draws_player_stood)):
        off = frozenset(x[field]) ^ rule if x.get(field) is not None else frozenset()
        if off and not extraction.stated_twice(field, off):
            ev = extraction.evidence.get(field)
            extraction.uncertain.setdefault(field, why + (ev.where() if ev else "") + ".")


#: Pages that get the drawing chart wrong get a row or two wrong, by a cell or two (every flawed
#: page of the fixtures and blind rounds errs in one row); a reading further from the known rules
#: than this is more likely a misreading of the chart than what the page says.
FAR_ROWS = 2
FAR_CELLS = 3


def far_from_known(extraction: Extraction, ruleset: Ruleset) -> None:
    """Mark the Banker rows of a chart read as differing from the ruleset's in more than two
    rows, or in more than a few cells of a row (unless two independent parts of the page state
    them so)."""
    rows = extraction.values.get("banker_draws") or {}
    want = ruleset.drawing.banker_draws
    off = {t: frozenset(c) ^ want[int(t)] for t, c in rows.items() if frozenset(c) != want[int(t)]}
    differing = {t: len(cells) for t, cells in off.items()}
    if len(differing) <= FAR_ROWS and all(n <= FAR_CELLS for n in differing.values()):
        return
    if all(extraction.stated_twice(f"banker_draws.{t}", cells) for t, cells in off.items()):
        return  # the page states the chart so twice, independently
    cells = sum(differing.values())
    for total in differing:
        ev = extraction.evidence.get(f"banker_draws.{total}")
        extraction.uncertain.setdefault(
            f"banker_draws.{total}",
            f"The chart is read as differing from the known drawing rules in {len(differing)} "
            f"row{'s' if len(differing) != 1 else ''} ({cells} cells); a page that errs gets a cell or two wrong, so "
            f"this reading is more likely wrong than the page: check the chart{ev.where() if ev else ''}.")


def unlikely_conflicts(extraction: Extraction, ruleset: Ruleset) -> None:
    """A contradiction whose second statement, as read, would make a rule no known game has (a
    Banker row that draws where the row below it stands, or stands where the row above it
    draws; a row far from the known; a hand that draws on a total above one it stands on) is
    more likely a misreading of that statement than the page contradicting itself: mark it
    (`conflict.FIELD.KEY`, which the contradiction rests on)."""
    for c in extraction.conflicts:
        if c.compared:
            key = f"conflict.{c.field}" + (f".{c.row if c.field == 'banker_draws' else c.key}" if c.key else "")
            extraction.uncertain.setdefault(
                key, f"The part of the page that states it otherwise also states {c.kept.value!r}: it may set this "
                     f"game's rule beside another's rather than contradict it; check it"
                     f"{c.other.evidence.where() if c.other.evidence else ''}.")
        elif c.field not in _DRAWING_FIELDS and c.other.rank == 0 and c.support >= 2:
            extraction.uncertain.setdefault(
                f"conflict.{c.field}" + (f".{c.key}" if c.key else ""),
                f"The page states {c.kept.value!r} in {c.support} places; the one sentence that states "
                f"{c.other.value!r} may be about another game or an example; check it"
                f"{c.other.evidence.where() if c.other.evidence else ''}.")
        elif c.field == "banker_commission" and c.kept.value == 0 and c.other.value and _replaced(extraction):
            extraction.uncertain.setdefault(
                "conflict.banker_commission",
                f"The page states what replaces the commission on this game, so the {float(c.other.value):.0%} "
                f"commission may be said of the classic game; check it{c.other.evidence.where() if c.other.evidence else ''}.")
    rows = {int(t): frozenset(c) for t, c in (extraction.values.get("banker_draws") or {}).items()}
    want = ruleset.drawing.banker_draws
    games = [ruleset, *load_all()]
    known = {"player_draws_on": {frozenset(r.drawing.player_draws) for r in games},
             "banker_draws_player_stood": {frozenset(r.drawing.banker_draws_player_stood) for r in games}}
    changed: dict[tuple[str, int], dict[int, bool]] = {}
    where: dict[tuple[str, int], str] = {}
    for c in extraction.conflicts:
        if not c.key or c.field not in _CELL_FIELDS:
            continue
        key = (c.field, int(c.row))  # type: ignore[arg-type]
        changed.setdefault(key, {})[int(c.card or c.row)] = bool(c.other.value)  # type: ignore[arg-type]
        where.setdefault(key, c.other.evidence.where() if c.other.evidence else "")
    for (name, total), cells in changed.items():
        if name == "banker_draws":
            alt = set(rows.get(total, want[total]))
            for card, draws in cells.items():
                (alt.add if draws else alt.discard)(card)
            below, above = rows.get(total - 1), rows.get(total + 1)
            why = ("would have the Banker draw where it stands with a lower total" if below is not None and rise(below, alt)
                   else "would have the Banker stand where it draws with a higher total" if above is not None and rise(alt, above)
                   else f"would differ from the known rules in {len(alt ^ want[total])} cells of the row"
                   if len(alt ^ want[total]) > FAR_CELLS else None)
            key = f"conflict.banker_draws.{total}"
        else:
            stated = set(extraction.values.get(name) or ())
            (stated.add if cells[total] else stated.discard)(total)
            why = ("would leave a gap no known game has" if gap(stated)
                   else f"would have the {'Player' if name == 'player_draws_on' else 'Banker (Player stood)'} draw "
                        f"on {', '.join(map(str, sorted(stated)))}, which no known game has"
                   if frozenset(stated) not in known[name] else None)
            key = f"conflict.{name}.{total}"
        if why is not None:
            extraction.uncertain.setdefault(
                key, f"The second statement, as read, {why}, so it is more likely misread than the page "
                     f"contradicting itself: check it{where[(name, total)]}.")


#: The drawing rule's fields made of cells (a total, or a Banker total and a third card).
_CELL_FIELDS = ("banker_draws", "player_draws_on", "banker_draws_player_stood")
_DRAWING_FIELDS = (*_CELL_FIELDS, "naturals_stand")


def split_prose(extraction: Extraction, ruleset: Ruleset) -> None:
    """A drawing rule the page's prose states both ways, the reading kept differing from the
    known rules and the other agreeing with them: which the page means is a choice between two
    sentences of equal standing, so the rule is not certain. And a second statement that, as
    read, would change one cell in several Banker rows at once ("draws on 0-7" read against a
    third card of 8) is more likely misread than the page contradicting itself."""
    want = ruleset.drawing
    rows_by_statement: dict[Evidence, set[str]] = {}
    for c in extraction.conflicts:
        if c.field not in _CELL_FIELDS or c.key is None:
            continue
        ev = c.other.evidence
        if c.field == "banker_draws" and ev is not None:
            rows_by_statement.setdefault(ev, set()).add(c.row or "")
        if c.kept.rank or c.other.rank:
            continue  # a table or a list against prose: the more structured is kept, with reason
        if c.field == "banker_draws":
            total, card = (int(x) for x in c.key.split("/"))
            known, field = card in want.banker_draws[total], f"banker_draws.{total}"
        else:
            rule = want.player_draws if c.field == "player_draws_on" else want.banker_draws_player_stood
            known, field = int(c.key) in rule, c.field
        if bool(c.other.value) == known != bool(c.kept.value):
            extraction.uncertain.setdefault(
                field, f"The page's prose states this rule both ways, once as the known rules have it"
                       f"{ev.where() if ev else ''}; which it means is not certain.")
    for statement, rows in rows_by_statement.items():
        if len(rows) > FAR_ROWS:
            for row in rows:
                extraction.uncertain.setdefault(
                    f"conflict.banker_draws.{row}",
                    f"The second statement, as read, would change {len(rows)} Banker rows at once, so it is more "
                    f"likely misread than the page contradicting itself: check it"
                    f"{statement.where()}.")


def _replaced(x: Extraction) -> bool:
    """Whether the page states what replaces the commission (a Banker 6 paid at half, a
    three-card 7 that pushes)."""
    return any(x.values.get(name) for name in COMMISSION_REPLACEMENTS)


def rests_on(finding: Finding) -> tuple[str, ...]:
    return finding.rests_on or _RESTS_ON.get(finding.code, ())


def settle(findings: list[Finding], extraction: Extraction) -> list[Finding]:
    """The findings, each marked `review` (with its doubt) where it cannot be certain."""
    out = []
    for finding in findings:
        doubt = _doubt(finding, extraction)
        out.append(replace(finding, certainty="review", doubt=doubt) if doubt else finding)
    return out


def uncertain_fields(extraction: Extraction) -> list[str]:
    """The EXTRACTED fields (top level) whose reading is not certain: every one, on a page in a
    language the tool has no lexicon for; every one not read, on a page built by scripts (its
    scripts may state it)."""
    if extraction.language is None and extraction.detected_language is not None:
        return sorted(SPEC_FIELDS)
    unread = {name for name in FIELDS if extraction.values.get(name) is None} if extraction.scripted else set()
    return sorted(({key.split(".", 1)[0] for key in extraction.uncertain} | unread) & set(FIELDS))


def _doubt(finding: Finding, x: Extraction) -> str | None:
    code = finding.code
    if code in ("source-unreadable", "language-unsupported"):
        return None
    if x.language is None and x.detected_language is not None and (code in MISSING or code in DIVERGENT):
        return (f"The page is written in a language ({x.detected_language}) the tool has no lexicon for, so "
                f"it could not read what the page states; a person who reads it should check.")
    topic = MISSING.get(code)
    if topic is not None and x.scripted is not None:
        if x.rendered is not None:
            return (f"The page still looks built by scripts once {x.rendered} rendered it ({x.scripted}); what "
                    f"it states may not have appeared. Check it in a browser.")
        return (f"The page looks built by scripts ({x.scripted}); what it states may appear only once they "
                f"run. Audit it with --render, or check it in a browser.")
    if topic is not None and code != "decks-missing":
        unread = [u for u in x.unread if u.topic == topic]
        if unread:
            first = unread[0].evidence
            return (f"The page has {topic} content the tool could not read, which may state it: "
                    f"\"{first.text[:120]}\"{first.where()}.")
    for name in rests_on(finding):
        why = _uncertain(name, x.uncertain)
        if why is not None:
            return why
    if code == "draw-table-incomplete" and x.values.get("banker_rule_keyed_to_total"):
        where = x.evidence.get("banker_rule_keyed_to_total")
        return (f"Some Banker rows are keyed to the Player's total, and the rows said to be missing may be among "
                f"them; check the Banker rule{where.where() if where is not None else ''}.")
    if topic == "drawing":
        # a drawing rule said to be missing may be stated in the part of the drawing rules that
        # was misread ("Player: 0-5 draw, 6-7 stand" read as Banker rows)
        for name in _DRAWING_FIELDS:
            why = _uncertain(name, x.uncertain) or _uncertain(f"conflict.{name}", x.uncertain)
            if why is not None:
                return (f"The drawing rules could not all be read with certainty, so the rule may be stated where "
                        f"they were misread: {why[:1].lower()}{why[1:]}")
    return None


def _uncertain(name: str, uncertain: dict[str, str]) -> str | None:
    """Why `name` (or a part of it, or the field it is part of) is uncertain."""
    if name in uncertain:
        return uncertain[name]
    for key, why in uncertain.items():
        if key.startswith(name + ".") or name.startswith(key + "."):
            return why
    return None
