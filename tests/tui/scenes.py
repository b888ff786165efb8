"""Every screen of the app in a fixed state, as SVG: used by the snapshot tests and by
the command that refreshes the README's screenshots:

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

from scorepad.tui.app import DEMO, ScorepadApp

SIZE = (120, 40)
GAME_SCREENS = ("progress", "pinax", "school", "scholars", "supplies", "renown", "results")
SCENES = ("home", "setup", *GAME_SCREENS, "replay", "help")


async def capture(scene: str, home: Path) -> str:
    """The SVG of one scene, with the demo game copied into ``home``."""
    games = home / "games"
    games.mkdir(parents=True, exist_ok=True)
    path = games / "2026-11-27-demo.json"
    shutil.copy(DEMO, path)
    os.utime(path, (1_795_000_000, 1_795_000_000))
    app = ScorepadApp(path=None if scene in ("home", "setup") else path)
    app.animation_level = "none"  # the tab underline slides: a picture must not catch it mid-way
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
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
    """Write one SVG per scene into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for scene in SCENES:
        with tempfile.TemporaryDirectory() as home:
            os.environ["SCOREPAD_HOME"] = home
            (folder / f"{scene}.svg").write_text(asyncio.run(capture(scene, Path(home))), encoding="utf-8")
            print(f"wrote {folder / f'{scene}.svg'}")


if __name__ == "__main__":
    write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
