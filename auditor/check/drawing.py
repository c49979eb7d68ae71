"""Checks of the drawing procedure: naturals, the Player rule, the Banker rule when the Player
stood, and every row of the Banker table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from ..engine import DrawingRules
from ..figures import percent_text
from ..report import Finding
from .cards import banker_deal, player_deal, stood_deal
from .registry import Context, check

TOTALS = range(8)


@check("naturals", "natural-rule-missing")
def naturals(ctx: Context) -> Iterator[Finding]:
    """A natural in either hand must be said to end the deal."""
    if ctx.x.get("naturals_stand") is not True:
        yield Finding("natural-rule-missing",
                      "The page never says that a two-card 8 or 9 in either hand ends the deal for both hands.",
                      expected=True, found=ctx.x.get("naturals_stand"))


@check("player-rule", "player-rule-missing", "draw-rule-divergent")
def player_rule(ctx: Context) -> Iterator[Finding]:
    """The Player rule must be stated and match the ruleset."""
    yield from _totals_rule(ctx, "player_draws_on", ctx.ruleset.drawing.player_draws, "player-rule-missing",
                            "The page does not say on which totals the Player draws.",
                            "Player rule: the page has the Player draw", player_deal)


@check("player-stood-rule", "player-stood-rule-missing", "draw-rule-divergent")
def stood_rule(ctx: Context) -> Iterator[Finding]:
    """The Banker rule for when the Player stood must be stated and match the ruleset."""
    yield from _totals_rule(ctx, "banker_draws_player_stood", ctx.ruleset.drawing.banker_draws_player_stood,
                            "player-stood-rule-missing",
                            "The page does not say what the Banker does when the Player stood.",
                            "Banker rule when the Player stood: the page has the Banker draw", stood_deal)


def _totals_rule(ctx: Context, field: str, want: frozenset[int], missing_code: str, missing: str,
                 divergent: str, deal_of: Callable[[int, DrawingRules, bool], str]) -> Iterator[Finding]:
    """A rule stated as the totals on which a hand draws: present, and as the ruleset has it."""
    stated = ctx.x.get(field)
    expected = sorted(want)
    if stated is None:
        yield Finding(missing_code, missing, expected=expected)
        return
    if sorted(stated) != expected:
        first = sorted(set(stated) ^ set(expected))[0]
        deal = deal_of(first, ctx.ruleset.drawing, first in stated)
        yield Finding("draw-rule-divergent",
                      f"{divergent} on {_totals(stated)}; the ruleset on {_totals(expected)}. "
                      f"{deal}.{_edges_note(ctx)}",
                      expected=expected, found=sorted(stated), evidence=ctx.extraction.evidence.get(field),
                      rests_on=(field,))


@check("banker-table", "draw-table-missing", "draw-table-image-only", "draw-keyed-to-total",
       "draw-table-incomplete", "draw-rule-divergent")
def banker_table(ctx: Context) -> Iterator[Finding]:
    """The Banker table must be there as text, keyed to the third card, complete and right."""
    x = ctx.x
    rows = x.get("banker_draws") or {}
    expected_rows = {str(t): sorted(ctx.ruleset.drawing.banker_draws[t]) for t in TOTALS}
    if x.get("banker_rule_keyed_to_total"):
        yield Finding("draw-keyed-to-total",
                      "The Banker's third-card rule is keyed to the Player's final total, not to the value of "
                      "the Player's third card.",
                      expected="keyed to the Player's third card", found="keyed to the Player's total",
                      evidence=ctx.extraction.evidence.get("banker_rule_keyed_to_total"))
    if not rows:
        if x.get("banker_rule_keyed_to_total"):
            return
        if x.get("draw_chart_image"):
            yield Finding("draw-table-image-only",
                          "The Banker drawing chart is given only as an image, with no text equivalent.",
                          evidence=ctx.extraction.evidence.get("draw_chart_image"))
        else:
            yield Finding("draw-table-missing", "The page gives no Banker third-card rule.",
                          expected=expected_rows)
        return
    missing = [t for t in TOTALS if str(t) not in rows]
    if missing:
        yield Finding("draw-table-incomplete",
                      f"The Banker rule does not cover Banker total{'s' if len(missing) > 1 else ''} "
                      f"{', '.join(map(str, missing))}.",
                      expected=[str(t) for t in TOTALS], found=sorted(rows, key=int))
    for total in TOTALS:
        stated = rows.get(str(total))
        if stated is None or sorted(stated) == expected_rows[str(total)]:
            continue
        cards = sorted(set(stated) ^ set(expected_rows[str(total)]))
        deal = banker_deal(total, cards[0], ctx.ruleset.drawing, cards[0] in stated)
        yield Finding("draw-rule-divergent",
                      f"Banker {total}: the page has the Banker draw when the Player's third card is "
                      f"{_cards(stated)}; the ruleset when it is {_cards(expected_rows[str(total)])} "
                      f"(cells differ at {', '.join(map(str, cards))}). {deal}.{_edges_note(ctx)}",
                      expected=expected_rows[str(total)], found=sorted(stated),
                      evidence=ctx.extraction.evidence.get(f"banker_draws.{total}"),
                      rests_on=(f"banker_draws.{total}",))


def _edges_note(ctx: Context) -> str:
    """The Banker and Player edges if the page's drawing rules were dealt as written."""
    odds = ctx.rules.odds()  # the page's rules hold its drawing table already
    base = replace(ctx.rules, drawing=ctx.ruleset.drawing).odds()
    return (f" Dealt as written ({ctx.rules.decks} decks), the page's rules give Banker "
            f"{percent_text(odds.edges['banker'])} and Player {percent_text(odds.edges['player'])} "
            f"(the ruleset's: {percent_text(base.edges['banker'])}, {percent_text(base.edges['player'])}).")


def _totals(values: list[int]) -> str:
    return _span(sorted(values)) or "no total"


def _cards(values: list[int]) -> str:
    return _span(sorted(values)) or "never"


def _span(values: list[int]) -> str:
    """[0, 1, 2, 3, 5] -> "0-3, 5"."""
    parts, start = [], None
    for i, v in enumerate(values):
        if start is None:
            start = v
        if i + 1 == len(values) or values[i + 1] != v + 1:
            parts.append(str(start) if start == v else f"{start}-{v}")
            start = None
    return ", ".join(parts)
