"""Bytes <-> messages for SkillServer, and nothing else: stdin split into lines, messages encoded as lines.

stdin is read in a thread with ``os.read`` rather than asyncio's StreamReader, whose 64 KiB line limit
killed the early SDK on big messages. Lines are handed to the event loop with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from typing import Any, Callable, Dict

from dev.types._model import Model

READ_CHUNK = 1 << 16


def json_default(value: Any) -> Any:
    """Models become dicts and sets lists, so a skill may return them; anything else is an error."""
    if isinstance(value, Model):
        return value.model_dump()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def encode(msg: Dict[str, Any]) -> bytes:
    """One line of ASCII JSON (non-ASCII as \\uXXXX). NaN and Infinity are refused: they are not JSON."""
    return (json.dumps(msg, ensure_ascii=True, allow_nan=False, default=json_default) + "\n").encode("ascii")


def start_reader(fd: int, loop: asyncio.AbstractEventLoop, on_line: Callable[[bytes], None],
                 on_eof: Callable[[], None]) -> threading.Thread:
    """Reads ``fd`` until end of file in a daemon thread; each whole line goes to ``on_line`` in the loop."""

    def run() -> None:
        held: list = []
        while True:
            try:
                chunk = os.read(fd, READ_CHUNK)
            except OSError:
                chunk = b""
            if not chunk:
                break
            pieces = chunk.split(b"\n")
            if len(pieces) == 1:
                held.append(chunk)
                continue
            held.append(pieces[0])
            lines = [b"".join(held)] + pieces[1:-1]
            held = [pieces[-1]] if pieces[-1] else []
            for line in lines:
                loop.call_soon_threadsafe(on_line, line)
        if held:
            loop.call_soon_threadsafe(on_line, b"".join(held))
        loop.call_soon_threadsafe(on_eof)

    thread = threading.Thread(target=run, name="skill-stdin", daemon=True)
    thread.start()
    return thread


def take_stdout() -> Any:
    """Keeps the real stdout for the protocol and points fd 1 (print, child processes) at stderr."""
    sys.stdout.flush()
    proto = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    try:
        sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        pass
    return proto
