"""Finding codes as data: the RTS requirement each bears on, its severity and what it means.

Checks produce findings by code; the formats read titles and descriptions from here.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR, WARNING, INFO = "error", "warning", "info"
SEVERITY_ORDER = {ERROR: 0, WARNING: 1, INFO: 2}


@dataclass(frozen=True)
class Code:
    code: str
    rts: str
    severity: str
    title: str
    description: str


_CODES = (
    Code("draw-table-missing", "3A", ERROR, "Banker drawing rule missing",
         "The page gives no Banker third-card rule."),
    Code("player-rule-missing", "3A", ERROR, "Player drawing rule missing",
         "The page does not say when the Player draws a third card."),
    Code("natural-rule-missing", "3A", ERROR, "Natural rule missing",
         "The page never says that a natural (8 or 9) in either hand ends the deal for both hands."),
    Code("player-stood-rule-missing", "3A", ERROR, "Banker rule when the Player stood missing",
         "The page does not say what the Banker does when the Player stood."),
    Code("draw-table-incomplete", "3A", ERROR, "Banker drawing table incomplete",
         "Some Banker totals 0-7 are not covered by the drawing rules."),
    Code("draw-rule-divergent", "3A", ERROR, "Drawing rule differs from the ruleset",
         "A stated drawing rule differs from the ruleset; one finding per differing row."),
    Code("draw-keyed-to-total", "3A", ERROR, "Banker rule keyed to the Player's total",
         "The Banker rule is keyed to the Player's final total instead of the value of the Player's third card."),
    Code("draw-table-image-only", "3A", WARNING, "Drawing chart only as an image",
         "The drawing chart is given only as an image, with no text equivalent."),
    Code("odds-info-missing", "3C", ERROR, "No odds information",
         "No house edge, return to player or win probability is given for the main bets."),
    Code("edge-divergent", "3C", ERROR, "Stated edge does not match the rules",
         "A stated house edge or RTP does not match the edge computed for the page's own rules."),
    Code("decks-missing", "3C", INFO, "Deck count not stated",
         "The page does not say how many decks are used."),
    Code("commission-missing", "3D", ERROR, "Banker payout not stated",
         "Nothing says what a winning Banker bet pays."),
    Code("banker-exception-missing", "3D", ERROR, "No-commission clause incomplete",
         "The page says no commission is taken but not what replaces it."),
    Code("commission-divergent", "3D", ERROR, "Banker payout differs from the ruleset",
         "The Banker payout clause differs from the ruleset."),
    Code("tie-payout-missing", "3D", ERROR, "Tie payout not stated", "No Tie payout is stated."),
    Code("tie-payout-divergent", "3D", ERROR, "Tie payout differs from the ruleset",
         "The Tie payout differs from the ruleset."),
    Code("tie-payout-for-wording", "3D", WARNING, "Tie payout worded 'N for 1'",
         "The Tie payout is worded \"N for 1\", which a reader can take for N to 1."),
    Code("tie-settlement-divergent", "3D", ERROR, "Main bets said to lose on a tie",
         "The page says Player and Banker bets lose on a tie."),
    Code("side-bet-payout-missing", "3D", ERROR, "Side bet without a payout",
         "A side bet is offered with no payout stated."),
    Code("payout-example-wrong", "3D", WARNING, "Worked example contradicts the payout",
         "A worked example's arithmetic contradicts the stated payout."),
    Code("contradiction", "3A", ERROR, "The page contradicts itself",
         "The page states two different values for the same rule."),
    Code("source-unreadable", "3A", ERROR, "Source unreadable",
         "The source could not be read or decoded at all."),
    Code("language-unsupported", "3A", INFO, "Language not supported",
         "The page is written in a language the tool has no lexicon for; nothing is judged missing or "
         "divergent with certainty."),
)

CODES: dict[str, Code] = {c.code: c for c in _CODES}


def get(code: str) -> Code:
    try:
        return CODES[code]
    except KeyError:
        raise KeyError(f"unknown finding code {code!r}") from None
