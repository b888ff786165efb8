"""The sheet file format and the sheet file an open session sees, to the word: what a
broken or hostile file says (which file, where in it, what is wrong), the exact bytes
a save writes, what ``load_current`` hands a session for each state a journal can be
in, and a save that runs in the background (``fold_snapshot``)."""

from __future__ import annotations

import json
import os
import sys
import threading
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from scorepad.rules.entries import AddPlayer, Begin, EntryError, SetCount, fold
from scorepad.storage import files, migrations, sheet_file
from scorepad.storage.atomic import SaveError, stat_key
from scorepad.storage.document import SheetFileError, parse_document
from scorepad.storage.document_writer import EntryTexts, dump_document
from scorepad.storage.errors import clip
from scorepad.storage.file_problems import spot, where
from scorepad.storage.json_text import DuplicateKey, line_and_column
from scorepad.storage.files import write_sheet
from scorepad.storage.journal import Journal, digest, journal_path, read_journal
from scorepad.storage.migrations import VERSION, migrate
from scorepad.storage.sheet_file import (
    FoldOutcome, Overtaken, SheetFile, fold_snapshot, load_current, ours_in, replay_states, replayed,
)

from .conftest import make_sheet

FORMAT = "great-library-scoresheet"
HEADER = {"format": FORMAT, "version": VERSION}
SAVED = "2026-11-27T20:00:00+00:00"


def refusal(data: bytes | str) -> str:
    """What reading these bytes as ``f.json`` says."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    with pytest.raises(SheetFileError) as refused:
        parse_document(data, "f.json")
    return str(refused.value)


def document(**body) -> bytes:
    """A file with the header and this body."""
    return json.dumps({**HEADER, **body}, ensure_ascii=False).encode("utf-8")


def renown(value: int, player: int = 0) -> SetCount:
    return SetCount(player=player, field="renown", value=value)


def game(folder: Path, *values: int) -> tuple[Path, tuple]:
    """A saved two-player game whose history sets Ana's Renown to each value in turn."""
    history = (Begin(sheet=make_sheet({"name": "Ana"}, {"name": "Ben"})), *(renown(v) for v in values))
    path = folder / "g.json"
    write_sheet(path, fold(history), history)
    return path, history


def as_records(history) -> list[dict]:
    return [entry.model_dump(mode="json") for entry in history]


# --- messages: how long they may be -----------------------------------------------

@pytest.mark.parametrize("text, limit, shown", [
    ("abcde", 5, "abcde"),  # exactly at the limit: whole
    ("abcdefgh", 5, "ab…gh"),
    ("abcdefgh", 6, "ab…fgh"),  # the spare character goes to the end: a file name, the last words
])
def test_a_clipped_text_keeps_both_ends_and_fits_the_limit(text, limit, shown):
    assert clip(text, limit) == shown


def test_a_message_without_a_place_says_the_file_then_the_problem():
    assert str(SheetFileError("f.json", "", "no such file")) == "f.json: no such file"


def test_the_file_and_the_place_in_a_message_are_clipped_at_their_limits():
    """A source of 120 characters and a place of 80 are shown whole; one more and they
    are clipped, keeping their ends."""
    source, place = "s" * 119 + "/", "p" * 79 + "]"
    whole = SheetFileError(source, place, "bad")
    assert (whole.source, whole.where) == (source, place)
    longer = SheetFileError("x" + source, "x" + place, "bad")
    assert longer.source == clip("x" + source, len(source)) and len(longer.source) == len(source)
    assert longer.where == clip("x" + place, len(place)) and len(longer.where) == len(place)


def test_a_duplicate_key_error_carries_the_key():
    assert DuplicateKey("name").args == ("name",) and str(DuplicateKey("name")) == "name"


# --- what a file that is not a scoresheet says -------------------------------------

def test_a_line_and_column_count_a_file_that_starts_with_a_newline():
    assert line_and_column("\nab", 2) == "line 2, column 2"
    assert line_and_column("\n\nab", 1) == "line 2, column 1"


@pytest.mark.parametrize("data, said", [
    (b"\xff{}", "f.json at byte 0: not UTF-8 text: is this a scoresheet?"),
    (b'{"a": [1, 2', "f.json at line 1, column 12: the JSON ends too early: the file looks cut short"),
    (b"[" * 100_000, "f.json: the JSON is nested too deeply"),
    (b"[]", "f.json at top level: a scoresheet is a JSON object { ... }"),
    (b'"a sheet"', "f.json at top level: a scoresheet is a JSON object { ... }"),
])
def test_a_file_that_is_not_a_json_object_says_what_it_is(data, said):
    assert refusal(data) == said


def test_a_number_too_long_to_read_is_found_by_its_own_place():
    """The first number just at the limit reads; the place is that of the one past it."""
    limit = sys.get_int_max_str_digits()
    text = '{"a": ' + "9" * limit + ',\n "b": ' + "9" * (limit + 1) + "}"
    assert refusal(text) == (f"f.json at line 2, column 7: a number with more than {limit} digits: "
                             "not a scoresheet value")


def test_a_long_repeated_key_is_named_clipped_to_forty_characters():
    key = "k" * 41
    assert refusal(f'{{"{key}": 1, "{key}": 2}}') == (
        f'f.json at line 1, column 1: an object names the key "{clip(key, 40)}" twice: each key may appear once')


# duplicate_place looks for the place of a repeated key in texts up to a million characters
LARGE = 1_000_000


@pytest.mark.parametrize("size, place", [(LARGE, " at line 1, column 1"), (LARGE + 1, "")])
def test_a_repeated_key_is_placed_in_a_text_up_to_a_million_characters(size, place):
    body = '{"a": 1, "a": 2}'
    text = body + " " * (size - len(body))
    assert refusal(text) == f'f.json{place}: an object names the key "a" twice: each key may appear once'


def test_a_repeated_key_too_deep_to_place_is_still_named():
    """The fast parser reads it, the slower one that finds places runs out of stack:
    the key is named, with no place rather than a wrong one."""
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    nesting = (sys.getrecursionlimit() - depth) * 2 // 3  # one frame a level in C, two or more in Python
    text = "[" * nesting + '{"a": 1, "a": 2}' + "]" * nesting
    assert refusal(text) == 'f.json: an object names the key "a" twice: each key may appear once'


# --- the header ---------------------------------------------------------------------

@pytest.mark.parametrize("header, said", [
    ({"format": "other"}, f'f.json at format: expected "{FORMAT}", found "other": not a Great Library scoresheet'),
    ({}, f'f.json at format: expected "{FORMAT}", found null: not a Great Library scoresheet'),
    ({"format": FORMAT, "version": 0}, "f.json at version: expected a whole number from 1, found 0"),
    ({"format": FORMAT, "version": "1"}, 'f.json at version: expected a whole number from 1, found "1"'),
    ({"format": FORMAT, "version": True}, "f.json at version: expected a whole number from 1, found true"),
    ({"format": FORMAT, "version": VERSION + 1},
     f"f.json at version: written by a newer scorepad (version {VERSION + 1}); "
     f"this one reads versions up to {VERSION}: update scorepad"),
])
def test_a_foreign_or_newer_file_is_refused_naming_what_it_says(header, said):
    assert refusal(json.dumps({**header, "players": [{"name": "Ana"}]})) == said


def test_a_migration_lifts_a_copy_and_stamps_the_current_version(monkeypatch):
    """A step may change the object it is given: the caller's stays as it was read."""
    def lift(raw):
        raw["renamed"] = raw.pop("old")
        return raw

    monkeypatch.setattr(migrations, "VERSION", 2)
    monkeypatch.setitem(migrations.STEPS, 1, lift)
    raw = {"version": 1, "old": 5}
    assert migrate(raw, 1, "f.json") == {"version": 2, "renamed": 5}
    assert raw == {"version": 1, "old": 5}


# --- values the format refuses ------------------------------------------------------

@pytest.mark.parametrize("body, said", [
    # a check of the whole sheet: its place is the top level, without pydantic's "Value error, "
    ({"players": [{"name": "Ana"}, {"name": "ana"}]},
     'f.json at top level: two players are named "ana": names must differ'),
    # a list or an object is not shown as the value found
    ({"players": [{"name": "Ana", "renown": [1]}]}, "f.json at players[0] (Ana).renown: Input should be a valid integer"),
    ({"players": [{"name": "Ana", "renown": 10**60}]},
     "f.json at players[0] (Ana).renown: Input should be less than or equal to 500 (found "
     + "1" + "0" * 28 + "…" + "0" * 30 + ")"),
    # a list refused for being empty is a problem of its own, beside any other
    ({"players": [], "title": 5}, "f.json at title: Input should be a valid string (found 5); 1 more problem after this one"),
    # a list that looks short because an item failed is not; a problem after it still counts
    ({"players": [{"name": "Ana", "renown": "x"}], "timeline": 5},
     'f.json at players[0] (Ana).renown: Input should be a valid integer (found "x"); 1 more problem after this one'),
    ({"players": [{"name": "Alexandra Konstantinopoulou", "renown": -1}]},
     "f.json at players[0] (Alexandra K…antinopoulou).renown: Input should be greater than or equal to 0 (found -1)"),
])
def test_a_refused_value_is_named_by_place_in_plain_words(body, said):
    assert refusal(document(**body)) == said


def test_a_history_too_long_is_refused_at_history(monkeypatch):
    from scorepad.storage import document as document_module

    monkeypatch.setattr(document_module, "MAX_HISTORY", 2)
    begin = {"kind": "begin", "sheet": {"players": [{"name": "Ana"}]}}
    body = {"players": [{"name": "Ana"}], "history": [begin, begin, begin]}
    assert refusal(document(**body)) == "f.json at history: more than 2 entries: too many for a scoresheet"


def test_a_history_that_does_not_start_with_begin_is_refused():
    body = {"players": [{"name": "Ana"}], "history": [{"kind": "set_title", "title": "x"}]}
    assert refusal(document(**body)) == 'f.json at history[0]: a history starts with a "begin" entry'


@pytest.mark.parametrize("saved", [5, None, ["x"]])
def test_a_saved_time_that_is_not_text_reads_as_none(saved):
    assert parse_document(document(players=[{"name": "Ana"}], saved=saved), "f.json").saved == ""


def test_a_place_past_the_end_of_a_list_is_named_not_looked_up():
    raw = {"players": [{"name": "Ana"}]}
    assert where(("players", 1, "name"), raw) == "players[1].name"
    assert where(("players", 3, "name"), {"players": "x"}) == "players[3].name"


@pytest.mark.parametrize("loc, raw, value", [
    # a field missing from the file is its own place
    (("players", 0, "name"), {"players": [{"renown": 3}]}, ("players", 0, "name")),
    # the entry's kind pydantic puts in the path is not a place in the file
    (("history", 1, "set_count", "value"), {"history": [{}, {"kind": "set_count", "value": "many"}]},
     ("history", 1, "value")),
    # a union branch tried on a value is that value
    (("players", 0, "renown", "int"), {"players": [{"renown": "x"}]}, ("players", 0, "renown")),
    # a branch in the middle of the path ends it
    (("tile", "branch", "seals"), {"tile": {"seals": 9}}, ("tile",)),
    # past the end of a list
    (("players", 1, "name"), {"players": [{"name": "Ana"}]}, ("players", 1)),
])
def test_the_value_an_error_is_about(loc, raw, value):
    assert spot(loc, raw) == value


# --- the bytes a save writes --------------------------------------------------------

def history_with_accents():
    start = make_sheet({"name": "Chloé"}, {"name": "Ana"})
    return (Begin(sheet=start), renown(12), AddPlayer(name="Zoë"))


def test_a_saved_file_is_the_whole_document_as_json_dumps_indents_it():
    """The history written entry by entry reads as ``json.dumps`` of the whole file at
    indent 2 with letters as they are (not ``\\u`` escapes), history last."""
    history = history_with_accents()
    data = dump_document(fold(history), history, SAVED)
    raw = json.loads(data)
    assert data == (json.dumps(raw, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    assert list(raw)[-1] == "history" and "Chloé" in data.decode("utf-8") and raw["saved"] == SAVED


def test_a_sheet_without_history_or_time_is_written_as_json_dumps_writes_it():
    sheet = make_sheet({"name": "Ana"})
    data = dump_document(sheet, ())
    raw = json.loads(data)
    assert data == (json.dumps(raw, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    assert raw["history"] == [] and raw["saved"] == ""


def test_entry_texts_are_kept_while_the_entries_stay_and_redone_when_they_change():
    """A save of a long history reuses each entry's text; an entry put in another's
    place (undo, then a new entry) is written as it is now."""
    begin, twelve, seven = Begin(sheet=make_sheet({"name": "Ana"})), renown(12), renown(7)
    texts = EntryTexts()
    first = texts.of((begin, twelve))
    again = texts.of((begin, twelve))
    assert again == first and all(a is b for a, b in zip(again, first))
    assert texts.of((begin, seven)) == EntryTexts().of((begin, seven))
    assert texts.of((begin,)) == first[:1] and texts.entries == [begin]


def test_entry_texts_kept_a_block_to_a_string_are_the_texts_of_the_history_as_it_is_now(monkeypatch):
    """Issue 15: the texts are kept BLOCK entries to a string (a string per entry cost
    more than the entry). Whatever the history became since the last save (undos, new
    entries, a history read again), the texts are those of a first save of it."""
    monkeypatch.setattr(EntryTexts, "BLOCK", 3)
    begin = Begin(sheet=make_sheet({"name": "Ana"}))
    history = [begin, *(renown(n) for n in range(1, 11))]
    texts = EntryTexts()
    for cut, grown in ((11, 0), (11, 2), (7, 1), (6, 0), (2, 4), (9, 0), (1, 0), (12, 3)):
        history = history[:cut] + [renown(100 + n) for n in range(grown)]
        pieces = texts.of(tuple(history))
        assert b",\n".join(pieces) == b",\n".join(EntryTexts().of(tuple(history)))
        assert texts.entries == history and len(pieces) == len(history) // 3 + len(history) % 3
        assert all(len(piece.split(b"\n    },\n")) == 3 for piece in pieces[:len(history) // 3])


@pytest.mark.parametrize("chunk", [3, 4, 1000])
def test_a_history_read_a_chunk_at_a_time_says_its_problems_as_read_whole(monkeypatch, chunk):
    """Issue 15: the history is validated a chunk at a time (the file's objects let go
    as the entries are made); a problem is named at its place in the whole history,
    and counted with those after it, whatever the chunks."""
    from scorepad.storage import document

    monkeypatch.setattr(document, "CHUNK", chunk)
    entries = [Begin(sheet=make_sheet({"name": "Ana"})).model_dump(mode="json")]
    entries += [renown(n).model_dump(mode="json") for n in range(1, 10)]
    good = json.dumps({"format": "great-library-scoresheet", "players": [{"name": "Ana"}], "history": entries})
    assert [e.model_dump(mode="json") for e in parse_document(good.encode(), "g").history] == entries
    entries[5]["value"], entries[8]["value"] = -1, "x"
    bad = json.dumps({"format": "great-library-scoresheet", "players": [{"name": "Ana"}], "history": entries})
    with pytest.raises(SheetFileError) as err:
        parse_document(bad.encode(), "g")
    assert str(err.value) == ("g at history[5].value: Input should be greater than or equal to 0 (found -1); "
                              "1 more problem after this one")


# --- the file an open session knows -------------------------------------------------

def known(path):
    """The SheetFile of a file as read (a save replaces only the version it knows)."""
    file = SheetFile(path, digest(path.read_bytes()))
    file.stat = file.look()
    return file


def test_a_save_over_a_version_it_never_read_is_refused_and_leaves_it(tmp_path):
    path, history = game(tmp_path, 4)
    before = path.read_bytes()
    with pytest.raises(Overtaken) as found:
        SheetFile(path).write(fold(history), history, data=b"ours")
    assert found.value.theirs == before and path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_write_of_given_bytes_writes_them_and_remembers_them(tmp_path):
    path, history = game(tmp_path, 4)
    file = known(path)
    data = dump_document(fold(history), history, SAVED)
    file.write(fold(history), history, data=data)
    assert path.read_bytes() == data and file.hash == digest(data) and file.stat == stat_key(path)


def test_a_write_keeps_the_entry_texts_for_the_next_one(tmp_path):
    path, history = game(tmp_path, 4, 5)
    file = known(path)
    file.write(fold(history), history)
    assert file.texts.entries == list(history)


def test_a_write_too_large_names_the_file(tmp_path, monkeypatch):
    path, history = game(tmp_path, 4)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 10)
    with pytest.raises(SaveError) as refused:
        SheetFile(path).write(fold(history), history)
    assert str(refused.value).startswith(f"cannot save {path}: the sheet is too large")


def test_a_file_gone_or_unreadable_is_not_ours(tmp_path):
    path, _ = game(tmp_path, 4)
    file = load_current(path).file
    path.unlink()
    assert file.theirs() == b""


def test_a_touched_file_is_remembered_as_touched(tmp_path):
    """Touched, not changed: not theirs, and the next look costs a stat only."""
    path, _ = game(tmp_path, 4)
    file = load_current(path).file
    os.utime(path, (1, 1))
    assert file.theirs() is None and file.stat == stat_key(path)


def test_no_look_at_the_file_while_a_save_of_ours_holds_it(tmp_path):
    path, _ = game(tmp_path, 4)
    file = load_current(path).file
    theirs = path.read_bytes().replace(b'"Ben"', b'"Bea"')
    path.write_bytes(theirs)
    seen: list = []
    looking = threading.Thread(target=lambda: seen.append(file.changed_by_someone()))
    with file.lock:  # a save of ours is writing
        looking.start()
        looking.join(2)
        assert seen == [None]  # answered at once, not after the save
    looking.join(2)
    assert file.changed_by_someone() == theirs


# --- what opening a sheet finds -----------------------------------------------------

def test_a_sheet_without_a_journal_opens_with_an_empty_journal_and_its_own_states(tmp_path):
    path, history = game(tmp_path, 4, 5)
    current = load_current(path)
    assert current.history == list(history) and current.base == list(history)
    assert current.note == "" and current.replayed is False and current.ours is None
    assert current.states == replay_states(history) and current.base_states == current.states
    assert current.journal.path == journal_path(path)
    assert (current.journal.changes, current.journal.size) == (0, 0)
    assert current.file.path == path and current.file.hash == digest(path.read_bytes())
    assert current.file.stat == stat_key(path)


def test_a_hand_edited_sheet_opens_as_edited_after_its_history(tmp_path):
    path, history = game(tmp_path, 4, 5)
    path.write_bytes(path.read_bytes().replace(b'"renown": 5', b'"renown": 9', 1))
    current = load_current(path)
    assert current.history[:-1] == list(history) and isinstance(current.history[-1], Begin)
    assert current.states[-1].players[0].renown == 9
    assert current.states == replay_states(current.history)


def test_an_unreadable_sheet_is_named_in_the_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("g.json").write_bytes(b"[]")
    with pytest.raises(SheetFileError) as refused:
        load_current(Path("g.json"))
    assert str(refused.value) == "g.json at top level: a scoresheet is a JSON object { ... }"


def unreplayable(folder: Path) -> Path:
    path, _ = game(folder, 4)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["history"].append({"kind": "add_player", "name": "ana"})  # Ana is there already
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_a_history_that_does_not_replay_is_shown_as_saved_with_a_note(tmp_path):
    path = unreplayable(tmp_path)
    current = load_current(path)
    assert current.note == ('g.json: its history does not replay (two players are named "ana": names must '
                            "differ); it is shown as saved, read-only, and the file is left as it is for "
                            "`scorepad replay`.")
    assert [p.name for p in current.history[0].sheet.players] == ["Ana", "Ben"] and len(current.history) == 1
    assert current.replayed is False and current.file.path == path
    assert current.journal is not None and current.journal.path == journal_path(path)


def test_the_note_keeps_two_hundred_characters_of_why(tmp_path, monkeypatch):
    path, _ = game(tmp_path, 4)
    why = "".join(f"step {n} does not apply; " for n in range(20))

    def refuse(history):
        raise EntryError(why)

    monkeypatch.setattr(sheet_file, "replay_states", refuse)
    assert f"does not replay ({why[:200]}); it is shown" in load_current(path).note


def test_a_journal_of_another_version_is_returned_with_ours_from_it(tmp_path):
    path, history = game(tmp_path, 4)
    ours = (*history, renown(30))
    journal = Journal(path)
    journal.begin("0" * 64)  # another version's hash
    journal.ours(as_records(ours))
    journal.close()
    current = load_current(path)
    assert current.journal is None and current.ours == list(ours)
    assert current.note == "" and current.replayed is False and current.base is None
    assert current.history == list(history) and current.states == replay_states(history)


def test_a_journal_whose_changes_do_not_apply_is_not_read(tmp_path):
    path, history = game(tmp_path, 4)
    journal = Journal(path)
    journal.begin(digest(path.read_bytes()))
    journal.put(len(history) + 3, renown(9).model_dump(mode="json"))
    journal.close()
    current = load_current(path)
    assert current.history == list(history) and current.file.path == path
    assert current.note == "" and current.replayed is False and current.journal is None


def test_a_crash_journal_replays_and_is_continued_where_it_ends(tmp_path):
    """Puts and keeps are counted as changes (a folding line is not), the journal goes
    on after its whole lines, and the states of the entries no change touched are the
    file's own, not worked out again."""
    path, history = game(tmp_path, 4)
    journal = Journal(path)
    journal.begin(digest(path.read_bytes()))
    for at, value in enumerate((5, 6, 7), start=len(history)):
        journal.put(at, renown(value).model_dump(mode="json"))
    journal.keep(len(history) + 1)
    journal.folding(0, "0" * 64)
    journal.close()
    current = load_current(path)
    assert current.history == [*history, renown(5)] and current.base == list(history)
    assert current.replayed is True and current.note == "" and current.ours is None
    assert (current.journal.changes, current.journal.size) == (4, journal_path(path).stat().st_size)
    assert current.states == replay_states(current.history) and current.base_states == replay_states(history)
    assert all(a is b for a, b in zip(current.states, current.base_states))


def test_ours_is_the_last_ours_record_with_the_changes_after_it():
    begin = Begin(sheet=make_sheet({"name": "Ana"}))
    a, b, c = renown(1), renown(2), renown(3)
    head = {"journal": 1, "base": "0" * 64}
    assert ours_in([head, {"ours": as_records((begin, a))}]) == [begin, a]
    assert ours_in([head, {"ours": as_records((begin,))}, {"put": 1, "entry": a.model_dump(mode="json")}]) == [begin, a]
    records = [head, {"put": 1, "entry": a.model_dump(mode="json")}, {"ours": as_records((begin, a, b))},
               {"put": 3, "entry": c.model_dump(mode="json")}, {"keep": 2}]
    assert ours_in(records) == [begin, a]
    assert ours_in([head, {"ours": [{"kind": "nope"}]}]) is None and ours_in([head]) is None


def test_a_change_out_of_the_history_is_refused_saying_where():
    begin = Begin(sheet=make_sheet({"name": "Ana"}))
    with pytest.raises(IndexError, match=r"^a change at 5, in a history of 1$"):
        replayed([begin], [{"put": 5, "entry": renown(1).model_dump(mode="json")}])


def test_replayed_reuses_the_states_before_the_first_change():
    history = [Begin(sheet=make_sheet({"name": "Ana"})), renown(1), renown(2)]
    states = replay_states(history)
    new, new_states = replayed(history, [{"keep": 2}, {"put": 2, "entry": renown(8).model_dump(mode="json")}], states)
    assert new == [*history[:2], renown(8)] and new_states == replay_states(new)
    assert new_states[1] is states[1]


# --- a save in the background ---------------------------------------------------------

def open_with_journal(folder: Path):
    path, history = game(folder, 4)
    current = load_current(path)
    current.journal.begin(current.file.hash)
    current.journal.put(len(history), renown(9).model_dump(mode="json"))
    new = (*history, renown(9))
    return path, current.file, current.journal, new


class TickingClock:
    """A clock a second later at each look: no two saves stamp the same time."""

    def __init__(self) -> None:
        self.time = datetime.fromisoformat(SAVED)

    def now(self, tz=None) -> datetime:
        self.time += timedelta(seconds=1)
        return self.time.astimezone(tz)


def test_a_background_save_writes_the_file_the_journal_says_it_will(tmp_path, monkeypatch):
    """The file written is the very one whose hash the journal recorded before it (a
    crash between the two then replays nothing twice), not one worked out again."""
    path, file, journal, history = open_with_journal(tmp_path)
    monkeypatch.setattr(files, "datetime", TickingClock())
    outcome = fold_snapshot(file, journal, fold(history), history, 1)()
    journal.close()
    assert outcome == FoldOutcome(1)
    assert read_journal(journal.path)[0][-1] == {"folding": 1, "hash": digest(path.read_bytes())}
    assert file.hash == digest(path.read_bytes()) and file.texts.entries == list(history)


def test_a_background_save_finding_their_version_writes_nothing(tmp_path):
    path, file, journal, history = open_with_journal(tmp_path)
    theirs = path.read_bytes().replace(b'"Ben"', b'"Bea"')
    path.write_bytes(theirs)
    outcome = fold_snapshot(file, journal, fold(history), history, 1)()
    journal.close()
    assert outcome == FoldOutcome(1, conflict=theirs) and path.read_bytes() == theirs


def test_a_background_save_that_cannot_write_says_why_naming_the_file(tmp_path, monkeypatch):
    path, file, journal, history = open_with_journal(tmp_path)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 10)
    outcome = fold_snapshot(file, journal, fold(history), history, 1)()
    journal.close()
    assert outcome.changes == 1 and outcome.conflict is None
    assert outcome.problem.startswith(f"cannot save {path}: the sheet is too large")


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("good", [True, False])
def test_a_file_is_read_with_the_collector_off_and_left_as_it_was(tmp_path, monkeypatch, enabled, good):
    """A file read makes no reference cycles: the collector's passes over the thousands
    of objects a sheet's history makes were a fifth of ``scorepad score``'s time over
    many files (issue 15). It is off while the JSON is decoded and the sheet and history
    validated, and as it was afterwards, even when the file is refused."""
    import gc

    from scorepad.storage import document

    path, _ = game(tmp_path, *range(40))
    data = path.read_bytes() if good else path.read_bytes().replace(b'"kind": "set_count"', b'"kind": "x"', 1)
    seen: list[tuple[str, bool]] = []
    for name in ("decode", "sheet_of", "read_history"):
        def spied(*args, _name=name, _real=getattr(document, name)):
            seen.append((_name, gc.isenabled()))
            return _real(*args)

        monkeypatch.setattr(document, name, spied)
    (gc.enable if enabled else gc.disable)()
    try:
        try:
            parse_document(data, "g.json")
        except SheetFileError:
            assert not good
        assert gc.isenabled() == enabled
    finally:
        gc.enable()
    assert seen == [("decode", False), ("sheet_of", False), ("read_history", False)]


@pytest.mark.parametrize("items", ["pinax", "scribes", "scholars"])
def test_a_player_with_more_cards_than_the_app_lets_anyone_add_is_refused_by_place(items):
    """Attack run: 100,000 quick tiles for one player opened, and the app crawled (10 s a
    screen). A player holds at most ``MAX_CARDS`` of each, as every entry already
    required; a file past that says where, and no more is read into the app."""
    from scorepad.rules.models import MAX_CARDS

    card = {"pinax": {"seals": 4}, "scribes": {"knowledge": 1}, "scholars": {"renown": 1}}[items]
    parse_document(document(players=[{"name": "Ana", items: [card] * MAX_CARDS}]), "f.json")  # reads
    said = refusal(document(players=[{"name": "Ana", items: [card] * 100_000}]))
    assert said == f"f.json at players[0] (Ana).{items}: should have at most {MAX_CARDS} items, not 100000"


def test_no_entry_adds_a_card_past_what_a_file_may_hold_S7():
    from scorepad.rules.entries import EntryError, PutScribe
    from scorepad.rules.models import MAX_CARDS, Player, Scribe, Sheet

    sheet = Sheet(players=(Player(name="Ana", scribes=(Scribe(knowledge=1),) * MAX_CARDS),))
    with pytest.raises(EntryError, match=f"at most {MAX_CARDS} "):
        PutScribe(player=0, scribe=Scribe(knowledge=2)).apply_to(sheet)
