"""The `rules-auditor` command line: parse arguments, run one command, map errors to exit 2."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from . import audit_cmd, explain_cmd, fetch_cmd, odds_cmd, rulesets_cmd

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """The command cannot run at all: exit 2 with a one-line message."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rules-auditor",
        description="Audit punto banco (baccarat) rules pages against exact odds and UKGC RTS 3A-3D.",
    )
    parser.add_argument("--version", action="version", version=f"rules-auditor {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (audit_cmd, fetch_cmd, odds_cmd, rulesets_cmd, explain_cmd):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    _one_blas_thread()
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except UsageError as err:
        print(f"rules-auditor: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("rules-auditor: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


def _one_blas_thread() -> None:
    """Before numpy loads (no command module imports it before it runs): the engine's matrix
    products are far too small for BLAS threads to help, and in a batch of several processes the
    threads only compete with the other audits. A value the user set is kept."""
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
