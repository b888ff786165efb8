"""The theme chosen is remembered in the settings file (issue 12), and no settings file,
however broken, stops the app or is overwritten."""

from __future__ import annotations

import json

import pytest

from scorepad.storage.settings import settings_path
from scorepad.tui.app import ScorepadApp

from .conftest import running
from .helpers import toasts


async def start(pilot_size=(100, 30)):
    """A fresh app on Home: its theme once mounted, and the toasts it showed."""
    app = ScorepadApp()
    async with running(app, pilot_size, notifications=True) as pilot:
        return app.theme, await toasts(pilot)


async def test_the_theme_chosen_is_the_theme_of_the_next_start(scorepad_home):
    app = ScorepadApp()
    async with running(app, (100, 30), notifications=True) as pilot:
        app.theme = "catppuccin-latte"  # as Ctrl+P "Change theme" sets it
        await pilot.pause()
    assert json.loads(settings_path().read_text())["theme"] == "catppuccin-latte"
    theme, said = await start()
    assert theme == "catppuccin-latte" and said == ""


async def test_starting_writes_no_settings(scorepad_home):
    theme, _ = await start()
    assert theme == ScorepadApp().theme and not settings_path().exists()


async def test_settings_keys_this_version_does_not_know_are_kept(scorepad_home):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"player": "Ana", "theme": "nord"}))
    app = ScorepadApp()
    async with running(app, (100, 30), notifications=True) as pilot:
        assert app.theme == "nord"
        app.theme = "gruvbox"
        await pilot.pause()
    assert json.loads(settings_path().read_text()) == {"player": "Ana", "theme": "gruvbox"}


@pytest.mark.parametrize("content, said", [
    (b"{not json", "is not JSON"),
    (b'["theme", "nord"]', "is not a JSON object"),
    (b'{"theme": 7}', ""),  # a wrong type: the default theme, the file is otherwise fine
    (b"\xff\xfe garbage", "is not JSON"),
    (b'{"theme": "' + b"x" * 70_000 + b'"}', "larger than a settings file"),
])
async def test_a_broken_settings_file_starts_the_default_theme_and_is_left_as_it_is(scorepad_home, content, said):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(content)
    app = ScorepadApp()
    async with running(app, (100, 30), notifications=True) as pilot:
        assert app.theme == ScorepadApp().theme
        assert said in await toasts(pilot)
        if said:
            app.theme = "nord"  # not remembered over a file we could not read
            assert "not remembered" in await toasts(pilot)
    assert settings_path().read_bytes() == content


async def test_a_settings_path_that_is_a_folder_or_cannot_be_written_is_said_not_fatal(scorepad_home):
    settings_path().mkdir(parents=True)  # a folder where the file should be
    app = ScorepadApp()
    async with running(app, (100, 30), notifications=True) as pilot:
        assert "Settings not read" in await toasts(pilot)
        app.theme = "nord"
        assert "not remembered" in await toasts(pilot)
    assert settings_path().is_dir()


async def test_a_theme_that_no_longer_exists_is_named_and_the_default_used(scorepad_home):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"theme": "sepia-2031"}')
    theme, said = await start()
    assert theme == ScorepadApp().theme and "sepia-2031" in said and "not available" in said


@pytest.mark.parametrize("value", ["42", '""', "null", '["nord"]'])
async def test_a_remembered_theme_that_is_no_name_is_said_and_the_default_used(scorepad_home, value):
    """A settings file edited by hand to ``{"theme": 42}`` was passed over in silence."""
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(f'{{"theme": {value}}}')
    theme, said = await start()
    assert theme == ScorepadApp().theme and "is no theme's name" in said
