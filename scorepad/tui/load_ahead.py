"""What opening a game needs, loaded in a thread once the first screen is drawn.

Start-up loads neither the rules nor the sheet format's models (pydantic): Home would
wait for them. Loaded only when a game is opened, they were most of the 340-440 ms
between Enter on "Continue the last game" and its first screen. Home sits idle while
the user reads it; this thread loads them meanwhile, so Enter finds them loaded.
"""

from __future__ import annotations

import threading
from importlib import import_module

AHEAD = ("scorepad.storage.session", "scorepad.tui.screens.progress")


def load_ahead() -> threading.Thread:
    """Start loading what opening a game needs; the thread, already started. Not a
    daemon: quitting at once waits for the module being loaded, rather than leaving it
    half loaded while the interpreter shuts down."""
    thread = threading.Thread(target=load, args=(AHEAD,), name="scorepad-load-ahead")
    thread.start()
    return thread


def load(modules: tuple[str, ...]) -> None:
    """Import ``modules`` in turn, stopping at the first that fails: opening a game
    imports it again then, and says what is wrong where the user sees it (a thread's
    traceback would be printed over the screen)."""
    for name in modules:
        try:
            import_module(name)
        except Exception:
            return
