"""What a file that cannot be read says, word for word: where in it (line and column),
what it is when it is not a file at all, and how large is too large."""

from __future__ import annotations

import json
import os
import stat

import pytest

from scorepad.columns import cell_len, wrap
from scorepad.storage.document import SheetFileError, parse_document
from scorepad.storage.json_text import line_and_column
from scorepad.storage.files import kind_of, size_words


@pytest.mark.parametrize("text, position, place", [
    ("abc", 0, "line 1, column 1"),
    ("abc", 2, "line 1, column 3"),
    ("ab\ncd\nef", 4, "line 2, column 2"),
    ("ab\ncd\nef", 6, "line 3, column 1"),
    ("ab\ncd", -1, ""),
])
def test_a_place_in_a_file_is_its_line_and_column_from_one(text, position, place):
    assert line_and_column(text, position) == place


@pytest.mark.parametrize("data, said", [
    (b'{"format": "great-library-scoresheet", "version": 1,\n  "players": [{"name": "A"}, {"name": "A", "name": "B"}]}',
     'f.json at line 2, column 30: an object names the key "name" twice: each key may appear once'),
    (b'{\n  "a": 1,\n   x}', "f.json at line 3, column 4: not valid JSON (Expecting property name enclosed in double quotes)"),
])
def test_a_broken_file_says_where(data, said):
    with pytest.raises(SheetFileError) as broken:
        parse_document(data, "f.json")
    assert str(broken.value) == said


def test_what_a_file_that_is_not_a_file_is_called():
    assert kind_of(stat.S_IFIFO) == "a named pipe"
    assert kind_of(stat.S_IFCHR) == kind_of(stat.S_IFBLK) == "a device"
    assert kind_of(stat.S_IFSOCK) == "a socket"
    assert kind_of(stat.S_IFDIR) == "not a plain file"
    assert kind_of(os.stat("/dev/null").st_mode) == "a device"


@pytest.mark.parametrize("text, width, lines", [
    ("This sheet is open read-only: nothing can change.", 20,
     ["This sheet is open", "read-only: nothing", "can change."]),
    ("ab 日本語日本語", 4, ["ab", "日本", "語日", "本語"]),  # a wide character never pokes past the edge
    ("x 日本", 3, ["x", "日", "本"]),
    ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
    ("", 10, [""]),
])
def test_a_message_wraps_between_words_by_display_width(text, width, lines):
    assert wrap(text, width) == lines and all(cell_len(line) <= width for line in lines)


@pytest.mark.parametrize("size, words", [
    (20 * 1024 * 1024, "20 MB"), (1024 * 1024, "1 MB"), (3 * 512 * 1024, "1.5 MB"),
    (1024 * 1024 - 1, "1048575 bytes"), (512, "512 bytes"),
])
def test_a_size_limit_in_words(size, words):
    assert size_words(size) == words


HEADER = {"format": "great-library-scoresheet", "version": 1}
BEGIN = {"kind": "begin", "sheet": {"players": [{"name": "Ana"}]}}


@pytest.mark.parametrize("body, said", [
    ({"players": [{"name": "Ana", "renown": "x"}]},
     'at players[0] (Ana).renown: Input should be a valid integer (found "x")'),
    ({"players": [{"name": "Ana"}, {"name": "Ben", "pinax": [{"seals": 7}]}]},
     "at players[1] (Ben).pinax[0].seals: Input should be less than or equal to 4 (found 7)"),
    ({"players": [{"name": "Ana", "renown": -1, "seals_removed": 2.5}]},
     "at players[0] (Ana).renown: Input should be greater than or equal to 0 (found -1); 1 more problem after this one"),
    ({"players": [{"name": "Ana", "renown": -1, "seals_removed": 2.5, "kings_requests": "z"}]},
     "at players[0] (Ana).renown: Input should be greater than or equal to 0 (found -1); 2 more problems after this one"),
    ({"players": [{"name": "Ana"}], "history": [BEGIN, {"kind": "set_count", "player": 0, "field": "renown", "value": "many"}]},
     'at history[1].value: Input should be a valid integer (found "many")'),
    ({"players": [{"name": "Ana"}], "history": [BEGIN, {"kind": "set_title"}]}, "at history[1].title: Field required"),
    ({"players": [{"renown": 3}]}, "at players[0].name: Field required"),
    ({"players": [{"name": "Ana", "supplies": {"research": "y" * 100}}]},
     'at players[0] (Ana).supplies.research: Input should be a valid integer (found "' + "y" * 19 + "…" + "y" * 20 + '")'),
])
def test_a_value_the_format_refuses_is_named_by_its_place_in_the_file(body, said):
    """The place names the player (``players[1] (Ben)``), skips the entry's kind that
    pydantic adds to the path, and a long value is shown clipped."""
    with pytest.raises(SheetFileError) as refused:
        parse_document(json.dumps({**HEADER, **body}).encode(), "f.json")
    assert str(refused.value) == "f.json " + said
