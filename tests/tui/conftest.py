"""An app on a prepared three-player game, for the screen tests, and the one way they
run an app."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from scorepad.rules.models import Sheet
from scorepad.storage.session import SheetSession
from scorepad.tui.app import ScorepadApp


def three_players(**extra) -> Sheet:
    return Sheet.model_validate({"title": "Test", "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}],
                                 **extra})


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
    """Questions that come up on their own take keys at once: for tests of their
    answers, not of the guard against keys typed for the screen below."""
    from scorepad.tui import ordered_keys

    monkeypatch.setattr(ordered_keys, "GUARD_SETTLE", 0.0)
    monkeypatch.setattr(ordered_keys, "GUARD_PAUSE", 0.0)


def app_on(path) -> ScorepadApp:
    return ScorepadApp(path=path)


@asynccontextmanager
async def running(app: ScorepadApp, size: tuple[int, int] = (120, 40), **options):
    """The app running headless in a terminal of ``size`` (120 x 40 unless said), its
    first screen up; ``options`` go to ``run_test`` (``notifications=True`` to see toasts)."""
    async with app.run_test(size=size, **options) as pilot:
        await pilot.pause()
        yield pilot
