"""The garbage collector held off while many objects are made that make no cycles.

Several may hold it at once (a file read inside a listing, the Pinax search's thread, the
app's start-up): it comes back on when the last lets go, and only if it was on when the
first took hold. Each holding remembering the state it found instead, two overlapping
in two threads turned it back on while the other still held it.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

_holding = threading.Lock()
_holds = 0  # holds taken and not yet let go
_was_on = True  # the collector's state when the first of them took hold
freezes = 0  # the ``freeze_all`` calls so far: what lived before the count moved is frozen


def hold() -> None:
    """Hold the collector off until as many ``let_go`` calls as holds (from any thread)."""
    global _holds, _was_on
    with _holding:
        if _holds == 0:
            _was_on = gc.isenabled()
        _holds += 1
        gc.disable()


def let_go() -> None:
    """Let go of one hold: the collector is on again, as it was, once none is left.
    RuntimeError when none is held: a count gone below zero would keep it off for good."""
    global _holds
    with _holding:
        if _holds == 0:
            raise RuntimeError("the garbage collector let go of more often than held")
        _holds -= 1
        if _holds == 0 and _was_on:
            gc.enable()


def freeze_all() -> None:
    """Freeze every object alive now (``gc.freeze()``), counted in ``freezes``: what
    keeps objects can tell whether they lived through one (the collector never frees
    frozen objects, whatever lets go of them; ``gc.get_freeze_count()`` cannot tell,
    it falls as frozen objects die)."""
    global freezes
    with _holding:
        freezes += 1
        gc.freeze()


@contextmanager
def collection_paused(freeze: bool = False) -> Iterator[None]:
    """The garbage collector held off meanwhile. Reading a file or listing games makes no
    cycles (what they drop goes by reference counting), and the collector's passes over
    the thousands of objects they make cost a fifth to a third of their time (and held
    the app's event loop for 180 ms over 10,000 games). ``freeze``: what lives then is
    frozen out of the full passes, as the app does once a game is open (which unfreezes
    them again)."""
    hold()
    try:
        yield
    finally:
        if freeze:
            freeze_all()
        let_go()


class HeldOnce:
    """A hold taken when made and let go once, by whichever of its owners comes first
    (the app's first frame, or the end of a run that never drew one)."""

    def __init__(self) -> None:
        hold()
        self._held = [True]  # emptied by the first to let go: ``pop`` is one step, in any thread

    @property
    def held(self) -> bool:
        """Whether the hold is still taken."""
        return bool(self._held)

    def let_go(self) -> None:
        """Let go of the hold, the first time only."""
        try:
            self._held.pop()
        except IndexError:
            return
        let_go()
