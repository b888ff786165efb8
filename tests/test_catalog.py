"""The saved games as listed (``scorepad history``, the History, Open and Statistics
screens): each file's summary, dated, read without its history, through an index of
the folder that rebuilds itself when files change (issue 16)."""

from __future__ import annotations

import json
import os
import threading

import pytest

from scorepad.rules.entries import Begin, SetCount
from scorepad.storage import catalog
from scorepad.storage.catalog import saved_games
from scorepad.storage.document import SheetFileError, parse_document, parse_head
from scorepad.storage.document_writer import dump_document
from scorepad.storage.export_rows import play_of, played_at, stamp
from scorepad.storage.files import read_sheet
from scorepad.storage.games_index import index_path
from scorepad.storage.summaries import PlayerLine
from scorepad.storage.summary_reading import read_summary

from .conftest import DATA, make_sheet
from .local_zone import utc  # noqa: F401 (a fixture)


def save(folder, name: str, saved: str, *players: dict, **sheet):
    path = folder / f"{name}.json"
    made = make_sheet(*players, **sheet)
    path.write_bytes(dump_document(made, (Begin(sheet=made),), saved))  # as saved at that time
    return path




@pytest.fixture
def reads(monkeypatch) -> list:
    """The files the listing reads (rather than taking from the index)."""
    done: list = []

    def counted(path, mtime, journalled=False):
        done.append(path.name)
        return read_summary(path, mtime, journalled)

    monkeypatch.setattr(catalog, "read_summary", counted)
    return done


def test_games_are_listed_newest_first_dated_when_saved_and_a_bad_file_is_named(tmp_path, utc):
    save(tmp_path, "b-old", "2026-10-02T20:00:00", {"name": "Ana", "renown": 5}, title="Old")
    save(tmp_path, "a-new", "2026-11-27T21:40:00+01:00", {"name": "Ana", "renown": 9}, {"name": "Ben"}, title="New")
    save(tmp_path, "c-same-day", "2026-11-27T09:00:00", {"name": "Cy"}, title="Morning")
    (tmp_path / "broken.json").write_text("{ nope")
    games, problems = saved_games(tmp_path)
    assert [(g.day, g.path.name, g.title, g.dated_by) for g in games] == [
        ("2026-11-27", "a-new.json", "New", "saved"), ("2026-11-27", "c-same-day.json", "Morning", "saved"),
        ("2026-10-02", "b-old.json", "Old", "saved")]
    assert games[0].winners == ("Ana",) and [p.total for p in games[0].players] == [9, 0]
    assert games[1].solo and games[1].winners == ()  # T6: a solo game has no winner
    assert len(problems) == 1 and problems[0].startswith(f"{tmp_path / 'broken.json'} at line 1, column 3:")


@pytest.mark.parametrize("link", [os.link, os.symlink])
def test_a_game_with_a_second_name_in_the_folder_is_listed_once_by_its_own_name(tmp_path, utc, link):
    """A hard or symbolic link beside a game (a user's, a sync tool's) was a second game:
    statistics counted its wins twice (attack run). One file, one game: listed by the
    name that is not a link (a symbolic one), else the first."""
    save(tmp_path, "g", "2026-11-27T21:40:00", {"name": "Ana", "renown": 9}, {"name": "Ben"}, finished=True)
    save(tmp_path, "other", "2026-11-20T21:40:00", {"name": "Ana"}, {"name": "Ben", "renown": 3})
    link(tmp_path / "g.json", tmp_path / "a-link.json")  # sorted before the file itself
    for _ in range(2):  # read, then from the index
        games, problems = saved_games(tmp_path)
        expected = "g.json" if link is os.symlink else "a-link.json"
        assert [g.path.name for g in games] == [expected, "other.json"] and problems == []


def test_a_game_is_dated_by_its_start_then_its_save_then_its_name_then_its_file(tmp_path, utc):
    save(tmp_path, "started", "2026-11-28T01:00:00+00:00", {"name": "Ana"},
         played={"started": "2026-11-27T23:30:00-05:00"})  # the table's own day, in its offset
    save(tmp_path, "2026-05-04-named", "", {"name": "Ana"})
    save(tmp_path, "2026-02-31-no-such-day", "", {"name": "Ana"})
    os.utime(tmp_path / "2026-02-31-no-such-day.json", (1_700_000_000, 1_700_000_000))  # 14 November 2023, 22:13 UTC
    games = saved_games(tmp_path)[0]
    dated = {g.path.stem: (g.day, g.dated_by) for g in games}
    assert dated == {"started": ("2026-11-27", "started"), "2026-05-04-named": ("2026-05-04", "name"),
                     "2026-02-31-no-such-day": ("2023-11-14", "file")}
    # an export of each is dated as the list dates it (the CSV's date, BG Stats' playDate)
    loaded = {g.path.stem: (read_sheet(g.path), g.path) for g in games}
    exported = {stem: stamp(played_at(play_of(game.sheet, path, game.history, game.saved)))
                for stem, (game, path) in loaded.items()}
    assert {stem: when[:10] for stem, when in exported.items()} == {stem: day for stem, (day, _) in dated.items()}
    assert exported["2026-05-04-named"] == "2026-05-04 00:00:00"  # the name says the day, not the time


def test_an_old_bgstats_export_in_the_games_folder_is_passed_over_in_silence(tmp_path):
    (tmp_path / "friday.bgstats.json").write_text('{"plays": []}')
    assert saved_games(tmp_path) == ([], [])


def test_the_head_of_a_file_scorepad_wrote_is_the_file_but_its_history(tmp_path):
    sheet = make_sheet({"name": "Ana", "renown": 3}, {"name": "Ben"}, title="Friday", finished=True)
    history = (Begin(sheet=make_sheet({"name": "Ana"}, {"name": "Ben"})), SetCount(player=0, field="renown", value=3))
    data = dump_document(sheet, history, "2026-11-27T21:40:00+00:00")
    whole, head = parse_document(data, "f"), parse_head(data, "f")
    assert (head.sheet, head.totals, head.saved, head.history) == (whole.sheet, whole.totals, whole.saved, ())


@pytest.mark.parametrize("text, found", [
    ('"history": [], "title": "First", "players": [{"name": "Ana"}]}', "First"),  # history first: read whole
    ('"title": "T",\n  "history": [],\n  "players": [{"name": "Ana"}]}', "T"),  # a key after the history
])
def test_a_file_with_keys_after_its_history_is_read_whole(text, found):
    data = ('{"format": "great-library-scoresheet", ' + text).encode()
    assert parse_head(data, "f").sheet.title == found


def test_a_head_that_is_no_json_on_its_own_is_read_whole_and_its_error_named():
    data = b'{"format": "great-library-scoresheet", "players": [{"name": "Ana"}, ,\n  "history": []\n}'
    with pytest.raises(SheetFileError, match="at line 1, column 69: not valid JSON"):
        parse_head(data, "f")


def test_a_history_is_not_read_for_the_list_opening_the_game_says_what_is_wrong(tmp_path):
    """The price of listing without the history: a game whose history is damaged is
    listed by its sheet; opening it names the problem (and changes nothing)."""
    path = save(tmp_path, "g", "", {"name": "Ana", "renown": 4})
    path.write_bytes(path.read_bytes().replace(b'"kind": "begin"', b'"kind": "nonsense"'))
    assert [g.players[0].total for g in saved_games(tmp_path)[0]] == [4]
    with pytest.raises(SheetFileError, match="history"):
        read_sheet(path)


def test_the_second_listing_reads_no_file_and_a_changed_one_is_read_again(tmp_path, reads):
    for name in ("a", "b", "c"):
        save(tmp_path, name, "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 1})
    first = saved_games(tmp_path)
    assert sorted(reads) == ["a.json", "b.json", "c.json"] and index_path(tmp_path).exists()
    reads.clear()
    assert saved_games(tmp_path) == first and reads == []
    save(tmp_path, "b", "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 7})  # rewritten
    (tmp_path / "c.json").unlink()
    (tmp_path / "d.json").write_text("{")
    games, problems = saved_games(tmp_path)
    assert sorted(reads) == ["b.json", "d.json"]
    assert sorted((g.path.name, g.players[0].total) for g in games) == [("a.json", 1), ("b.json", 7)]
    assert len(problems) == 1 and "d.json" in problems[0]
    reads.clear()
    assert saved_games(tmp_path)[1] == problems and reads == []  # an unreadable file is remembered too


def test_an_edit_that_keeps_size_and_time_is_read_again(tmp_path, reads):
    path = save(tmp_path, "g", "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 1})
    saved_games(tmp_path)
    before = os.stat(path)
    path.write_bytes(path.read_bytes().replace(b'"renown": 1', b'"renown": 8'))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # touch -r, rsync -t: the ctime still moves
    reads.clear()
    assert saved_games(tmp_path)[0][0].players[0].total == 8 and reads == ["g.json"]


@pytest.mark.parametrize("damage", [
    lambda data: data[:-20],  # cut short
    lambda data: data.replace(b'"renown"', b'"renowm"') + b" ",  # the digest no longer matches
    lambda data: data.replace(b'"scorepad-games-index"', b'"other"'),
    lambda data: b"\xff\xfe",
])
def test_a_damaged_index_is_rebuilt_from_the_files(tmp_path, reads, damage):
    save(tmp_path, "g", "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 4})
    expected = saved_games(tmp_path)
    index_path(tmp_path).write_bytes(damage(index_path(tmp_path).read_bytes()))
    reads.clear()
    assert saved_games(tmp_path) == expected and reads == ["g.json"]


def rewritten_index(folder, value: bytes) -> None:
    """The index of ``folder`` with each file's value replaced, its digest made right."""
    from scorepad.storage.games_index import heading

    lines = []
    for line in index_path(folder).read_bytes().partition(b"\n")[2].split(b"\n"):
        name, stamp, _ = line.split(b"\t")
        lines.append(name + b"\t" + stamp + b"\t" + value)
    body = b"\n".join(lines)
    index_path(folder).write_bytes(json.dumps(heading(body)).encode() + b"\n" + body)


@pytest.mark.parametrize("value", [
    b'{"players": 5}', b"5", b"null", b"[]", b"[1,2", b"nonsense",
    b'["2026-11-27",0.0,"saved","T",true,5]',  # a player that is no list
    b'[2026,0.0,"saved","T",true]',  # a day that is no text: sorting the games would fail
    b'["2026-11-27","0","saved","T",true]',  # an instant that is no number
    b'["2026-11-27",NaN,"saved","T",true]', b'["2026-11-27",-Infinity,"saved","T",true]',  # sorted in no order
    b'["2026-11-27",0.0,"saved","T",1]',  # finished: no yes or no
    b'["2026-11-27",0.0,"saved","T",true,["Ana",1,4,4,0,0,0]]',  # a category short
    b'["2026-11-27",0.0,"saved","T",true,["Ana",1,4.5,4,0,0,0,0]]',  # a total that is no whole number
    b'["2026-11-27",0.0,"saved","T",true,[5,1,4,4,0,0,0,0]]',  # a name that is no text
    b'"x" "y"', b'"x",["y"]',  # two values in one entry
])
def test_an_index_of_the_wrong_shape_with_a_right_digest_is_read_past(tmp_path, reads, value):
    for name in ("f", "g", "h"):
        save(tmp_path, name, "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 4})
    expected = saved_games(tmp_path)
    rewritten_index(tmp_path, value)
    reads.clear()
    assert saved_games(tmp_path) == expected and reads == ["f.json", "g.json", "h.json"]


def test_an_index_entry_of_the_right_shape_is_taken_as_it_is(tmp_path, reads):
    """What the files are not asked again for: the index, for a file as it was indexed."""
    save(tmp_path, "g", "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 4})
    saved_games(tmp_path)
    rewritten_index(tmp_path, b'["2026-01-02",1.5,"saved","Kept",false,["Bo",1,9,1,2,3,2,1]]')
    reads.clear()
    (game,), problems = saved_games(tmp_path)
    assert (game.day, game.at, game.title, game.finished, game.players[0]) == (
        "2026-01-02", 1.5, "Kept", False, PlayerLine("Bo", 1, 9, (1, 2, 3, 2, 1)))
    assert reads == [] and problems == []


def test_a_file_changed_no_earlier_than_the_index_was_written_is_read_again(tmp_path, reads):
    """Git's "racy clean": a file rewritten within the clock's tick after it was indexed
    would keep its stamp. A file whose change time is not before the index's own is
    read again, and the index written anew, so the next listing trusts it."""
    save(tmp_path, "old", "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 4})
    save(tmp_path, "new", "2026-11-28T20:00:00+00:00", {"name": "Ben", "renown": 5})
    first = saved_games(tmp_path)
    changed_at = os.stat(tmp_path / "new.json").st_ctime_ns
    os.utime(index_path(tmp_path), ns=(changed_at, changed_at))  # the index written in new.json's tick
    reads.clear()
    assert saved_games(tmp_path) == first and reads == ["new.json"]
    reads.clear()
    assert saved_games(tmp_path) == first and reads == []


@pytest.mark.parametrize("plant", ["pipe", "device", "dangling link", "folder"])
def test_an_index_that_is_no_regular_file_is_read_past_and_replaced_never_followed(tmp_path, reads, plant):
    """The index is a cache file of ours, read as a sheet is: a named pipe there blocked
    the listing for ever (the app's Open list, and ``scorepad history``), a link to a
    device read without end, and writing through a dangling link made its target."""
    save(tmp_path, "g", "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 4})
    expected = saved_games(tmp_path)
    index, target = index_path(tmp_path), tmp_path.parent / f"{tmp_path.name}-target"
    index.unlink()
    {"pipe": lambda: os.mkfifo(index), "device": lambda: index.symlink_to("/dev/zero"),
     "dangling link": lambda: index.symlink_to(target), "folder": index.mkdir}[plant]()
    reads.clear()
    listed: list = []
    listing = threading.Thread(target=lambda: listed.append(saved_games(tmp_path)), daemon=True)
    listing.start()
    listing.join(20)  # a listing that blocks fails here rather than hanging the suite
    assert listed == [expected] and reads == ["g.json"]
    assert not target.exists()
    if plant != "folder":  # a folder where the index goes is left alone: no index then
        assert index.is_file() and not index.is_symlink()
        reads.clear()
        assert saved_games(tmp_path) == expected and reads == []


def test_an_index_that_cannot_be_written_is_no_error(tmp_path, scorepad_home):
    (scorepad_home / "cache").write_text("a file where the cache folder would be")
    save(tmp_path, "g", "2026-11-27T20:00:00+00:00", {"name": "Ana", "renown": 4})
    games, problems = saved_games(tmp_path)
    assert [g.players[0].total for g in games] == [4] and problems == []


def test_the_index_lives_in_the_cache_folder_not_among_the_games(tmp_path, scorepad_home):
    save(tmp_path, "g", "", {"name": "Ana"})
    saved_games(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]
    assert index_path(tmp_path).parent == scorepad_home / "cache"
    assert index_path(tmp_path) != index_path(tmp_path / "other")


@pytest.mark.parametrize("saved, pinax", [
    (14, 9),  # as scorepad saved it: 6 (two Seals on the pattern) + 3 (a quick count), + 5 Renown
    (18, 13),  # a total the pattern could score (10): taken, as the file says
    (16, 9),  # 8 left for one pattern tile, which no tile scores: solved again
    (None, 9),  # no total saved (written by hand): solved
])
def test_pattern_pinax_is_taken_from_the_saved_total_when_it_can_be_S1_S5(tmp_path, saved, pinax):
    """Solving every game's Pinax again was half the cost of listing 10,000 games."""
    sheet = make_sheet({"name": "Ana", "renown": 5, "pinax": [{"pattern": [[0, 0], [0, 1]]}, {"seals": 1}]},
                       library={"rows": ["M*1 M*1", ". ."]})
    raw = json.loads(dump_document(sheet, (Begin(sheet=sheet),)))
    assert raw["totals"] == {"Ana": 14}
    raw["totals"] = {} if saved is None else {"Ana": saved}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(raw, indent=2))
    line = read_summary(path, 0).players[0]
    assert line.scores[0] == pinax and line.total == pinax + 5


def test_the_fixture_of_issue_16_lists_eight_games_one_unfinished():
    games, problems = saved_games(DATA / "stats")
    assert len(games) == 8 and problems == []
    assert [g.title for g in games if not g.finished] == ["Scratch, not finished"]


def test_a_file_name_with_a_tab_or_a_line_break_is_indexed_whole(tmp_path, reads):
    """The index keeps a line per file, its name and its entry apart by a tab."""
    save(tmp_path, "tab\there", "", {"name": "Ana", "renown": 2})
    save(tmp_path, "line\nbreak", "", {"name": "Ben", "renown": 3})
    first = saved_games(tmp_path)
    reads.clear()
    assert saved_games(tmp_path) == first and reads == []
    assert sorted(g.path.name for g in first[0]) == ["line\nbreak.json", "tab\there.json"]


@pytest.mark.parametrize("enabled", [True, False])
def test_the_garbage_collector_is_as_it_was_after_a_listing(tmp_path, enabled):
    import gc

    save(tmp_path, "g", "", {"name": "Ana"})
    (gc.enable if enabled else gc.disable)()
    try:
        saved_games(tmp_path)
        assert gc.isenabled() == enabled
    finally:
        gc.enable()


def test_a_file_whose_problem_holds_a_lone_surrogate_is_indexed(tmp_path, reads):
    """JSON may escape half a UTF-16 pair, which UTF-8 cannot hold; the index is ASCII."""
    (tmp_path / "g.json").write_text('{"format": "great-library-scoresheet", "version": 1, "title": "T\\udc80", '
                                     '"players": [{"name": "Ana"}]}')
    first = saved_games(tmp_path)
    assert first[0] == [] and "\udc80" in first[1][0] and reads == ["g.json"]
    reads.clear()
    assert saved_games(tmp_path) == first and reads == []


def test_a_file_that_cannot_be_looked_at_is_read_each_time_the_index_left_as_it_is(tmp_path, reads):
    save(tmp_path, "g", "", {"name": "Ana"})
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere")
    first = saved_games(tmp_path)
    assert len(first[1]) == 1 and "gone.json" in first[1][0]
    written = os.stat(index_path(tmp_path)).st_ino
    reads.clear()
    assert saved_games(tmp_path) == first and reads == ["gone.json"]
    assert os.stat(index_path(tmp_path)).st_ino == written  # nothing new to write


@pytest.mark.parametrize("tick, heard", [
    (0.0, []),  # all within a tenth of a second: nothing to say
    (1.0, [(0, 5), (2, 5), (4, 5)]),  # slow: each step heard
])
def test_progress_is_heard_every_step_at_most_ten_times_a_second(tmp_path, monkeypatch, tick, heard):
    for n in range(5):
        save(tmp_path, f"g{n}", "", {"name": "Ana"})
    now = iter(range(1000))
    monkeypatch.setattr(catalog, "clock", lambda: next(now) * tick)
    monkeypatch.setattr(catalog, "PROGRESS_STEP", 2)
    calls: list = []
    saved_games(tmp_path, progress=lambda done, total: calls.append((done, total)))
    assert calls == heard
