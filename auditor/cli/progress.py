"""Progress on standard error: a bar on a terminal, plain lines otherwise."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any

from ..formats._common import one_line, plural

_BAR_FROM = 4  # sources; fewer finish too quickly for a bar to help
_REFRESH = 0.1  # seconds between redraws of the bar


class Progress:
    def __init__(self, total: int) -> None:
        self.total = total
        self.bar: Any = None
        self.task: Any = None
        self.done = 0
        self.terminal = sys.stderr.isatty()
        self.drawn = 0.0

    def __enter__(self) -> Progress:
        if self.terminal and self.total >= _BAR_FROM:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeRemainingColumn

            # Redrawn from update(), not by rich's own thread: a batch forks its workers after this,
            # and the parent, which shares the cores with them, does no more than it must.
            self.bar = Bar(TextColumn("auditing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                           transient=True, auto_refresh=False)
            self.bar.start()
            self.task = self.bar.add_task("audit", total=self.total)
            self.drawn = time.monotonic()
        return self

    def update(self, index: int, source: Any, reports: list[Any]) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.advance(self.task)
            if time.monotonic() - self.drawn >= _REFRESH or self.done == self.total:
                self.bar.refresh()
                self.drawn = time.monotonic()
        elif self.total > 1:
            errors = sum(1 for r in reports for f in r.findings if f.severity == "error" and f.certain)
            review = sum(1 for r in reports for f in r.findings if not f.certain)
            status = ("unreadable" if any(r.status == "error" for r in reports) else plural(errors, "error")
                      + (f", {plural(review, 'finding', 'need')} review" if review else ""))
            # one write, so that Ctrl-C cannot fall between a line and its end
            sys.stderr.write(f"[{self.done}/{self.total}] {one_line(source.name)}: {status}\n")
            sys.stderr.flush()

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        if self.bar is not None:
            self.bar.stop()
