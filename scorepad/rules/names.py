"""Player names and titles in one Unicode form (NFC), and when two names are the same.

"Chloé" can be typed as one character ``é`` or as ``e`` and a combining accent; a
terminal shows both alike, so both are stored alike and count as one name ("Input" in
docs/rules.md: players have distinct names).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Iterable

from ..messages import CONTROLS

MAX_NAME = 30
# ``CONTROLS`` but tabs and line breaks, which notes keep
NOTE_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, controls: re.Pattern = CONTROLS) -> str:
    """``text`` itself; ValueError when it holds a character a terminal would act on
    rather than show (``CONTROLS``)."""
    found = controls.search(text)
    if found:
        raise ValueError(f"U+{ord(found.group()):04X}, a control character, cannot be shown: "
                         "escape sequences and hidden reordering are refused")
    return text


def printable_notes(text: str) -> str:
    """``printable``, tabs and line breaks allowed (notes may run over lines)."""
    return printable(text, NOTE_CONTROLS)


def nfc(text: str) -> str:
    """``text`` in Unicode NFC (precomposed where Unicode can): the stored form."""
    return unicodedata.normalize("NFC", text)


def clean_name(name: str) -> str:
    """A name as stored: runs of spaces made one, NFC; ValueError if empty or too long."""
    name = printable(nfc(" ".join(name.split())))
    if not name:
        raise ValueError("a player needs a name")
    if len(name) > MAX_NAME:
        raise ValueError(f"names are at most {MAX_NAME} characters")
    return name


@lru_cache(maxsize=4096)  # statistics over 10,000 games ask for a few names 200,000 times
def name_key(name: str) -> str:
    """What two players' names must not share: the letters, whatever their case or the
    Unicode form they were typed in (Unicode's canonical caseless match)."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).casefold())


def check_typed_names(players: Any) -> None:
    """ValueError when two names, as typed, are one name only once normalised.

    The stored names no longer show that they were written differently, so this looks
    at them before validation; names the same as typed (or but for case) are left to
    the plain duplicate check, and anything not a name to the field checks.
    """
    if not isinstance(players, (list, tuple)):
        return
    seen: dict[str, str] = {}
    for name in _typed(players):
        plain = " ".join(name.split())
        key = name_key(plain)
        other = seen.setdefault(key, plain)
        if other.casefold() != plain.casefold():
            raise ValueError(f'"{nfc(other)}" is already a player, written another way '
                             "(the same letters in another Unicode form): names must differ")


def _typed(players: Iterable[Any]) -> Iterable[str]:
    for player in players:
        name = player.get("name") if isinstance(player, dict) else getattr(player, "name", None)
        if isinstance(name, str):
            yield name
