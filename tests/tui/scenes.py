"""Every screen of the app in a fixed state, as SVG, at a terminal size and in a theme:
used by the snapshot tests and by the command that refreshes the README's screenshots:

    .venv/bin/python -m tests.tui.scenes screenshots
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

from textual.widgets import Input

from scorepad.tui.app import ScorepadApp
from scorepad.tui.game_opener import DEMO
from scorepad.tui.screens.games import HistoryScreen
from scorepad.tui.screens.statistics import StatisticsScreen

from .conftest import running
from .helpers import listed

STATS_GAMES = Path(__file__).parent.parent / "data" / "stats"  # eight games, for the statistics (issue 16)
SIZE = (120, 40)
SMALL = (80, 24)  # Textual's default terminal, and many laptops'
LIGHT = "textual-light"
GAME_SCREENS = ("progress", "pinax", "school", "scholars", "supplies", "renown", "results")
SAVED_SCENES = ("history", "statistics")  # the games of tests/data/stats saved
SCENES = ("home", "setup", *GAME_SCREENS, "record", "replay", "help", *SAVED_SCENES)
# the README's screenshots: every scene at SIZE in the default theme, and these
MORE_SHOTS = {"pinax-80x24": ("pinax", SMALL, None), "results-light": ("results", SIZE, LIGHT)}


async def capture(scene: str, home: Path, size: tuple[int, int] = SIZE, theme: str | None = None) -> str:
    """The SVG of one scene in a terminal of ``size`` and in ``theme`` (else the
    default one), with the demo game copied into ``home``."""
    games = home / "games"
    games.mkdir(parents=True, exist_ok=True)
    path = games / "2026-11-27-demo.json"
    shutil.copy(DEMO, path)
    os.utime(path, (1_795_000_000, 1_795_000_000))
    if scene in SAVED_SCENES:
        path.unlink()
        for game in sorted(STATS_GAMES.glob("*.json")):
            shutil.copy(game, games / game.name)
    app = ScorepadApp(path=None if scene in ("home", "setup", *SAVED_SCENES) else path)
    app.animation_level = "none"  # the tab underline slides: a picture must not catch it mid-way
    if theme is not None:
        app.theme = theme  # before the start: nothing is written to the settings
    async with running(app, size) as pilot:
        if scene == "setup":
            await pilot.press("enter")
        elif scene in GAME_SCREENS:
            app.action_go(scene)
        elif scene == "replay":
            app.open_replay(path)
            await pilot.pause()
            await pilot.press("left", "left")
        elif scene == "help":
            await pilot.press("f1")
        elif scene == "record":  # the play record form, over Game progress
            await pilot.press("ctrl+e")
        elif scene in SAVED_SCENES:
            app.push_screen(HistoryScreen() if scene == "history" else StatisticsScreen())
            await listed(pilot)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        app.clear_notifications()
        for field in app.screen.query(Input):
            field.cursor_blink = False  # a blinking cursor would make every picture differ
        await pilot.pause()
        svg = app.export_screenshot(title=f"scorepad — {scene}")
        if app.session:
            app.session.close()
    return svg


def write_all(folder: Path) -> None:
    """Write one SVG per scene into ``folder``, and the ones of ``MORE_SHOTS``."""
    folder.mkdir(parents=True, exist_ok=True)
    shots = {scene: (scene, SIZE, None) for scene in SCENES} | MORE_SHOTS
    for name, (scene, size, theme) in shots.items():
        with tempfile.TemporaryDirectory() as home:
            os.environ["SCOREPAD_HOME"] = home
            svg = asyncio.run(capture(scene, Path(home), size, theme))
            (folder / f"{name}.svg").write_text(svg, encoding="utf-8")
            print(f"wrote {folder / f'{name}.svg'}")


if __name__ == "__main__":
    write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
