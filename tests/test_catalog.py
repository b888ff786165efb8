"""The saved games and each player's record across them (what ``scorepad history`` and
the History screen list), from files written into a games folder."""

from __future__ import annotations

import os

from scorepad.rules.entries import Begin
from scorepad.storage.catalog import player_records, saved_games
from scorepad.storage.document import dump_document

from .conftest import make_sheet


def save(folder, name: str, saved: str, *players: dict, **sheet):
    path = folder / f"{name}.json"
    made = make_sheet(*players, **sheet)
    path.write_bytes(dump_document(made, (Begin(sheet=made),), saved))  # as saved at that time
    return path


def test_games_are_listed_newest_first_dated_when_saved_and_a_bad_file_is_named(tmp_path):
    save(tmp_path, "b-old", "2026-10-02T20:00:00", {"name": "Ana", "renown": 5}, title="Old")
    save(tmp_path, "a-new", "2026-11-27T21:40:00+01:00", {"name": "Ana", "renown": 9}, {"name": "Ben"}, title="New")
    save(tmp_path, "c-same-day", "2026-11-27T09:00:00", {"name": "Cy"}, title="Morning")
    (tmp_path / "broken.json").write_text("{ nope")
    games, problems = saved_games(tmp_path)
    assert [(g.date, g.path.name, g.title) for g in games] == [
        ("2026-11-27", "c-same-day.json", "Morning"), ("2026-11-27", "a-new.json", "New"),
        ("2026-10-02", "b-old.json", "Old")]
    assert games[1].standings.winners == ("Ana",)
    assert len(problems) == 1 and problems[0].startswith(f"{tmp_path / 'broken.json'} at line 1, column 3:")


def test_a_sheet_without_a_save_time_is_dated_by_its_file(tmp_path):
    path = save(tmp_path, "g", "", {"name": "Ana"})
    os.utime(path, (1_700_000_000, 1_700_000_000))  # 14 November 2023, 22:13 UTC
    (game,), _ = saved_games(tmp_path)
    assert game.date in ("2023-11-14", "2023-11-15")  # the local date of that moment


def test_an_old_bgstats_export_in_the_games_folder_is_passed_over_in_silence(tmp_path):
    (tmp_path / "friday.bgstats.json").write_text('{"plays": []}')
    assert saved_games(tmp_path) == ([], [])


def test_a_player_record_adds_up_games_wins_totals_and_categories_across_games(tmp_path):
    save(tmp_path, "g1", "2026-11-01", {"name": "Ana", "renown": 10, "supplies": {"research": 6}},
         {"name": "Ben", "renown": 4})
    save(tmp_path, "g2", "2026-11-02", {"name": "ana", "renown": 3}, {"name": "Ben", "renown": 8})
    save(tmp_path, "g3", "2026-11-03", {"name": "Cy", "renown": 1}, {"name": "Ben", "renown": 1})  # shared (T5)
    save(tmp_path, "g4", "2026-11-04", {"name": "Dee", "renown": 7})  # solo: no win to count (T6)
    games, _ = saved_games(tmp_path)
    records = {r.name.casefold(): r for r in player_records(games)}
    assert [r.name.casefold() for r in player_records(games)] == ["ben", "ana", "cy", "dee"]  # most games first
    ana, ben = records["ana"], records["ben"]
    assert (ana.games, ana.wins, sorted(ana.totals)) == (2, 1, [3, 12])  # "ana" and "Ana" are one player
    assert ana.average() == 7.5 and ana.average("renown") == 6.5 and ana.average("supplies") == 1.0
    assert (ben.games, ben.wins, sorted(ben.totals)) == (3, 2, [1, 4, 8])
    assert (records["cy"].wins, records["dee"].wins, records["dee"].games) == (1, 0, 1)


def test_an_empty_record_averages_zero():
    from scorepad.storage.catalog import PlayerRecord

    assert PlayerRecord("Nobody").average() == 0.0 == PlayerRecord("Nobody").average("pinax")
