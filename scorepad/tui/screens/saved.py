"""The base of the screens that list saved games (Open, History, Statistics): the games
are read in a thread, so the screen is up at once and never freezes, and it says how
far the reading got (the first listing after many new games reads every file)."""

from __future__ import annotations

import asyncio
from contextlib import suppress

from textual.binding import Binding
from textual.message import Message
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label

from ...messages import counted
from ..host import host

KEYS_WAIT = 1.0  # seconds keys wait for the list at most


class SavedGamesScreen(Screen):
    """Subclasses compose a Label ``#loading`` and write ``show(worked)``, and may work
    figures out from the games in the thread (``work_out``)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    class Progress(Message):
        """How many of the files have been looked at."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done, self.total = done, total

    class Listed(Message):
        """The games, newest first, the files that could not be read, and what
        ``work_out`` made of the games."""

        def __init__(self, games: list, problems: list[str], worked: object) -> None:
            super().__init__()
            self.games, self.problems, self.worked = games, problems, worked

    def __init__(self) -> None:
        super().__init__()
        self.games: list = []
        self.problems: list[str] = []
        self.loaded = False
        self.listed = asyncio.Event()

    def on_mount(self) -> None:
        self.query_one("#loading", Label).update("Reading the saved games…")
        self.run_worker(self.keys_wait_for_the_list(), group="keys-wait")
        # once the screen is drawn: the thread would take half its time to come up
        self.call_after_refresh(self.run_worker, self.read_games, thread=True, exclusive=True, group="saved-games")

    async def keys_wait_for_the_list(self) -> None:
        """Keys typed before the games are listed wait for them, a second at most (the
        screen never stops answering: thousands of games not indexed yet take longer):
        ``Down Down Enter`` typed at once with the Enter that opened the list went to an
        empty list and were lost. The wait ends with the screen too (its workers are
        cancelled then)."""
        with host(self).holding_keys(), suppress(TimeoutError):
            await asyncio.wait_for(self.listed.wait(), KEYS_WAIT)

    def read_games(self) -> None:
        """In the worker's thread: list the games, telling the screen how it goes
        (messages are the thread-safe way to the screen); the games listed are frozen
        out of the garbage collector's full passes (a pass over 10,000 games' summaries
        held the app for 180 ms)."""
        from ...storage.catalog import saved_games

        games, problems = saved_games(progress=lambda done, total: self.post_message(self.Progress(done, total)),
                                      freeze=True)
        self.post_message(self.Listed(games, problems, self.work_out(games)))

    def work_out(self, games: list) -> object:
        """In the worker's thread: what the screen shows, from the games (the statistics
        of 10,000 games take 50 ms: not in the app's event loop)."""
        return None

    def on_saved_games_screen_progress(self, event: Progress) -> None:
        if not self.loaded and event.done:
            self.query_one("#loading", Label).update(f"Reading the saved games: {event.done:,} of {event.total:,}…")

    def on_saved_games_screen_listed(self, event: Listed) -> None:
        self.games, self.problems, self.loaded = event.games, event.problems, True
        loading = self.query_one("#loading", Label)
        loading.update(Content(unreadable_words(event.problems)))  # files' names as they are
        loading.display = bool(event.problems)
        self.show(event.worked)
        self.listed.set()  # after the list is filled: the next key finds it

    def show(self, worked: object) -> None:
        """Show the games read (``self.games``) and what ``work_out`` made of them."""
        raise NotImplementedError


def unreadable_words(problems: list[str]) -> str:
    """The files that are not games, in a line ("" when every file is one)."""
    if not problems:
        return ""
    return f"{counted(len(problems), 'file')} could not be read: " + "; ".join(problems)
