"""The App's part that keeps what is typed when the terminal goes away: its window
closed (SIGHUP) or the system shutting down (SIGTERM). Both ended the process at once,
and a value typed but not yet stored (no Enter) was lost while it was on screen. Now
the app ends as Ctrl+Q ends it, without a question, for nobody is there to answer: the
play record typed is kept; a Setup never started makes no game (``typed_forms``)."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from contextlib import suppress

# what this platform has of them (Windows has no SIGHUP)
SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))
# once the sheet is closed after a hang-up, the seconds the app has to end by itself
GRACE = 3.0


def exit_code(number: int) -> int:
    """The exit code of a process ended by this signal, as a shell reports it (129: SIGHUP)."""
    return 128 + number


def end_process(code: int) -> None:
    """End the process at once (after a hang-up, the sheet closed: see ``hung_up``)."""
    os._exit(code)


class HangUp:
    """Mixed into the App: ``watch_for_hang_up()`` once mounted, ``stop_watching()`` at
    the end (the handlers belong to the event loop, which may outlive the app)."""

    def watch_for_hang_up(self) -> None:
        """Have SIGHUP and SIGTERM end the app keeping what is typed (``hung_up``)."""
        loop = asyncio.get_running_loop()
        for number in SIGNALS:
            # Windows' loops take no signal handlers, nor one running off the main thread
            with suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, self.hung_up, number)

    def stop_watching(self) -> None:
        """The signals back to their defaults."""
        loop = asyncio.get_running_loop()
        for number in SIGNALS:
            with suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(number)

    def hung_up(self, number: int = getattr(signal, "SIGHUP", 1)) -> None:
        """Store what is typed (a refused value stays unstored, as on Ctrl+Q) and what a
        form open can keep (``keep_typed_forms``: the play record, as ctrl+s keeps it),
        keep the changes the disk refused in a rescue copy (the questions Ctrl+Q asks
        have nobody to answer them), close the sheet and end (``number``: the signal, for
        the exit code if the app has to be ended)."""
        from ..storage.atomic import SaveError

        self.store_typing()
        self.keep_typed_forms()
        said = ""
        if self.changes_only_in_memory():
            with suppress(SaveError):  # nowhere to say it: the journal keeps what it has
                # said where the terminal is still there (SIGTERM): reopened, the sheet
                # showed the file's values and nothing pointed to the copy (attack run)
                said = f"the changes that could not be saved are in {self.session.rescue()}"
        self.close_and_exit(said)
        # the sheet is closed: nothing is left to keep. With no terminal, an app still
        # ending (keys of a burst queued against the dead terminal) stayed alive for
        # good, busy; this ends the process if it has not ended by itself
        ender = threading.Timer(GRACE, end_process, args=(exit_code(number),))
        ender.daemon = True
        ender.start()
