"""`--format json`: the SPEC's report, one object for the whole run."""

from __future__ import annotations

import json as _json

from .. import lazy_re
from ..report import AuditRun

#: Characters JSON may hold raw but a terminal or a script should not meet: DEL and the C1
#: controls (0x9b starts an escape sequence on some terminals), bidirectional overrides, and
#: the line and paragraph separators, and lone surrogates (which UTF-8 cannot encode). They are
#: written as \u escapes: the same data.
_UNSAFE = lazy_re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


class JsonFormat:
    name = "json"
    suffix = ".json"

    def render(self, run: AuditRun, *, fail_on: str, strict: bool = False, new_only: bool = False) -> str:
        text = _json.dumps(run.to_dict(), indent=2, ensure_ascii=False)
        return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"
