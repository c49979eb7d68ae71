"""`rules-auditor audit`: audit pages, directories, URLs, WARC files or standard input."""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext

from .. import formats
from ..output import OutputError, write_atomic
from ..report import FAIL_LEVELS, AuditRun, Report
from ..sources import Source, expand
from ..warc import EvidenceWarc, WarcError
from .fetch_cmd import add_fetch_arguments, fetch_options
from .output import UsageErrorFrom, write_text
from .progress import Progress


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("audit", help="audit rules pages and report discrepancies",
                       description="Audit punto banco rules pages: files, directories (searched for .html, "
                                   ".htm, .warc, .warc.gz), http(s) URLs, or - for standard input.")
    p.add_argument("sources", nargs="+", metavar="SOURCE")
    p.add_argument("--ruleset", metavar="ID|PATH",
                   help="judge every page against this ruleset (default: the one that best fits each page)")
    p.add_argument("--format", default="text", choices=sorted(formats.FORMATS), help="default: text")
    p.add_argument("-o", "--output", metavar="PATH", default="-", help="write the report here (default: stdout)")
    p.add_argument("--fail-on", default="error", choices=FAIL_LEVELS,
                   help="exit 1 when a finding at or above this level exists (default: error)")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="audit in N processes (default: one for each core with 8 or more sources, else 1)")
    p.add_argument("--save", metavar="DIR", help="save the pages fetched from URLs as a WARC file in DIR")
    add_fetch_arguments(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..ruleset import RulesetError, load_ruleset
    from ..runner import audit_all, default_jobs
    from . import UsageError

    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.ruleset is not None:
        with UsageErrorFrom(RulesetError):
            load_ruleset(args.ruleset)
    sources = expand(args.sources)
    if not sources:
        raise UsageError("no sources: the directories given hold no .html, .htm, .warc or .warc.gz files")
    fmt = formats.get(args.format)
    options = fetch_options(args, needed=any(s.kind == "url" for s in sources))
    progress = Progress(len(sources))
    reports: list[Report] = []
    evidence = EvidenceWarc(args.save) if args.save else None
    jobs = args.jobs if args.jobs is not None else default_jobs(len(sources))
    with UsageErrorFrom(WarcError), evidence or nullcontext(), progress:
        for report in audit_all(sources, args.ruleset, jobs, options, progress=progress.update,
                                keep_fetched=evidence is not None):
            if evidence is not None and report.fetched is not None:
                evidence.add(report.fetched)
                report.fetched = None
            reports.append(report)
    run_ = AuditRun(reports)
    text = fmt.render(run_, fail_on=args.fail_on)
    if args.output == "-":
        write_text(text)
    else:
        try:
            write_atomic(args.output, text)
        except OutputError as err:
            raise UsageError(str(err)) from None
    summary = run_.summary()
    failing = run_.failing(args.fail_on)
    print(f"rules-auditor: {summary['sources']} audited, {summary['errors']} errors, {summary['warnings']} warnings, "
          f"{summary['unreadable']} unreadable" + (f"; report in {args.output}" if args.output != "-" else "")
          + (f"; pages fetched saved in {evidence.path}" if evidence is not None and evidence.path else ""),
          file=sys.stderr)
    return 1 if failing else 0


__all__ = ["Source", "register", "run"]
