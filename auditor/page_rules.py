"""The rules a page itself states, completed by a ruleset where the page is silent, and the
edges those rules produce."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import Any

from .engine import DrawingRules, Odds, Payouts, Shoe, SideBet, compute_odds
from .ruleset import Ruleset, load_all


@dataclass(frozen=True)
class PageRules:
    drawing: DrawingRules
    payouts: Payouts
    side_bets: dict[str, SideBet]
    decks: int
    _computed: dict[int, Odds] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Odds by deck count, computed once (several checks ask for the same)."""

    def odds(self, decks: int | None = None) -> Odds:
        decks = decks or self.decks
        if decks not in self._computed:
            self._computed[decks] = compute_odds(Shoe.of_decks(decks), self.drawing, self.payouts, self.side_bets)
        return self._computed[decks]

    def edges(self, decks: int | None = None) -> dict[str, Fraction]:
        return self.odds(decks).edges


@cache
def known_side_bets() -> dict[str, SideBet]:
    """Every side bet some bundled ruleset defines, by name."""
    out: dict[str, SideBet] = {}
    for r in load_all():
        for name, bet in r.side_bets.items():
            out.setdefault(name, bet)
    return out


def page_drawing(x: dict[str, Any], ruleset: Ruleset) -> DrawingRules:
    base = ruleset.drawing
    table = list(base.banker_draws)
    for total, cards in (x.get("banker_draws") or {}).items():
        if not x.get("banker_rule_keyed_to_total"):
            table[int(total)] = frozenset(cards)
    return DrawingRules(
        naturals=base.naturals,
        player_draws=frozenset(x["player_draws_on"]) if x.get("player_draws_on") is not None else base.player_draws,
        banker_draws_player_stood=(frozenset(x["banker_draws_player_stood"])
                                   if x.get("banker_draws_player_stood") is not None
                                   else base.banker_draws_player_stood),
        banker_draws=tuple(table),
    )


def page_payouts(x: dict[str, Any], ruleset: Ruleset) -> Payouts:
    p = ruleset.payouts
    commission = x.get("banker_commission")
    on_6 = x.get("banker_pays_on_6")
    push = x.get("banker_three_card_7_push")
    tie = x.get("tie_pays")
    settle = x.get("main_bets_push_on_tie")
    stated_clause = on_6 is not None or push is not None
    return replace(
        p,
        banker_commission=Fraction(str(commission)) if commission is not None else p.banker_commission,
        # A page that states one no-commission clause does not inherit the ruleset's other one.
        banker_pays_on_6=Fraction(str(on_6)) if on_6 is not None else (None if stated_clause else p.banker_pays_on_6),
        banker_three_card_7_push=bool(push) if push is not None else (False if stated_clause
                                                                      else p.banker_three_card_7_push),
        tie_pays=Fraction(str(tie)) if tie is not None else p.tie_pays,
        main_bets_push_on_tie=settle if settle is not None else p.main_bets_push_on_tie,
    )


def page_side_bets(x: dict[str, Any], ruleset: Ruleset) -> dict[str, SideBet]:
    out: dict[str, SideBet] = {}
    known = {**known_side_bets(), **ruleset.side_bets}
    for name, pays in (x.get("side_bets") or {}).items():
        bet = known.get(name)
        if bet is None or not hasattr(bet, "pays"):
            continue
        out[name] = replace(bet, pays=Fraction(str(pays))) if pays is not None else bet  # type: ignore[call-arg]
    for name in (x.get("stated_edges") or {}):
        if name not in out and name in known and name not in ("banker", "player", "tie"):
            out[name] = known[name]
    return out


def page_rules(x: dict[str, Any], ruleset: Ruleset) -> PageRules:
    return PageRules(page_drawing(x, ruleset), page_payouts(x, ruleset), page_side_bets(x, ruleset),
                     x.get("decks") or ruleset.decks)
