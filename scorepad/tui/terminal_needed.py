"""The app needs a terminal: keys are read on standard input, the screen is drawn on
standard error (Textual's way). Started with none (``scorepad </dev/null``, a pipe, a
cron job), Textual's driver read end-of-file over and over at 100% CPU, never ended,
and drew escape codes on stderr; with stderr sent to a file, the screen went there and
the terminal showed nothing while its keys were taken. Now the app says so in one line
(exit 2, ``launch``). Checked where Textual would start the terminal's driver: a
headless run (the tests', the benchmarks') needs no terminal. Standard output may be
anything: the app writes nothing there."""

from __future__ import annotations

import sys

# the standard streams the app needs as a terminal: keys are read on one, drawn on the other
NEEDED = (("input", "__stdin__"), ("error", "__stderr__"))


class NoTerminal(Exception):
    """The app cannot run here: the words say which stream is not a terminal."""


def missing_terminal() -> str:
    """Which standard stream the app needs is not a terminal ("input", "error"), or ""."""
    for name, attribute in NEEDED:
        stream = getattr(sys, attribute)  # the process's own: Textual's driver uses them
        try:
            if stream is not None and stream.isatty():
                continue
        except (OSError, ValueError):  # closed
            pass
        return name
    return ""


class TerminalNeeded:
    """Mixed into the App: a run that is not headless raises NoTerminal, before anything
    starts, when there is no terminal to run in."""

    async def run_async(self, *, headless: bool = False, **options):
        """Textual's ``run_async`` (``run`` calls it), once a terminal is there."""
        if not headless and (missing := missing_terminal()):
            raise NoTerminal(f"the app needs a terminal (standard {missing} is not one); "
                             "scorepad score, export, history, stats and replay --print work without one")
        return await super().run_async(headless=headless, **options)
