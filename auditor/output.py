"""Writing reports: atomically (a temporary file, then a rename), never half-written."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class OutputError(OSError):
    """The report could not be written; nothing was left behind."""


def write_atomic(path: str | Path, text: str) -> None:
    """Write `text` to `path` whole or not at all. A path that is not a regular file (/dev/null,
    /dev/stdout, a named pipe) is written to directly: renaming over it would replace it."""
    target = Path(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as err:
        raise OutputError(f"cannot write {target}: {err.strerror or err}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {target}: is a directory")
    if mode is not None and not stat.S_ISREG(mode):
        _write_special(target, text)
        return
    folder = target.parent if str(target.parent) else Path(".")
    import tempfile  # (with random and shutil: not imported by a run that writes to stdout)

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise OutputError(f"cannot write {target}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes the file private; give the report the mode a new file would have
        os.chmod(tmp, stat.S_IMODE(mode) if mode is not None else 0o666 & ~current_umask())
        os.replace(tmp, target)
    except BaseException as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(err, OSError):
            raise OutputError(f"cannot write {target}: {err.strerror or err}") from None
        raise


def _write_special(target: Path, text: str) -> None:
    try:
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
    except OSError as err:
        raise OutputError(f"cannot write {target}: {err.strerror or err}") from None


def current_umask() -> int:
    """The process's umask (reading it means setting it; it is set straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
