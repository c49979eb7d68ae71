"""Small pieces the commands share: turning known errors into usage errors, writing stdout."""

from __future__ import annotations

import sys
from types import TracebackType


class UsageErrorFrom:
    """Context manager: the given exception types become a one-line UsageError (exit 2)."""

    def __init__(self, *types: type[BaseException]) -> None:
        self.types = types

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> bool:
        if err is not None and isinstance(err, self.types):
            from . import UsageError

            raise UsageError(str(err)) from None
        return False


def write_text(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()
