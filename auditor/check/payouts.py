"""Checks of the payouts: the Banker commission or the clause that replaces it, the Tie payout
and its wording, how a tie settles the main bets, side bets and worked examples."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ..report import Finding
from .registry import Context, check


def _num(x: Fraction | None) -> float | int | None:
    if x is None:
        return None
    return int(x) if x.denominator == 1 else float(x)


@check("banker-payout", "commission-missing", "banker-exception-missing", "commission-divergent")
def banker_payout(ctx: Context) -> Iterator[Finding]:
    """What a winning Banker bet pays must be stated and match the ruleset."""
    x, want = ctx.x, ctx.ruleset.payouts
    ev = ctx.extraction.evidence
    commission = x.get("banker_commission")
    on_6, push = x.get("banker_pays_on_6"), x.get("banker_three_card_7_push")
    no_commission_game = want.banker_commission == 0
    if commission is None and on_6 is None and push is None:
        yield Finding("commission-missing", "Nothing on the page says what a winning Banker bet pays.",
                      expected=_num(want.banker_commission))
        return
    if commission == 0 and on_6 is None and not push:
        yield Finding("banker-exception-missing",
                      "The page says no commission is taken on Banker wins but not what replaces it "
                      "(a reduced payout on a winning Banker 6, or a push on a Banker three-card 7).",
                      expected=_clause(ctx), found="no commission",
                      evidence=ev.get("banker_commission"))
        if not no_commission_game:
            yield Finding("commission-divergent",
                          f"The page takes no commission on Banker wins; the ruleset takes "
                          f"{_num(want.banker_commission * 100)}%.",
                          expected=_num(want.banker_commission), found=0, evidence=ev.get("banker_commission"))
        return
    if commission is not None and Fraction(str(commission)) != want.banker_commission:
        edge = ctx.rules.edges()["banker"]
        extra = (f" At this commission the Banker bet gives the player an edge of {float(-edge):.4%}."
                 if edge < 0 else "")
        yield Finding("commission-divergent",
                      f"The page takes a {float(commission) * 100:g}% commission on Banker wins; the ruleset "
                      f"({ctx.ruleset.id}) takes {float(want.banker_commission) * 100:g}%.{extra}",
                      expected=_num(want.banker_commission), found=commission, evidence=ev.get("banker_commission"))
    stated_6 = Fraction(str(on_6)) if on_6 is not None else None
    if stated_6 != want.banker_pays_on_6 and (on_6 is not None or (no_commission_game and not push)):
        yield Finding("commission-divergent",
                      f"The page pays a winning Banker 6 at {on_6 if on_6 is not None else 'full odds'} to 1; "
                      f"the ruleset ({ctx.ruleset.id}) at "
                      f"{_num(want.banker_pays_on_6) if want.banker_pays_on_6 is not None else 'full odds'} to 1.",
                      expected=_num(want.banker_pays_on_6), found=on_6, evidence=ev.get("banker_pays_on_6"))
    if bool(push) != want.banker_three_card_7_push and (push is not None or (no_commission_game and on_6 is None)):
        yield Finding("commission-divergent",
                      "The page " + ("pushes" if push else "does not push") + " a winning Banker three-card 7; "
                      f"the ruleset ({ctx.ruleset.id}) " + ("does." if want.banker_three_card_7_push else "does not."),
                      expected=want.banker_three_card_7_push, found=push,
                      evidence=ev.get("banker_three_card_7_push"))


def _clause(ctx: Context) -> str:
    p = ctx.ruleset.payouts
    if p.banker_pays_on_6 is not None:
        return f"a winning Banker 6 pays {_num(p.banker_pays_on_6)} to 1"
    if p.banker_three_card_7_push:
        return "a winning Banker three-card 7 pushes"
    return f"{_num(p.banker_commission * 100)}% commission"


@check("tie-payout", "tie-payout-missing", "tie-payout-divergent", "tie-payout-for-wording")
def tie_payout(ctx: Context) -> Iterator[Finding]:
    """The Tie payout must be stated, honestly worded and match the ruleset."""
    x, want = ctx.x, ctx.ruleset.payouts.tie_pays
    ev = ctx.extraction.evidence.get("tie_pays")
    pays = x.get("tie_pays")
    if pays is None:
        yield Finding("tie-payout-missing", "The page states no payout for the Tie bet.", expected=_num(want))
        return
    if x.get("tie_payout_wording") == "for":
        yield Finding("tie-payout-for-wording",
                      f"The Tie payout is worded \"{_num(Fraction(str(pays)) + 1)} for 1\" (that is {pays} to 1), "
                      f"which a reader can take for {_num(Fraction(str(pays)) + 1)} to 1.",
                      expected="to", found="for", evidence=ev)
    if Fraction(str(pays)) != want:
        yield Finding("tie-payout-divergent",
                      f"The page pays the Tie at {pays} to 1; the ruleset ({ctx.ruleset.id}) at {_num(want)} to 1.",
                      expected=_num(want), found=pays, evidence=ev)


@check("tie-settlement", "tie-settlement-divergent")
def tie_settlement(ctx: Context) -> Iterator[Finding]:
    """Player and Banker bets must not be said to lose on a tie."""
    if ctx.x.get("main_bets_push_on_tie") is False and ctx.ruleset.payouts.main_bets_push_on_tie:
        yield Finding("tie-settlement-divergent",
                      "The page says Player and Banker bets lose when the hand is a tie; they push.",
                      expected=True, found=False, evidence=ctx.extraction.evidence.get("main_bets_push_on_tie"))


@check("side-bets", "side-bet-payout-missing")
def side_bets(ctx: Context) -> Iterator[Finding]:
    """Every side bet offered must have its payout stated."""
    for name, pays in sorted((ctx.x.get("side_bets") or {}).items()):
        if pays is None:
            yield Finding("side-bet-payout-missing", f"The side bet {name} is offered with no payout stated.",
                          found=name, evidence=ctx.extraction.evidence.get(f"side_bets.{name}"),
                          rests_on=(f"side_bets.{name}",))


@check("payout-examples", "payout-example-wrong")
def payout_examples(ctx: Context) -> Iterator[Finding]:
    """Worked examples must agree with the stated payouts."""
    for ex in ctx.extraction.examples:
        allowed = _expected_amounts(ex.bet, ex.meaning, Fraction(str(ex.stake)), ctx)
        if not allowed:
            continue
        if all(abs(Fraction(str(ex.amount)) - a) > Fraction(1, 100) for a in allowed):
            what = "returned" if ex.meaning.endswith("returned") else "won"
            yield Finding("payout-example-wrong",
                          f"A worked example has a {ex.stake:g} {ex.bet} bet {what} {ex.amount:g}; "
                          f"at the stated payouts it is {', '.join(f'{float(a):g}' for a in allowed)}.",
                          expected=[float(a) for a in allowed], found=ex.amount, evidence=ex.evidence)


def _expected_amounts(bet: str, meaning: str, stake: Fraction, ctx: Context) -> list[Fraction]:
    p = ctx.rules.payouts
    if meaning.startswith("push-"):
        profit = [Fraction(0)] if p.main_bets_push_on_tie else [-stake]
    elif bet == "player":
        profit = [stake]
    elif bet == "banker":
        profit = [stake * (1 - p.banker_commission)]
        if p.banker_pays_on_6 is not None:
            profit.append(stake * p.banker_pays_on_6)
    elif bet == "tie":
        profit = [stake * p.tie_pays]
    else:
        pays = (ctx.x.get("side_bets") or {}).get(bet)
        if pays is None:
            return []
        profit = [stake * Fraction(str(pays))]
    if meaning.endswith("returned"):
        return [a + stake for a in profit]
    return profit
