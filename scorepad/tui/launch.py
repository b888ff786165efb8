"""Start the app (imported only when a UI is opened, so the CLI stays light)."""

from __future__ import annotations

import sys
from contextlib import suppress
from pathlib import Path


def launch(path: Path | None = None, replay: Path | None = None, demo: bool = False) -> int:
    """Run the app until it quits; its exit code. A sheet given is opened first, once:
    SheetFileError for a file that cannot be read, before the app starts (exit 2).

    Keys typed meanwhile reach the app as typed (``early_keys``). The garbage collector
    is held off until the app's first frame: start-up makes hardly any garbage, and the
    collector's passes over the modules and models it loads were a tenth of the time to
    a sheet's first screen (about 100 ms)."""
    from ..storage.collection import HeldOnce
    from .early_keys import keys_as_typed

    with keys_as_typed():
        return started(path, replay, demo, HeldOnce())


def started(path: Path | None, replay: Path | None, demo: bool, start_up) -> int:
    """``launch``, the terminal reading keys as typed and the collector held. What the
    app has to say at the end (``parting_words``) is printed once the terminal is back;
    after a bug, the exit code is ``crash_report.EXIT_CODE``; with no terminal to run in
    (``terminal_needed``), one line and exit 2."""
    from .terminal_needed import NoTerminal

    session = None
    try:
        session = opened(path) if path is not None else None
        from .app import ScorepadApp

        app = ScorepadApp(path=path, replay_path=replay, demo=demo, session=session, start_up=start_up)
        app.run()
    except NoTerminal as err:
        say(f"scorepad: {err}")
        if session is not None and session.told:  # opening it recovered or kept something
            say(f"scorepad: {session.told}")
        if session is not None and session.rescued is not None:
            from ..storage.rescue import rescue_words

            say(f"scorepad: {rescue_words(session.path, session.rescued)}")
        return 2
    finally:
        start_up.let_go()  # a run that never drew a frame
        if session is not None:
            session.close()  # closed by the app already, unless it never started
    if words := app.parting_words():
        say(words)
    if app.crash_words:
        from ..storage.crash_report import EXIT_CODE

        return EXIT_CODE
    return app.return_code or 0


def say(words: str) -> None:
    """Tell the user, on stderr, once the terminal is back."""
    with suppress(OSError, ValueError):  # a terminal hung up, a closed stderr: no one to tell
        print(words, file=sys.stderr)


def opened(path: Path):
    """The sheet's session, or None when another scorepad holds it or no lock can be
    taken there (the app then offers it read-only). SheetFileError for a file that
    cannot be read, before anything is made for it (its lock file, a folder)."""
    from ..storage.atomic import SaveError
    from ..storage.document import SheetFileError
    from ..storage.files import read_bytes, read_sheet
    from ..storage.lock import SheetLocked
    from ..storage.session import SheetSession
    from ..storage.journal_replay import ours_left

    try:
        read_bytes(path)  # no such file, a folder, a pipe
    except SheetFileError:
        if path.exists() or path.is_symlink() or ours_left(path) is None:
            raise
        # gone, with the game typed into it in its journal: opening brings it back
    try:
        return SheetSession.open(path)
    except (SheetLocked, SaveError):
        read_sheet(path)  # what is wrong with it, if anything: else the app asks
        return None
