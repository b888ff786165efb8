"""Textual's answers about scorepad's keys, given without Unicode's name database.

Textual asks two things of a bound key: how it is written (the key bar, Help) and which
character it types (for every key bound above the focused widget, whenever the bindings
are looked at). For a key named by a word it looks the name up in Unicode's name
database (``unicodedata.lookup("PAGEDOWN")``), mostly to find there is no such
character; each look-up reads pages of a table of about 1 MiB, and scorepad's keys
read 0.8 MiB of it: memory a bare Textual app, whose keys all carry a modifier, never
reads (issue 15). The keys scorepad binds are answered from the tables below, as
Textual answers them (``tests/tui/test_key_names.py`` compares); any other key is still
Textual's to answer.
"""

from __future__ import annotations

import textual.app
import textual.screen
from textual.keys import format_key, key_to_character

FUNCTION_KEYS = tuple(f"f{n}" for n in range(1, 25))

# the character a key named by a word types (None: it types none)
CHARACTERS: dict[str, str | None] = {
    "backspace": "\b", "delete": "\x7f", "escape": "\x1b", "question_mark": "?", "space": " ", "tab": "\t",
    **dict.fromkeys(("down", "end", "enter", "home", "left", "pagedown", "pageup", "right", "up",
                     *FUNCTION_KEYS)),
}

# how a key is written, where Textual would look its name up (it writes the keys of
# its ``KEY_DISPLAY_ALIASES``, pgdn and the arrows among them, without one)
DISPLAYS: dict[str, str] = {
    "question_mark": "?", "end": "end", "home": "home", "tab": "tab",
    **{key: key for key in FUNCTION_KEYS},
}


def is_plain(key: str) -> bool:
    """A key that is one letter or digit: it types itself, and is written as itself."""
    return len(key) == 1 and key.isascii() and key.isalnum()


def key_display(key: str) -> str:
    """How Textual writes this key (no modifiers: ``format_key``)."""
    known = DISPLAYS.get(key)
    if known is not None:
        return known
    return key if is_plain(key) else format_key(key)


def key_character(key: str) -> str | None:
    """The character this key types, as Textual says (``key_to_character``)."""
    if key in CHARACTERS:
        return CHARACTERS[key]
    return key_to_character(key)


def answer_key_names() -> None:
    """Have Textual ask these tables first. Only Textual's own functions are replaced:
    a version of Textual that no longer has them (or moved them) is left as it is."""
    if getattr(textual.app, "format_key", None) is format_key:
        textual.app.format_key = key_display
    if getattr(textual.screen, "key_to_character", None) is key_to_character:
        textual.screen.key_to_character = key_character
