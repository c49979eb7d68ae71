"""Choosing the ruleset that best fits a page's own payout clauses."""

from __future__ import annotations

from typing import Any


def choose_ruleset(x: dict[str, Any]) -> tuple[str, str]:
    """(ruleset id, why) from what the page says about the Banker and the Tie."""
    side = x.get("side_bets") or {}
    if x.get("banker_three_card_7_push"):
        return "ez-baccarat", "the page says a winning Banker three-card 7 pushes"
    # (a clause of the game's own outranks a side bet it is known by: a Super 6 page may name
    # EZ Baccarat's Dragon 7 in passing, or offer it)
    if x.get("banker_pays_on_6") is not None:
        return "super-6", f"the page says a winning Banker 6 pays {x['banker_pays_on_6']} to 1"
    if "dragon_7" in side or "panda_8" in side:
        return "ez-baccarat", "the page offers the Dragon 7 / Panda 8 side bets of EZ Baccarat"
    if x.get("banker_commission") == 0:
        return "super-6", "the page says no commission is taken on Banker wins"
    if x.get("tie_pays") == 9:
        return "punto-banco-tie-9", "the page pays the Tie at 9 to 1"
    if x.get("banker_commission") is not None:
        return "punto-banco", f"the page takes a {float(x['banker_commission']) * 100:g}% commission on Banker wins"
    return "punto-banco", "the page states no Banker clause that points elsewhere; the standard game is assumed"
