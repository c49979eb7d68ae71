"""`rules-auditor rulesets`: list the bundled rulesets; `--check` recomputes their edges."""

from __future__ import annotations

import argparse
import json

from ..formats._common import plural
from .output import UsageErrorFrom, write_text


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("rulesets", help="list the rulesets; --check recomputes their expected edges",
                       description="List the bundled rulesets. With --check, recompute every "
                                   "expected house edge each declares; exit 1 if any disagrees.")
    p.add_argument("--check", action="store_true", help="recompute every declared edge")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..ruleset import RulesetError, check_ruleset, load_all

    with UsageErrorFrom(RulesetError):
        rulesets = load_all()
    checks = {r.id: check_ruleset(r) for r in rulesets} if args.check else {}
    failed = [c for cs in checks.values() for c in cs if not c.ok]
    if args.format == "json":
        data = [
            {
                "id": r.id,
                "name": r.name,
                "extends": r.extends,
                "decks": r.decks,
                "path": str(r.path),
                "bets": ["banker", "player", "tie", *r.side_bets],
                **({"checks": [
                    {"decks": c.decks, "bet": c.bet, "declared": c.declared,
                     "computed": None if c.computed is None else float(c.computed),
                     "ok": c.ok, "source": c.source}
                    for c in checks[r.id]
                ]} if args.check else {}),
            }
            for r in rulesets
        ]
        write_text(json.dumps({"rulesets": data, "ok": not failed} if args.check else {"rulesets": data},
                              indent=2) + "\n")
    else:
        lines = []
        for r in rulesets:
            parent = f" (extends {r.extends})" if r.extends else ""
            lines.append(f"{r.id:<20} {r.name}{parent}")
            for c in checks.get(r.id, []):
                lines.append("    " + c.describe())
        if args.check:
            total = sum(len(cs) for cs in checks.values())
            lines.append(f"\n{total - len(failed)} of {plural(total, 'declared edge')} confirmed"
                         + (f"; {len(failed)} {'disagrees' if len(failed) == 1 else 'disagree'}" if failed else ""))
        write_text("\n".join(lines) + "\n")
    return 1 if failed else 0
