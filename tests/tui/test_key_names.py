"""Textual's answers about scorepad's keys come from ``tui/key_names.py``'s tables, as
Textual would give them, without Unicode's name database (issue 15: its look-ups read
0.8 MiB of it)."""

from __future__ import annotations

import string
import unicodedata

from textual import events, keys

from scorepad.tui.key_names import CHARACTERS, DISPLAYS, key_character, key_display

from .conftest import app_on, running
from .helpers import goto


def test_each_key_is_written_and_types_what_textual_says():
    plain = [*string.ascii_lowercase, *string.digits]
    for key in [*CHARACTERS, *plain]:
        assert key_character(key) == keys.key_to_character(key), key
    for key in [*DISPLAYS, *plain]:
        assert key_display(key) == keys.format_key(key), key


def test_keys_textual_is_not_told_of_are_its_own_to_answer():
    assert key_display("ctrl") == keys.format_key("ctrl")
    assert key_character("grave_accent") == keys.key_to_character("grave_accent") == "`"


async def test_no_key_of_any_game_screen_is_looked_up_in_unicodes_names(game_path, monkeypatch):
    """Every game screen drawn, with its key bar, and Help: Textual asks about every key
    bound there, and no answer needs the name database. (Keys are posted as a terminal's
    key reader posts them: Pilot's ``press`` looks their names up itself.)"""
    from scorepad.tui.kept_screens import ORDER

    looked_up: list[str] = []
    lookup = unicodedata.lookup

    def counted(name: str) -> str:
        looked_up.append(name)
        return lookup(name)

    monkeypatch.setattr(unicodedata, "lookup", counted)
    keys.format_key.cache_clear()  # Textual remembers its answers: as in a new process
    keys.key_to_character.cache_clear()
    app = app_on(game_path)
    async with running(app, (80, 24)) as pilot:
        for name in ORDER:
            await goto(pilot, name)
            app.post_message(events.Key("tab", "\t"))  # the focus elsewhere: other bindings above it
            await pilot.pause()
        app.post_message(events.Key("f1", None))
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
    assert looked_up == []
