"""An app on a prepared three-player game, for the screen tests, and the one way they
run an app."""

from __future__ import annotations

import time
from contextlib import asynccontextmanager

import pytest

from scorepad.rules.models import Sheet
from scorepad.storage.session import SheetSession
from scorepad.tui.app import ScorepadApp


def three_players(**extra) -> Sheet:
    return Sheet.model_validate({"title": "Test", "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}],
                                 **extra})


@pytest.fixture(autouse=True)
def no_process_end_after_a_hang_up(monkeypatch):
    """A hang-up arms a timer that ends the process once the sheet is closed
    (``hang_up.end_process``): here it would end the test run."""
    from scorepad.tui import hang_up

    monkeypatch.setattr(hang_up, "end_process", lambda code: None)


@pytest.fixture
def game_path(scorepad_home):
    session = SheetSession.create(three_players())
    session.close()
    return session.path


@pytest.fixture
def grid_game_path(scorepad_home):
    session = SheetSession.create(three_players(library={"rows": [". . .", ". . ."]}))
    session.close()
    return session.path


@pytest.fixture
def answer_at_once(monkeypatch):
    """Questions take keys at once, those that come up on their own and those a key
    asked (each key its own run): for tests of their answers, not of the guard against
    keys typed for the screen below."""
    from scorepad.tui import ordered_keys
    from scorepad.tui.screens import asking

    monkeypatch.setattr(asking, "monotonic", lambda: float("-inf"))  # asked before any key
    monkeypatch.setattr(ordered_keys, "GUARD_SETTLE", 0.0)
    monkeypatch.setattr(ordered_keys, "GUARD_PAUSE", 0.0)


class KeyClock:
    """The clock the key guard reads (``ordered_keys``) and the questions note when
    they were asked by, moved by the test alone: a typist's pause is a step of this
    clock, not a sleep a loaded machine can stretch past the guard's limits."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """The typist stops this long."""
        self.now += seconds


@pytest.fixture
def key_clock(monkeypatch) -> KeyClock:
    """Keys and questions timed by a ``KeyClock`` (``advance`` it)."""
    from scorepad.tui import autosave, game_opener, ordered_keys, rescue_offer
    from scorepad.tui.screens import asking, setup

    clock = KeyClock()
    for module in (ordered_keys, autosave, game_opener, asking, rescue_offer, setup):
        monkeypatch.setattr(module, "monotonic", clock)
    return clock


def app_on(path) -> ScorepadApp:
    return ScorepadApp(path=path)


@asynccontextmanager
async def running(app: ScorepadApp, size: tuple[int, int] = (120, 40), **options):
    """The app running headless in a terminal of ``size`` (120 x 40 unless said), its
    first screen up; ``options`` go to ``run_test`` (``notifications=True`` to see toasts)."""
    async with app.run_test(size=size, **options) as pilot:
        await pilot.pause()
        yield pilot
