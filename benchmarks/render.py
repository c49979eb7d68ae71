"""Benchmark: pages rendered in headless Chromium and audited (`audit URL --render`), against the
same pages audited from their saved static HTML, with one job and with two.

A server on 127.0.0.1 (in this process) serves one app page per fixture: an empty
`<div id="__next">` and a script that fetches the fixture's rules as JSON and injects them, as a
single-page app's help centre does. Each page is audited through `auditor.runner.audit_all` as
`rules-auditor audit URL... --render --jobs N` does (fetch, render, settle, open toggles, read
the DOM, audit; one browser per job, started once, its start counted). The baseline audits the
fixtures themselves, saved as files, with the same jobs. The run also checks that each rendered
page's extracted fields equal its static page's.

Printed: pages per second for each run and the cost of a rendered page against a static one.
Most of a rendered page's time is waiting for it to settle (half a second with no request in
flight, `auditor.render.QUIET`), not work. The numbers are printed, not asserted.

    python benchmarks/render.py [--pages N]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import lxml.html

from auditor.fetch import FetchOptions
from auditor.render import RenderOptions, RenderUnavailable, find_chromium
from auditor.runner import audit_all
from auditor.sources import Source

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SHELL = """<!DOCTYPE html><html lang="en"><head><title>Rules</title></head><body><div id="__next"></div>
<script id="__NEXT_DATA__" type="application/json">{{"page":"/rules/{n}"}}</script>
<script>fetch('/api/{n}.json').then(r => r.json()).then(d => {{
  document.getElementById('__next').innerHTML = d.html; }});</script></body></html>"""


def body_of(data: bytes) -> str:
    body = lxml.html.document_fromstring(data).body
    return (body.text or "") + "".join(lxml.html.tostring(child, encoding="unicode") for child in body)


class Site:
    """App pages on 127.0.0.1: /rules/N is a shell, /api/N.json its rules."""

    def __init__(self, fixtures: list[Path]) -> None:
        routes: dict[str, tuple[bytes, str]] = {"/robots.txt": (b"User-agent: *\nAllow: /\n", "text/plain")}
        for n, path in enumerate(fixtures):
            routes[f"/rules/{n}"] = (SHELL.format(n=n).encode(), "text/html; charset=utf-8")
            routes[f"/api/{n}.json"] = (json.dumps({"html": body_of(path.read_bytes())}).encode(), "application/json")

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 - the http.server naming
                body, ctype = routes.get(self.path, (b"not found", "text/plain"))
                self.send_response(200 if self.path in routes else 404)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the stdlib's name
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, n: int) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/rules/{n}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def timed(sources: list[Source], jobs: int, options: FetchOptions | None) -> tuple[float, list]:
    start = time.perf_counter()
    reports = list(audit_all(sources, None, jobs, options))
    return time.perf_counter() - start, reports


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=24, help="pages per run (default: 24)")
    args = parser.parse_args()
    try:
        chromium = find_chromium()
    except RenderUnavailable as err:
        print(f"benchmarks/render.py: {err}", file=sys.stderr)
        return 2
    all_fixtures = [p for p in sorted(FIXTURES.glob("*.html")) if b"\x00" not in p.read_bytes()[:4096]]
    fixtures = [all_fixtures[i % len(all_fixtures)] for i in range(args.pages)]
    site = Site(fixtures)
    options = FetchOptions(allow_private=True, render=RenderOptions(chromium))
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for n, path in enumerate(fixtures):  # the pages as saved: one file each, as a crawl would keep them
            files.append(Path(tmp) / f"{n:03d}-{path.name}")
            files[-1].write_bytes(path.read_bytes())
        static_sources = [Source(str(p), "file") for p in files]
        rendered_sources = [Source(site.url(n), "url") for n in range(len(fixtures))]
        print(f"{len(fixtures)} app pages on 127.0.0.1, rendered in {chromium}; baseline: the same rules "
              f"as saved static HTML")
        results = {}
        timed(static_sources, 1, None)  # warm: rulesets loaded, the engine's tables built
        for jobs in (1, 2):
            static_s, static_reports = timed(static_sources, jobs, None)
            rendered_s, rendered_reports = timed(rendered_sources, jobs, options)
            same = sum(1 for a, b in zip(static_reports, rendered_reports, strict=True) if a.extracted == b.extracted)
            failed = sum(1 for r in rendered_reports if r.status != "ok")
            results[jobs] = (static_s, rendered_s)
            print(f"  {jobs} job{'s' if jobs > 1 else ' '}: rendered {len(fixtures) / rendered_s:7.2f} pages/s "
                  f"({rendered_s:6.2f} s, {failed} failed, {same}/{len(fixtures)} extracted as the static page); "
                  f"static {len(fixtures) / static_s:7.1f} pages/s ({static_s:5.2f} s); "
                  f"a rendered page costs {rendered_s / static_s:5.0f}x a static one")
        print(f"  2 jobs against 1: rendered {results[1][1] / results[2][1]:.2f}x, "
              f"static {results[1][0] / results[2][0]:.2f}x")
    site.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
