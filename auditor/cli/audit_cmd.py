"""`rules-auditor audit`: audit pages, directories, URLs, WARC files or standard input."""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext

from .. import formats
from ..baseline import Baseline, BaselineError, compare, load_baseline
from ..formats._common import plural, run_summary
from ..output import OutputError, write_atomic
from ..report import FAIL_LEVELS, AuditRun, Report
from ..sources import Source, expand
from ..waivers import Waiver, WaiverError, apply, load_config, parse_ignore
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
    p.add_argument("--strict", action="store_true",
                   help="findings that need review count towards --fail-on too (default: certain ones only)")
    p.add_argument("--baseline", metavar="PREVIOUS.json",
                   help="mark each finding new or unchanged against an earlier JSON report and list the fixed ones")
    p.add_argument("--fail-on-new", action="store_true",
                   help="with --baseline: only new findings count towards --fail-on")
    p.add_argument("--ignore", action="append", default=[], metavar="CODE[:SOURCE-GLOB]",
                   help="waive findings of CODE (on the sources matching SOURCE-GLOB); repeatable; also read "
                        "from rules-auditor.toml or [tool.rules-auditor] in pyproject.toml")
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
    if args.fail_on_new and args.baseline is None:
        raise UsageError("--fail-on-new needs --baseline PREVIOUS.json")
    with UsageErrorFrom(WaiverError, BaselineError):
        waivers = [*map(parse_ignore, args.ignore), *load_config()]
        baseline = load_baseline(args.baseline) if args.baseline is not None else None
    if args.ruleset is not None:
        with UsageErrorFrom(RulesetError):
            load_ruleset(args.ruleset)
    sources = expand(args.sources)
    if not sources:
        raise UsageError("no sources: the directories given hold no .html, .htm, .warc or .warc.gz files")
    fmt = formats.get(args.format)
    options = fetch_options(args, screenshot=args.save is not None, needed=any(s.kind == "url" for s in sources))
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
    run_ = run_of(reports, waivers, baseline)
    text = fmt.render(run_, fail_on=args.fail_on, strict=args.strict, new_only=args.fail_on_new)
    if args.output == "-":
        write_text(text)
    else:
        try:
            write_atomic(args.output, text)
        except OutputError as err:
            raise UsageError(str(err)) from None
    for note in notes(run_, baseline):
        print(f"rules-auditor: {note}", file=sys.stderr)
    print("rules-auditor: " + run_summary(run_) + (f"; report in {args.output}" if args.output != "-" else "")
          + (f"; pages fetched saved in {evidence.path}" if evidence is not None and evidence.path else ""),
          file=sys.stderr)
    return 1 if run_.failing(args.fail_on, args.strict, args.fail_on_new) else 0


def run_of(reports: list[Report], waivers: list[Waiver], baseline: Baseline | None) -> AuditRun:
    """The run, with the waivers applied and compared with the baseline (in that order: a waived
    finding the baseline had is not fixed)."""
    if waivers:
        apply(reports, waivers)
    if baseline is not None:
        compare(reports, baseline)
    return AuditRun(reports, baseline=baseline.path if baseline else None, waivers=waivers or None)


def notes(run: AuditRun, baseline: Baseline | None) -> list[str]:
    """What the user should know beyond the report: waivers that matched nothing, baseline
    findings this version cannot read."""
    out = [f"waiver {w.describe()} ({w.origin}) matched no finding" for w, n in run.waiver_matches() if n == 0]
    if baseline is not None and baseline.unknown_codes:
        codes = ", ".join(sorted(set(baseline.unknown_codes)))
        out.append(f"baseline {baseline.path}: {plural(len(baseline.unknown_codes), 'finding')} with codes this "
                   f"version does not know left out ({codes})")
    return out


__all__ = ["Source", "register", "run"]
