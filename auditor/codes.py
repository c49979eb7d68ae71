"""Finding codes as data: the RTS requirement each bears on, its severity and what it means.

Checks produce findings by code; the formats read titles and descriptions from here, and
`rules-auditor explain` everything, so a code's text lives in this one place.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR, WARNING, INFO = "error", "warning", "info"
SEVERITY_ORDER = {ERROR: 0, WARNING: 1, INFO: 2}


#: The UK Gambling Commission's remote technical standards each code bears on, in their words.
RTS: dict[str, str] = {
    "3A": ("An explanation of the applicable rules must be easily available to the customer before they commit "
           "to gamble. The content including artwork and text must be accurate, and sufficient to explain all "
           "of the applicable rules and how to participate."),
    "3C": ("Information that may reasonably be expected to enable the customer to make an informed decision "
           "about their chances of winning must be easily available before they commit to gamble: a "
           "description of the way the game works and how winners are determined, and the house edge (or "
           "margin), the return-to-player percentage, or the probability of winning events."),
    "3D": ("Content describing the potential prizes and payouts, or the means by which they are calculated or "
           "determined, must be easily available before the customer commits to gamble."),
}


@dataclass(frozen=True)
class Code:
    code: str
    """The stable id findings carry (`draw-rule-divergent`)."""
    rts: str
    """The RTS requirement it bears on: 3A, 3C or 3D."""
    severity: str
    """error, warning or info."""
    title: str
    """A few words, for headings and SARIF's short description."""
    description: str
    """When it is reported, in one sentence."""
    why: str
    """Why it matters to a player (and to the regulator)."""
    fix: str
    """What to change on the page."""
    rts_of_rule: bool = False
    """True when a finding takes the RTS requirement of the rule it concerns instead of `rts`."""


_CODES = (
    Code("draw-table-missing", "3A", ERROR, "Banker drawing rule missing",
         "The page gives no Banker third-card rule.",
         "Whether the Banker draws decides about half of all deals; without the rule a player cannot tell "
         "how a hand is settled or check that the game deals fairly.",
         "State, as text, when the Banker draws a third card: by Banker total 0-7 and, when the Player drew, "
         "by the value of the Player's third card (a D/S chart or a sentence per total)."),
    Code("player-rule-missing", "3A", ERROR, "Player drawing rule missing",
         "The page does not say when the Player draws a third card.",
         "The Player rule is half of the drawing procedure; without it the rules are not sufficient to "
         "explain how the game is played.",
         "Say on which two-card totals the Player draws (0-5) and stands (6-7)."),
    Code("natural-rule-missing", "3A", ERROR, "Natural rule missing",
         "The page never says that a natural (8 or 9) in either hand ends the deal for both hands.",
         "A natural stops both hands at once (a Player 8 against a Banker 3 is over); a player who does not "
         "know it cannot follow why a deal ended.",
         "Add a sentence such as \"If either hand's first two cards total 8 or 9 (a natural), both hands "
         "stand.\""),
    Code("player-stood-rule-missing", "3A", ERROR, "Banker rule when the Player stood missing",
         "The page does not say what the Banker does when the Player stood.",
         "The Banker rule has a separate branch for when the Player stood (draw on 0-5); a chart keyed to the "
         "Player's third card does not cover it.",
         "Say what the Banker does when the Player stands: draws on 0-5, stands on 6-7."),
    Code("draw-table-incomplete", "3A", ERROR, "Banker drawing table incomplete",
         "Some Banker totals 0-7 are not covered by the drawing rules.",
         "A total the rules leave out is a deal the player cannot follow; the rules are not sufficient.",
         "Cover every Banker total from 0 to 7 in the chart or the text (0-2 always draw, 7 always stands)."),
    Code("draw-rule-divergent", "3A", ERROR, "Drawing rule differs from the ruleset",
         "A stated drawing rule differs from the ruleset; one finding per differing row.",
         "A wrong drawing rule misdescribes the game actually dealt and changes the odds the page quotes; "
         "the content is not accurate.",
         "Correct the row named to match the game dealt (the finding gives the ruleset's cells), or, if the "
         "game really deals differently, say so and audit it against a ruleset that describes it."),
    Code("draw-keyed-to-total", "3A", ERROR, "Banker rule keyed to the Player's total",
         "The Banker rule is keyed to the Player's final total instead of the value of the Player's third card.",
         "The Banker rule depends on the value of the Player's third card; keyed to the Player's total it "
         "gives other draws, so the page describes a game nobody deals.",
         "Key the Banker rule to the Player's third card (\"Banker 4 draws when the Player's third card is "
         "2-7\"), not to the Player's total."),
    Code("draw-table-image-only", "3A", WARNING, "Drawing chart only as an image",
         "The drawing chart is given only as an image, with no text equivalent.",
         "An image cannot be read by screen readers, search or translation, and cannot be checked; players "
         "who cannot see it get no rule.",
         "Give the chart as an HTML table or text as well (alt text that states every row will do)."),
    Code("odds-info-missing", "3C", ERROR, "No odds information",
         "No house edge, return to player or win probability is given for the main bets.",
         "RTS 3C asks for information that lets a player judge the chances of winning: the house edge, the "
         "RTP or the probability of winning events.",
         "State the house edge or RTP of the Banker, Player and Tie bets for the deck count dealt (8 decks: "
         "1.06%, 1.24%, 14.36%)."),
    Code("edge-divergent", "3C", ERROR, "Stated edge does not match the rules",
         "A stated house edge or RTP does not match the edge computed for the page's own rules.",
         "A figure that does not follow from the rules the page states misinforms the player about the "
         "chances of winning; often it was copied from another variant (1.06% on a Super 6 table).",
         "Replace the figure with the one the finding computes for the page's own rules, or correct the "
         "rules if the figure is the right one for the game dealt."),
    Code("decks-missing", "3C", INFO, "Deck count not stated",
         "The page does not say how many decks are used.",
         "The house edges depend on the number of decks; without it the stated figures cannot be checked "
         "exactly.",
         "Say how many decks the shoe holds (\"dealt from eight decks\")."),
    Code("commission-missing", "3D", ERROR, "Banker payout not stated",
         "Nothing says what a winning Banker bet pays.",
         "The Banker bet is the most played bet; RTS 3D asks that every payout, or how it is calculated, "
         "be stated.",
         "State the Banker payout: \"Banker pays 1 to 1 less 5% commission\", or the no-commission clause."),
    Code("banker-exception-missing", "3D", ERROR, "No-commission clause incomplete",
         "The page says no commission is taken but not what replaces it.",
         "No-commission games recover the commission elsewhere (a Banker 6 paid 1 to 2, a three-card 7 "
         "pushed); without that clause the player overrates the Banker bet.",
         "Add the clause that replaces the commission: \"a winning Banker 6 pays 1 to 2\" (Super 6) or \"a "
         "winning Banker three-card 7 pushes\" (EZ Baccarat)."),
    Code("commission-divergent", "3D", ERROR, "Banker payout differs from the ruleset",
         "The Banker payout clause differs from the ruleset.",
         "A wrong commission or Banker exception misstates what a winning bet pays and changes its house "
         "edge.",
         "Correct the Banker payout clause to the one the game settles by, or audit the page against the "
         "ruleset of the variant it deals (--ruleset)."),
    Code("tie-payout-missing", "3D", ERROR, "Tie payout not stated", "No Tie payout is stated.",
         "The Tie pays 8 to 1 or 9 to 1 depending on the table, a difference of almost ten points of house "
         "edge; the player must be told which.",
         "State the Tie payout as \"N to 1\"."),
    Code("tie-payout-divergent", "3D", ERROR, "Tie payout differs from the ruleset",
         "The Tie payout differs from the ruleset.",
         "A Tie payout other than the game's misstates the prize and its house edge (14.36% at 8 to 1, "
         "4.84% at 9 to 1).",
         "Correct the Tie payout to the one the game pays, or audit the page against the matching ruleset."),
    Code("tie-payout-for-wording", "3D", WARNING, "Tie payout worded 'N for 1'",
         "The Tie payout is worded \"N for 1\", which a reader can take for N to 1.",
         "\"9 for 1\" includes the stake and is 8 to 1; read as 9 to 1 it promises a bet worth a third of "
         "the house edge it has.",
         "Word the payout \"N to 1\" (\"9 for 1\" becomes \"8 to 1\")."),
    Code("tie-settlement-divergent", "3D", ERROR, "Main bets said to lose on a tie",
         "The page says Player and Banker bets lose on a tie.",
         "Player and Banker bets are returned on a tie; saying they lose misstates how bets are settled.",
         "Say that Player and Banker bets push (are returned) when the hand is a tie."),
    Code("side-bet-payout-missing", "3D", ERROR, "Side bet without a payout",
         "A side bet is offered with no payout stated.",
         "RTS 3D asks for every prize; a side bet with no payout cannot be judged by the player.",
         "State the side bet's payout (\"Player Pair pays 11 to 1\") or its paytable."),
    Code("payout-example-wrong", "3D", WARNING, "Worked example contradicts the payout",
         "A worked example's arithmetic contradicts the stated payout.",
         "Players learn the payouts from worked examples; one whose arithmetic is wrong teaches a wrong "
         "payout.",
         "Correct the example's figures to the stated payout (a 100 Banker bet at 5% commission wins 95)."),
    Code("contradiction", "3A", ERROR, "The page contradicts itself",
         "The page states two different values for the same rule.",
         "When a page says one rule two ways, at least one is wrong, and the player cannot know which.",
         "Keep one statement of the rule (the finding quotes both) and remove or correct the other.",
         rts_of_rule=True),
    Code("source-unreadable", "3A", ERROR, "Source unreadable",
         "The source could not be read or decoded at all.",
         "A rules page that cannot be read is not easily available to the customer; nothing on it could be "
         "audited.",
         "Make the page reachable and serve it as HTML text (check the URL, the status code and the "
         "encoding); the finding says what failed."),
    Code("language-unsupported", "3A", INFO, "Language not supported",
         "The page is written in a language the tool has no lexicon for; nothing is judged missing or "
         "divergent with certainty.",
         "The tool cannot read the page, so its other findings on it need a person who reads the language.",
         "Nothing on the page: have someone who reads it check the review findings, or audit a version of "
         "the page in a supported language."),
)

CODES: dict[str, Code] = {c.code: c for c in _CODES}


def get(code: str) -> Code:
    try:
        return CODES[code]
    except KeyError:
        raise KeyError(unknown(code)) from None


def close_matches(code: str) -> list[str]:
    """The known codes nearest in spelling to `code`, nearest first."""
    import difflib  # (only a misspelt code needs it: not imported on every start)

    return difflib.get_close_matches(code, CODES, n=3, cutoff=0.6)


def unknown(code: str) -> str:
    """The one-line complaint about a code no finding has, naming the close matches."""
    close = close_matches(code)
    hint = f"did you mean {' or '.join(close)}?" if close else "`rules-auditor explain` lists them"
    return f"unknown finding code {code!r}: {hint}"
