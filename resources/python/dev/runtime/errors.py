"""The errors SkillServer raises or answers with, and the reverse-call timeout setting."""

from __future__ import annotations

import os
import sys
from typing import Optional

DEFAULT_REVERSE_TIMEOUT_S = 30.0


class RpcFailure(Exception):
    """An expected refusal (unknown method or tool, no setup flow): answered -32603 without a traceback."""


class ReverseCallError(RuntimeError):
    """The host answered a reverse call with an error, or did not answer in time."""

    def __init__(self, method: str, message: str, code: Optional[int] = None):
        super().__init__(message)
        self.method = method
        self.code = code


def reverse_timeout() -> float:
    """30 s, or env SKILL_REVERSE_TIMEOUT_S (seconds) so tests need not wait that long."""
    raw = os.environ.get("SKILL_REVERSE_TIMEOUT_S")
    if not raw:
        return DEFAULT_REVERSE_TIMEOUT_S
    try:
        value = float(raw)
        if value > 0:
            return value
    except ValueError:
        pass
    sys.stderr.write(f"skillbench: SKILL_REVERSE_TIMEOUT_S={raw!r} is not a positive number; using 30 s\n")
    return DEFAULT_REVERSE_TIMEOUT_S
