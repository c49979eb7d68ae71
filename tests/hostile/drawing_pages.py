"""Drawing rules rendered as pages in the layouts real rules pages use, for the property tests.

A rule set is (player, stood, banker): the Player totals (0-7) on which the Player draws, the
Banker totals on which the Banker draws when the Player stood, and for each Banker total 0-7 the
Player third cards (0-9) on which the Banker draws. Each layout states all of it in plain,
unambiguous English, the way the fixtures' pages do.
"""

from __future__ import annotations

from dataclasses import dataclass

TOTALS = tuple(range(8))
CARDS = tuple(range(10))


@dataclass(frozen=True)
class Rules:
    player: frozenset[int]
    stood: frozenset[int]
    banker: tuple[frozenset[int], ...]
    """Indexed by Banker total 0-7."""

    def expected(self) -> dict[str, object]:
        return {"player_draws_on": sorted(self.player), "banker_draws_player_stood": sorted(self.stood),
                "banker_draws": {str(t): sorted(self.banker[t]) for t in TOTALS}}


def listing(values: frozenset[int] | list[int]) -> str:
    """0, 1, 2 or 3"""
    items = [str(v) for v in sorted(values)]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def page(body: str) -> str:
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Baccarat rules</title></head><body>"
            f"<main><h1>Punto Banco</h1>{body}</main></body></html>")


def _totals_clause(hand: str, draws: frozenset[int], when: str = "") -> str:
    """"The Player draws a third card on a total of 0, 1 or 5 and stands on 2, 3, 4, 6 or 7." """
    stands = frozenset(TOTALS) - draws
    subject = f"{when}the {hand}" if when else f"The {hand}"
    if not draws:
        return f"{subject} never draws a third card: the {hand} stands on every total from 0 to 7."
    if not stands:
        return f"{subject} always draws a third card, on every total from 0 to 7."
    return f"{subject} draws a third card on a total of {listing(draws)} and stands on {listing(stands)}."


def _player_prose(rules: Rules) -> str:
    return (f"<h2>The Player's third card</h2><p>{_totals_clause('Player', rules.player)}</p>"
            f"<h2>The Banker when the Player stood</h2>"
            f"<p>{_totals_clause('Banker', rules.stood, 'If the Player stood, ')}</p>")


def ds_grid(rules: Rules) -> str:
    """A D/S grid: Banker totals down, the Player's third card across, a "Player stood" column."""
    head = "".join(f"<th>{c}</th>" for c in CARDS)
    rows = "".join(
        f"<tr><th>{t}</th>" + "".join(f"<td>{'D' if c in rules.banker[t] else 'S'}</td>" for c in CARDS)
        + f"<td>{'D' if t in rules.stood else 'S'}</td></tr>" for t in TOTALS)
    player = "".join(f"<tr><td>{t}</td><td>{'Draws' if t in rules.player else 'Stands'}</td></tr>" for t in TOTALS)
    return page(
        "<h2>The Player's third card</h2>"
        f"<table><tr><th>Player total</th><th>Player</th></tr>{player}</table>"
        "<h2>The Banker's third card</h2>"
        "<table><caption>Banker drawing rules</caption>"
        "<tr><th rowspan=\"2\">Banker total</th><th colspan=\"10\">Value of the Player's third card</th>"
        f"<th rowspan=\"2\">Player stood</th></tr><tr>{head}</tr>{rows}</table>"
        "<p>D = the Banker draws a third card; S = the Banker stands.</p>")


def _cells(cards: frozenset[int]) -> tuple[str, str]:
    draws = listing(cards) if cards else "never"
    stands = listing(frozenset(CARDS) - cards) if len(cards) < 10 else "never"
    return draws, stands


def row_table(rules: Rules) -> str:
    """One row per Banker total: the third cards it draws on, those it stands on."""
    rows = "".join(f"<tr><td>{t}</td><td>{d}</td><td>{s}</td></tr>"
                   for t in TOTALS for d, s in [_cells(rules.banker[t])])
    return page(
        _player_prose(rules)
        + "<h2>The Banker when the Player drew a third card</h2>"
        "<table><tr><th>Banker total</th><th>Draws when the Player's third card is</th>"
        f"<th>Stands when the Player's third card is</th></tr>{rows}</table>")


def _banker_sentence(cards: frozenset[int], subject: str = "") -> str:
    if len(cards) == 10:
        return f"{subject}Draws whatever the Player's third card is."
    if not cards:
        return f"{subject}Stands whatever the Player's third card is."
    return f"{subject}Draws when the Player's third card is {listing(cards)}; stands otherwise."


def definition_list(rules: Rules) -> str:
    """<dl>s: "Player total N" / "Draws a third card", "Banker total N" / "Draws when ..."."""
    player = "".join(f"<dt>Player total {t}</dt><dd>{'Draws a third card' if t in rules.player else 'Stands'}</dd>"
                     for t in TOTALS)
    stood = "".join(f"<dt>Banker total {t}</dt><dd>{'Draws a third card' if t in rules.stood else 'Stands'}</dd>"
                    for t in TOTALS)
    banker = "".join(f"<dt>Banker total {t}</dt><dd>{_banker_sentence(rules.banker[t])}</dd>" for t in TOTALS)
    return page(
        f"<h2>Player drawing rule</h2><dl>{player}</dl>"
        f"<h2>Banker drawing rule when the Player stands</h2><dl>{stood}</dl>"
        "<h2>Banker drawing rule when the Player has drawn</h2>"
        f"<p>The Banker's action depends on the Banker's total and on the Player's third card.</p><dl>{banker}</dl>")


def prose_bullets(rules: Rules) -> str:
    """Bullets in sentences: "Banker on 4: draws if the Player's third card was 2, 3 or 7; ..."."""
    def banker(t: int) -> str:
        cards = rules.banker[t]
        if len(cards) == 10:
            return f"Banker on {t}: always draws, whatever the Player's third card was."
        if not cards:
            return f"Banker on {t}: always stands, whatever the Player's third card was."
        return (f"Banker on {t}: draws if the Player's third card was {listing(cards)}; "
                f"stands if it was {listing(frozenset(CARDS) - cards)}.")
    player = "".join(f"<li>Player on {t}: {'takes a third card' if t in rules.player else 'stands'}.</li>"
                     for t in TOTALS)
    stood = "".join(f"<li>Banker on {t}: {'draws a third card' if t in rules.stood else 'stands'}.</li>"
                    for t in TOTALS)
    return page(
        f"<h2>When does the Player draw?</h2><ul>{player}</ul>"
        f"<h2>When does the Banker draw if the Player stood?</h2><ul>{stood}</ul>"
        "<h2>When does the Banker draw if the Player drew?</h2>"
        f"<ul>{''.join(f'<li>{banker(t)}</li>' for t in TOTALS)}</ul>")


LAYOUTS = {"ds_grid": ds_grid, "row_table": row_table, "definition_list": definition_list,
           "prose_bullets": prose_bullets}
