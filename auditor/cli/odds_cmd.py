"""`rules-auditor odds`: exact probabilities and house edges for a shoe and ruleset."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from ..formats._common import plural
from .output import UsageErrorFrom, write_text

if TYPE_CHECKING:
    from ..odds_report import OddsReport


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("odds", help="exact probabilities and house edges of every bet",
                       description="Exact probabilities and house edges of every bet a ruleset offers.")
    shoe = p.add_mutually_exclusive_group()
    shoe.add_argument("--decks", type=int, metavar="N", help="full 52-card decks (default: the ruleset's)")
    shoe.add_argument("--shoe", metavar="V=COUNT,...",
                      help="card counts by value 0-9 or rank A,2-10,J,Q,K, e.g. 0=128,1=32,...,9=32")
    p.add_argument("--ruleset", default="punto-banco", metavar="ID|PATH", help="default: punto-banco")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=run)


def parse_shoe(text: str) -> dict[str, int]:
    from ..engine import ShoeError

    counts: dict[str, int] = {}
    for part in filter(None, (s.strip() for s in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep:
            raise ShoeError(f"--shoe: {part!r} is not CARD=COUNT")
        try:
            counts[key.strip()] = counts.get(key.strip(), 0) + int(value)
        except ValueError:
            raise ShoeError(f"--shoe: {value.strip()!r} is not a whole number") from None
    return counts


def run(args: argparse.Namespace) -> int:
    from ..engine import ShoeError
    from ..odds_report import odds
    from ..ruleset import RulesetError

    with UsageErrorFrom(RulesetError, ShoeError, ValueError):
        shoe = parse_shoe(args.shoe) if args.shoe is not None else None
        report = odds(decks=args.decks, ruleset=args.ruleset, shoe=shoe)
    if args.format == "json":
        write_text(json.dumps(report.to_dict(), indent=2) + "\n")
    else:
        write_text(render_text(report))
    return 0


def render_text(report: OddsReport) -> str:
    from ..figures import percent_text

    o = report.odds
    shoe = o.shoe
    what = plural(shoe.decks, "deck") if shoe.decks else "custom shoe"
    lines = [
        f"{report.ruleset.id}: {report.ruleset.name}",
        f"{what}, {shoe.cards} cards, {o.total:,} six-card sequences",
        "",
        f"{'outcome':<10} {'sequences':>26} {'probability':>12}",
    ]
    for name, count in o.outcomes.items():
        lines.append(f"{name:<10} {count:>26,} {float(o.probability(count)):>12.6f}")
    lines += ["", f"{'bet':<22} {'house edge':>11} {'win probability':>16}"]
    for name, edge in o.edges.items():
        win = float(o.probability(o.win_counts[name]))
        lines.append(f"{name:<22} {percent_text(edge):>11} {win:>16.6f}")
    for name, why in o.unavailable.items():
        lines.append(f"{name:<22} {'n/a':>11}  ({why})")
    lines += ["", "cards dealt: " + ", ".join(
        f"{n}: {float(o.probability(c)):.6f}" for n, c in o.cards_dealt.items())]
    f = o.frequencies
    lines.append(
        f"naturals {float(f['natural']):.4%}, Player draws {float(f['player_draws']):.4%}, "
        f"Banker draws {float(f['banker_draws']):.4%}, {float(f['mean_cards']):.4f} cards a deal"
    )
    return "\n".join(lines) + "\n"
