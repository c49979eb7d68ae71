"""Checks of the odds information: is there any, does every stated edge or RTP follow from the
page's own rules, and is the deck count stated."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache

from ..certainty import RULE_FIELDS
from ..figures import Percent, percent_text
from ..report import Finding
from ..ruleset import Ruleset, load_all
from .registry import Context, check

MAIN = ("banker", "player", "tie")
DECK_RANGE = range(1, 9)


@check("odds-info", "odds-info-missing")
def odds_info(ctx: Context) -> Iterator[Finding]:
    """The page must give a house edge, RTP or win probability for the main bets."""
    edges = ctx.x.get("stated_edges") or {}
    probabilities = ctx.x.get("stated_probabilities") or {}
    if not any(b in edges or b in probabilities for b in MAIN):
        yield Finding("odds-info-missing",
                      "The page gives no house edge, return to player or win probability for the Player, "
                      "Banker or Tie bet.")


@check("decks", "decks-missing")
def decks(ctx: Context) -> Iterator[Finding]:
    """The page should say how many decks the shoe holds."""
    if ctx.x.get("decks") is None:
        yield Finding("decks-missing",
                      f"The page does not say how many decks are used; figures are checked at 1 to 8 decks, "
                      f"and the ruleset's {ctx.ruleset.decks} are assumed elsewhere.")


@check("stated-edges", "edge-divergent")
def stated_edges(ctx: Context) -> Iterator[Finding]:
    """Every stated house edge or RTP must match the edge of the page's own rules."""
    stated_decks = ctx.x.get("decks")
    deck_counts = [stated_decks] if stated_decks else list(DECK_RANGE)
    computed = {d: ctx.rules.edges(d) for d in deck_counts}
    seen = set()
    for figure in ctx.extraction.figures:
        if figure.kind not in ("edge", "rtp"):
            continue
        written = Percent.parse(figure.text)
        as_edge = written.complement() if figure.kind == "rtp" else written
        if (figure.bet, as_edge.value) in seen:
            continue  # said again, or said as the other: "house edge 1.06% (RTP 98.94%)" is one figure
        seen.add((figure.bet, as_edge.value))
        if not any(figure.bet in edges for edges in computed.values()):
            continue
        if any(figure.bet in e and as_edge.matches(e[figure.bet]) for e in computed.values()):
            continue
        at = stated_decks or ctx.rules.decks
        right = computed.get(at, computed[deck_counts[-1]]).get(figure.bet)
        if right is None:
            continue
        what = "return to player" if figure.kind == "rtp" else "house edge"
        should = percent_text(1 - right if figure.kind == "rtp" else right, max(2, written.decimals))
        known = _known_variant(figure.bet, as_edge, at, ctx.ruleset)
        hint = f" {figure.text} is the published {known} figure." if known else ""
        where = f"at {stated_decks} decks" if stated_decks else f"at {at} decks (and at no deck count from 1 to 8)"
        yield Finding("edge-divergent",
                      f"{figure.bet.replace('_', ' ').capitalize()} {what} is stated as {figure.text}; the page's "
                      f"own rules give {should} {where}.{hint}",
                      expected=should, found=figure.text, evidence=figure.evidence,
                      rests_on=(f"stated_edges.{figure.bet}",) + RULE_FIELDS)


def _known_variant(bet: str, figure: Percent, decks: int, judged: Ruleset) -> str | None:
    """The bundled ruleset (the one judged against first) whose published rules give the
    stated figure for `bet`, if any: 1.06% on a Super 6 page is the standard game's Banker edge."""
    for ruleset in sorted(_rulesets(), key=lambda r: r.id != judged.id):
        edge = _edges(ruleset.id, decks).get(bet)
        if edge is not None and figure.matches(edge):
            return f"{ruleset.id} ({ruleset.name})"
    return None


@cache
def _rulesets() -> tuple[Ruleset, ...]:
    return tuple(load_all())


@cache
def _edges(ruleset_id: str, decks: int) -> dict[str, Fraction]:
    """A bundled ruleset's edges at `decks`, computed once for every bet."""
    ruleset = next(r for r in _rulesets() if r.id == ruleset_id)
    return ruleset.odds(decks=decks).edges
