"""Writing reports: atomically (a temporary file, then a rename), never half-written."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class OutputError(OSError):
    """The report could not be written; nothing was left behind."""


def write_atomic(path: str | Path, text: str) -> None:
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise OutputError(f"cannot write {target}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(err, OSError):
            raise OutputError(f"cannot write {target}: {err.strerror or err}") from None
        raise
