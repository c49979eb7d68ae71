"""`rules-auditor explain [CODE]`: what a finding code means, the RTS requirement it bears on, its
severity, why it matters and how to fix the page, all from `auditor/codes.py`."""

from __future__ import annotations

import argparse
import textwrap

from ..codes import CODES, RTS, Code, unknown
from .output import write_text

_WIDTH = 96


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("explain", help="explain a finding code (without one: list every code)",
                       description="Explain a finding code: what it means, the RTS requirement it bears on, "
                                   "its severity, why it matters and how to fix the page. Without a code, "
                                   "list every code.")
    p.add_argument("code", nargs="?", metavar="CODE")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from . import UsageError

    if args.code is None:
        write_text(listing())
        return 0
    code = CODES.get(args.code.strip().lower())
    if code is None:
        raise UsageError(unknown(args.code))
    write_text(explain(code))
    return 0


def listing() -> str:
    width = max(len(c) for c in CODES)
    lines = [f"{c.code:<{width}}  {_rts(c):<8}  {c.severity:<7}  {c.title}" for c in CODES.values()]
    return "\n".join([*lines, "", "rules-auditor explain CODE tells more about one."]) + "\n"


def explain(code: Code) -> str:
    requirements = sorted(RTS) if code.rts_of_rule else [code.rts]
    lines = [f"{code.code}: {code.title}", "", f"severity: {code.severity}",
             f"RTS: {_rts(code)}" + (" (that of the rule concerned)" if code.rts_of_rule else ""), ""]
    lines += _section("What it means", code.description)
    for rts in requirements:
        lines += _section(f"RTS {rts}", f"\u201c{RTS[rts]}\u201d")
    lines += _section("Why it matters", code.why)
    lines += _section("How to fix the page", code.fix)
    return "\n".join(lines).rstrip("\n") + "\n"


def _rts(code: Code) -> str:
    return "/".join(sorted(RTS)) if code.rts_of_rule else code.rts


def _section(heading: str, text: str) -> list[str]:
    return [heading, *textwrap.wrap(text, width=_WIDTH, initial_indent="  ", subsequent_indent="  "), ""]
