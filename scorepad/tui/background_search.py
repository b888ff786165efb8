"""The App's part that finishes hard Pinax searches in a thread (S5).

The live totals search each player's Pinax for a millisecond at most on the UI thread
(``PINAX_BUDGET``, CPU time): a key never waits for a hard sheet. What is not
proven by then shows as the best assignment found so far, and a thread searches on,
in slices that double in length (each player a fair share of each): the screens show
each better assignment as it is found (at most every ``SHOW_EVERY``), and the next
slice reads the sheet as it stands then. A change to the sheet ends a slice at once
(its search may be moot), as do another game and quitting; while keys come the search
waits (``KEY_PAUSE``), so typing on a hard sheet is as quick as on any other.
"""

from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from functools import partial
from time import monotonic, sleep
from typing import Callable, Iterator

from textual.events import Key
from textual.message import Message
from textual.worker import Worker, WorkerState, get_current_worker

from ..storage.collection import hold, let_go

PINAX_BUDGET = 0.001  # seconds of UI-thread CPU time the live totals search, per change
FIRST_SLICE = 0.2  # seconds the first background slice searches; each next one twice as long
SHOW_EVERY = 0.25  # seconds between two showings of better assignments found
SWITCH_INTERVAL = 0.001  # seconds a thread holds the interpreter's lock while a search runs
COLLECT_EVERY = 2.0  # seconds between two garbage collections (in the search's thread) meanwhile
KEY_PAUSE = 0.05  # seconds the search waits after a key is handled, so the UI has the interpreter


@contextmanager
def gentle_on_the_ui() -> Iterator[Callable[[], None]]:
    """While a search runs in its thread: the interpreter's lock changes hands every
    millisecond (the UI thread waits for it at each turn of its event loop: five
    milliseconds by default), and the garbage collector runs in the search's thread,
    now and then, not in the app's: a full collection of a big screen's widgets takes
    10-15 ms, a key's whole budget, and the search's allocations would start them
    often. Yields what the search calls to collect when it is time."""
    last = [monotonic()]

    def collect() -> None:
        if monotonic() - last[0] >= COLLECT_EVERY:
            gc.collect()
            last[0] = monotonic()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    hold()
    try:
        yield collect
    finally:
        sys.setswitchinterval(interval)
        let_go()


class PinaxSearched(Message):
    """A background slice ended: the answers it found are remembered, ready to show."""

    def __init__(self, live) -> None:
        super().__init__()
        self.live = live


class BackgroundSearch:
    """Mixed into the App (which has ``live``, the open game, and ``game``)."""

    _key_at = 0.0  # when the last key was handled

    async def on_event(self, event) -> None:
        if isinstance(event, Key):
            self._key_at = monotonic()
        await super().on_event(event)

    def let_keys_pass(self) -> None:
        """In the search's thread: while keys come, wait (the UI thread has the
        interpreter to itself, rather than a turn every millisecond)."""
        while monotonic() - self._key_at < KEY_PAUSE:
            sleep(KEY_PAUSE / 10)

    def search_on(self) -> None:
        """A Pinax figure is not proven: search on in a thread, unless one already does
        (it reads the sheet again after each slice)."""
        if self.live is None or any(worker.group == "pinax" and worker.state in (WorkerState.PENDING,
                                                                                  WorkerState.RUNNING)
                                    for worker in self.workers):
            return
        self.run_worker(partial(self.search_slices, self.live), name="Pinax search", group="pinax",
                        thread=True, exit_on_error=False)

    def search_slices(self, live) -> None:
        """In the thread: settle the sheet's Pinax answers, slice after slice, until all
        are proven, or the game is closed or changed for another."""
        worker = get_current_worker()
        shown = [monotonic()]

        def found() -> None:
            if monotonic() - shown[0] >= SHOW_EVERY:
                shown[0] = monotonic()
                self.post_message(PinaxSearched(live))

        with gentle_on_the_ui() as collect:
            seconds = FIRST_SLICE
            while not worker.is_cancelled and live is self.live:
                revision = live.revision
                done = live.settle(seconds, lambda: collect() or self.let_keys_pass() or worker.is_cancelled
                                   or live is not self.live or live.revision != revision, found)
                if worker.is_cancelled or live is not self.live:
                    return
                self.post_message(PinaxSearched(live))
                if done and live.revision == revision:
                    return
                seconds *= 2

    def on_pinax_searched(self, message: PinaxSearched) -> None:
        """Show what a slice found (the standings are worked out again from it)."""
        if message.live is self.live:
            message.live.rescore()
            if self.game is not None:
                self.game[1].follow_sheet()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A search that ended just as the sheet changed: the new sheet may need one (not
        after an error: that would only start the same error again)."""
        if event.worker.group == "pinax" and event.state == WorkerState.SUCCESS:
            if self.live is not None and self.live.searching():
                self.search_on()
