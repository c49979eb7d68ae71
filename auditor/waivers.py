"""Waivers: accepting a known finding, with a reason, so that it stops failing a run.

A waiver names a finding code and, optionally, the sources it holds for (shell-style globs
matched against the source as given). It comes from `--ignore CODE[:SOURCE-GLOB]` or from the
config file: `rules-auditor.toml` in the current directory, or else `[tool.rules-auditor]` in
its `pyproject.toml`:

    [[ignore]]
    code = "decks-missing"
    sources = "fixtures/*"            # or a list of globs; leave it out for every source
    reason = "decks stated in the lobby"

A waived finding leaves `findings` and is kept in `Report.waived` with its waiver. Nothing here
prints; errors are `WaiverError`, one line naming the file, the entry and what is wrong.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from .codes import CODES, unknown
from .report import Finding, Report, Waived

CONFIG_FILE = "rules-auditor.toml"
PYPROJECT = "pyproject.toml"
FROM_COMMAND_LINE = "--ignore"
_KEYS = ("code", "sources", "reason")
#: Codes no waiver may silence, and why.
UNWAIVABLE = {"source-unreadable": "a source that could not be read was not audited at all; it stays an error"}


class WaiverError(ValueError):
    """A waiver or the config file is not valid: one line, naming where and what."""


@dataclass(frozen=True)
class Waiver:
    """Findings of `code` on the sources matching any of `sources` (every source when empty)."""

    code: str
    sources: tuple[str, ...] = ()
    """Shell-style globs (`*` also matches `/`) over the source as given."""
    reason: str | None = None
    """Why the finding is accepted; required in the config file."""
    origin: str = FROM_COMMAND_LINE
    """Where it was given: `--ignore`, or the config file and entry (`rules-auditor.toml: ignore[1]`)."""

    def matches(self, source: str, finding: Finding) -> bool:
        if finding.code != self.code:
            return False
        if not self.sources:
            return True
        names = {source, os.path.normpath(source)}
        return any(fnmatchcase(name, glob) for glob in self.sources for name in names)

    def describe(self) -> str:
        """`decks-missing:fixtures/*`, as it would be given to --ignore (globs joined by commas)."""
        return f"{self.code}:{','.join(self.sources)}" if self.sources else self.code

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "sources": list(self.sources) or None, "reason": self.reason,
                "origin": self.origin}


def parse_ignore(text: str) -> Waiver:
    """`--ignore CODE[:SOURCE-GLOB]`."""
    code, sep, glob = text.partition(":")
    code = code.strip()
    problem = _code_problem(code)
    if problem:
        raise WaiverError(f"--ignore {text!r}: {problem}")
    if sep and not glob:
        raise WaiverError(f"--ignore {text!r}: nothing after ':' (give CODE or CODE:SOURCE-GLOB)")
    return Waiver(code, (glob,) if glob else ())


def load_config(directory: str | Path = ".") -> list[Waiver]:
    """The waivers of `rules-auditor.toml` in `directory`, or else of `[tool.rules-auditor]` in its
    `pyproject.toml`; none when neither has any."""
    directory = Path(directory)
    own = directory / CONFIG_FILE
    if own.is_file():
        return waivers_from(_read(own), CONFIG_FILE)
    pyproject = directory / PYPROJECT
    if pyproject.is_file():
        tool = _read(pyproject).get("tool")
        section = tool.get("rules-auditor") if isinstance(tool, dict) else None
        if section is not None:
            return waivers_from(section, f"{PYPROJECT} [tool.rules-auditor]")
    return []


def waivers_from(config: Any, where: str) -> list[Waiver]:
    """The waivers of one parsed config table, validated."""
    if not isinstance(config, dict):
        raise WaiverError(f"{where}: expected a table of settings")
    extra = sorted(set(config) - {"ignore"})
    if extra:
        raise WaiverError(f"{where}: unknown setting {extra[0]!r} (known: ignore)")
    entries = config.get("ignore", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise WaiverError(f"{where}: 'ignore' must be an array of tables ([[ignore]] entries)")
    return [_entry(e, f"{where}: ignore[{i}]") for i, e in enumerate(entries, 1)]


def _entry(entry: dict[str, Any], where: str) -> Waiver:
    extra = sorted(set(entry) - set(_KEYS))
    if extra:
        raise WaiverError(f"{where}: unknown key {extra[0]!r} (known: {', '.join(_KEYS)})")
    code = entry.get("code")
    if not isinstance(code, str):
        raise WaiverError(f"{where}: 'code' is required: the finding code to waive")
    problem = _code_problem(code)
    if problem:
        raise WaiverError(f"{where}: {problem}")
    sources = entry.get("sources", [])
    if isinstance(sources, str):
        sources = [sources]
    if not isinstance(sources, list) or not all(isinstance(s, str) and s for s in sources):
        raise WaiverError(f"{where}: 'sources' must be a glob or a list of globs (non-empty strings)")
    reason = entry.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise WaiverError(f"{where}: 'reason' is required: say why the finding is accepted")
    return Waiver(code, tuple(sources), reason.strip(), where)


def _code_problem(code: str) -> str | None:
    if code not in CODES:
        return unknown(code)
    if code in UNWAIVABLE:
        return f"{code} cannot be waived: {UNWAIVABLE[code]}"
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as err:
        raise WaiverError(f"{path.name}: cannot read: {err.strerror or err}") from None
    except tomllib.TOMLDecodeError as err:
        raise WaiverError(f"{path.name}: not valid TOML: {err}") from None
    except UnicodeDecodeError:
        raise WaiverError(f"{path.name}: not valid TOML: the file is not UTF-8") from None


def apply(reports: list[Report], waivers: list[Waiver]) -> None:
    """Move each finding the first matching waiver covers from `findings` to `waived`."""
    for report in reports:
        kept, waived = [], []
        for finding in report.findings:
            waiver = next((w for w in waivers if w.matches(report.source, finding)), None)
            if waiver is None:
                kept.append(finding)
            else:
                waived.append(Waived(finding, waiver))
        report.findings = kept
        report.waived = waived
