"""Keys typed while scorepad starts, kept as typed.

Until Textual puts the terminal in raw mode (some half a second in), the terminal's line
discipline reads the keys: Enter becomes a line feed, Ctrl+S and Ctrl+Q are taken as
flow control and never reach the app, and every key is echoed. A whole Setup typed at
once right after ``scorepad`` lost its Ctrl+S and stayed on the form. The terminal is
switched to read keys as they are from the start, and put back as it was at the end.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def keys_as_typed(stream=None) -> Iterator[None]:
    """Meanwhile, the terminal on ``stream`` (stdin) hands keys over unchanged: no flow
    control, no carriage return made a line feed, no line editing, no echo (Ctrl+C
    still interrupts). Nothing changes where there is no terminal (a pipe; Windows)."""
    try:
        import termios

        descriptor = (stream or sys.stdin).fileno()
        before = termios.tcgetattr(descriptor) if os.isatty(descriptor) else None
    except (ImportError, OSError, ValueError, AttributeError):
        before = None
    if before is None:
        yield
        return
    raw = [list(part) if isinstance(part, list) else part for part in before]
    raw[0] &= ~(termios.IXON | termios.ICRNL)  # input flags
    raw[3] &= ~(termios.ICANON | termios.ECHO)  # local flags
    try:
        termios.tcsetattr(descriptor, termios.TCSANOW, raw)  # keys typed so far stay
    except termios.error:
        yield
        return
    try:
        yield
    finally:
        try:
            termios.tcsetattr(descriptor, termios.TCSANOW, before)
        except termios.error:
            pass  # the terminal is gone
