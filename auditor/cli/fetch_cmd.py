"""`rules-auditor fetch`: fetch pages and keep them, as received, in a WARC file as evidence
(with --render, also the DOM a headless browser rendered from each, and a screenshot)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..formats._common import plural
from ..warc import EvidenceWarc, WarcError

if TYPE_CHECKING:
    from ..fetch import FetchOptions


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("fetch", help="fetch pages and save them as WARC evidence",
                       description="Fetch http(s) URLs politely (robots.txt, timeouts, size limits) and write "
                                   "what was sent and received into a new gzipped WARC file in DIR. Failed "
                                   "fetches are listed on standard error and recorded in the WARC.")
    p.add_argument("urls", nargs="+", metavar="URL")
    p.add_argument("--out", required=True, metavar="DIR", help="directory for the WARC file (created if missing)")
    add_fetch_arguments(p)
    p.set_defaults(run=run)


def add_fetch_arguments(p: argparse.ArgumentParser) -> None:
    """The options of fetching, shared by `fetch` and `audit`."""
    p.add_argument("--no-robots", action="store_true", help="do not obey robots.txt")
    p.add_argument("--allow-private", action="store_true",
                   help="allow private, loopback and link-local addresses (an intranet server, a local test)")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help="read timeout for each request (default: 30; connecting gets at most 10)")
    p.add_argument("--render", action="store_true",
                   help="load each URL in headless Chromium and audit the page its scripts build")
    p.add_argument("--render-timeout", type=float, default=None, metavar="SECONDS",
                   help="with --render: time for a page to load, settle and be read (default: 30)")


def fetch_options(args: argparse.Namespace, screenshot: bool = False, needed: bool = True) -> FetchOptions | None:
    """The fetch options the arguments give, checked; with --render, how to render (and a
    screenshot when `screenshot`, for pages that are saved); None when nothing is to be fetched
    (then the fetcher is not even imported)."""
    from . import UsageError

    if args.timeout is not None and not args.timeout > 0:
        raise UsageError("--timeout must be a positive number of seconds")
    if args.render_timeout is not None and not args.render_timeout > 0:
        raise UsageError("--render-timeout must be a positive number of seconds")
    if not needed:
        return None
    from ..fetch import FetchOptions

    options = FetchOptions(respect_robots=not args.no_robots, allow_private=args.allow_private)
    if args.timeout is not None:
        options = replace(options, timeout=(min(10.0, args.timeout), args.timeout))
    if args.render:
        from ..render import RenderOptions, RenderUnavailable, find_chromium

        try:
            rendering = RenderOptions(find_chromium(), screenshot=screenshot)
        except RenderUnavailable as err:
            raise UsageError(str(err)) from None
        if args.render_timeout is not None:
            rendering = replace(rendering, timeout=args.render_timeout, settle=min(rendering.settle,
                                                                                   args.render_timeout))
        options = replace(options, render=rendering)
    return options


def run(args: argparse.Namespace) -> int:
    from . import UsageError

    for url in args.urls:
        parts = urlsplit(url)
        if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
            raise UsageError(f"fetch takes http:// or https:// URLs; {url!r} is not one")
    from ..fetch import fetch
    from ..render import render

    options = fetch_options(args, screenshot=True)
    failed = 0
    try:
        with EvidenceWarc(args.out) as warc:
            for url in args.urls:
                rendered = render(url, options) if options.render is not None else None
                got = rendered.fetched if rendered is not None else fetch(url, options)
                warc.add(rendered or got)
                error = got.error or (rendered.error if rendered is not None else None)
                if error is not None:
                    failed += 1
                    print(f"rules-auditor: {url}: {error}", file=sys.stderr)
                else:
                    print(f"rules-auditor: {url}: HTTP {got.status}, {plural(len(got.body or b''), 'byte')}"
                          + (f", rendered by {rendered.browser}: {plural(len(rendered.dom), 'byte')}"
                             if rendered is not None and rendered.dom is not None else ""), file=sys.stderr)
    except WarcError as err:
        raise UsageError(str(err)) from None
    if warc.path is not None:
        print(warc.path)
    fetched = len(args.urls) - failed
    print(f"rules-auditor: {fetched} fetched, {failed} failed"
          + (f"; evidence in {warc.path}" if warc.path else "; nothing written"), file=sys.stderr)
    return 1 if failed else 0
