"""`--format json`: the SPEC's report, one object for the whole run."""

from __future__ import annotations

import json as _json

from ..report import AuditRun


class JsonFormat:
    name = "json"
    suffix = ".json"

    def render(self, run: AuditRun, *, fail_on: str) -> str:
        return _json.dumps(run.to_dict(), indent=2, ensure_ascii=False) + "\n"
