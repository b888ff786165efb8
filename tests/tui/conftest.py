"""An app on a prepared three-player game, for the screen tests."""

from __future__ import annotations

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
