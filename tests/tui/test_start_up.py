"""Start-up through ``launch`` (what the ``scorepad`` command runs): the garbage
collector is held off until the first screen is drawn (issue 15: its passes over the
modules and models start-up loads were a tenth of the time to a sheet's first frame),
and is back on once it is, or once a run that never drew one ends."""

from __future__ import annotations

import gc

import pytest
from textual.app import App

from scorepad.storage.document import SheetFileError
from scorepad.tui.launch import launch


@pytest.fixture
def headless_runs(monkeypatch):
    """``App.run`` made headless: what the collector was at the first frame of the
    screen the command opens, and once that frame is handled; then the app quits."""
    seen: dict[str, bool] = {}
    original = App.run

    def run(self, **options):
        display = self._display

        def frame(screen, update) -> None:
            if update is not None and type(screen).__name__ in ("HomeScreen", "ProgressScreen"):
                seen.setdefault(type(screen).__name__, gc.isenabled())
            display(screen, update)

        self._display = frame

        async def pilot(pilot) -> None:
            for _ in range(200):  # until the first frame's aftermath has run (10 s at most)
                if not pilot.app.start_up.held:
                    break
                await pilot.pause(0.05)
            seen["after"] = gc.isenabled()
            pilot.app.exit()

        return original(self, headless=True, auto_pilot=pilot)

    monkeypatch.setattr(App, "run", run)
    gc.enable()
    yield seen
    gc.enable()


def test_a_sheet_opens_with_the_collector_held_until_its_first_screen_is_drawn(game_path, headless_runs):
    assert launch(game_path) == 0
    assert headless_runs == {"ProgressScreen": False, "after": True}
    assert gc.isenabled()


def test_home_is_drawn_with_the_collector_held_and_it_is_back_on_after(headless_runs):
    assert launch() == 0
    assert headless_runs == {"HomeScreen": False, "after": True}


def test_a_file_refused_before_the_app_starts_leaves_the_collector_on(tmp_path, headless_runs):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(SheetFileError):
        launch(bad)
    assert headless_runs == {} and gc.isenabled()
