"""What the benchmarks that time the command share: how to run it, and bytecode cached as after
an install."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def command() -> list[str]:
    """`rules-auditor` as installed beside this Python (a venv's bin), else `python -m auditor`."""
    script = Path(sys.executable).parent / "rules-auditor"
    if script.exists():
        return [str(script)]
    found = shutil.which("rules-auditor")
    return [found] if found else [sys.executable, "-m", "auditor"]


def cache_bytecode(folder: str) -> None:
    """Let every process started from here on write and read its compiled bytecode, in `folder`,
    as an installed package has it (even where PYTHONDONTWRITEBYTECODE is set), and leave the
    source tree alone."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = folder
