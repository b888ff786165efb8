"""The BG Stats play file as another app reads it: the demo game's file against a
fixture written from the format (tests/data/demo.bgsplay), opened by an independent
reader (bgsplay_reader.py); every field of any sheet's file read back and checked
against the sheet; play ids that stay with a game and never pass to another."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules.standings import standings
from scorepad.rules.entries import Begin, SetCount
from scorepad.rules.names import name_key
from scorepad.storage.bgstats import to_bgstats
from scorepad.storage.export_rows import Play, play_id, play_of
from scorepad.storage.files import read_sheet, write_sheet
from scorepad.storage.session import SheetSession
from scorepad.storage.settings import ExportIdentity

from .bgsplay_reader import FormatError, read_bgsplay
from .conftest import DATA, examples, make_sheet
from .local_zone import paris  # noqa: F401 (a fixture)
from .recorded_sheets import names, recorded_sheets

DEMO = Path(__file__).resolve().parent.parent / "scorepad" / "data" / "demo.json"
SAVED = "2026-11-29T23:12:08+00:00"


def demo_play() -> Play:
    """The demo game with a record of the play: started and finished at UTC+1, where,
    how long, who started, notes."""
    loaded = read_sheet(DEMO)
    sheet = loaded.sheet.but(
        id="6f1c2b9e-8d4a-4e3f-b5a7-0c9d8e7f6a51", location="Ana's", duration_minutes=155,
        played=loaded.sheet.played.but(started="2026-11-29T19:05:00+01:00", finished="2026-11-29T21:40:00+01:00"),
        start_player="Ben", notes="Demo night\nChloé's first win")
    return Play(sheet, sheet.id, SAVED)


def test_the_demo_games_file_is_the_fixture_written_from_the_format(paris):
    """999999 stands for the settings' bgg_id: a placeholder, not the game's real id.
    The save time (23:12 UTC) shows on this machine's clock (Paris: 00:12 the next day);
    the play date on the table's clock when it started."""
    ours = to_bgstats(demo_play(), ExportIdentity("Chloé", 999999))
    fixture = (DATA / "demo.bgsplay").read_text(encoding="utf-8")
    assert json.loads(ours) == json.loads(fixture)
    for text in (ours, fixture):
        [play] = read_bgsplay(text)["plays"]
        assert play["playDate"] == "2026-11-29 19:05:00" and play["modificationDate"] == "2026-11-30 00:12:08"
    assert read_bgsplay(ours)["me"] == "Chloé"


@pytest.mark.parametrize("breakage, problem", [
    (lambda d: d["plays"][0]["playerScores"][0].update(playerRefId=9), "no such player"),
    (lambda d: d["plays"][0].update(locationRefId=2), "no such location"),
    (lambda d: d["plays"][0]["playerScores"][0].update(score=90), "is not str"),
    (lambda d: d["plays"][0].update(playDate="2026-11-29T19:05:00+01:00"), "is not YYYY-MM-DD HH:MM:SS"),
    (lambda d: d["players"][0].update(uuid="Ana"), "is not a UUID"),
    (lambda d: d["userInfo"].update(meRefId=1 + len(d["players"])), "no such player"),
    (lambda d: d.pop("games"), "no games"),
])
def test_the_reader_is_a_real_check_it_refuses_a_broken_file(breakage, problem):
    document = json.loads((DATA / "demo.bgsplay").read_text(encoding="utf-8"))
    breakage(document)
    with pytest.raises(FormatError, match=problem):
        read_bgsplay(json.dumps(document))


@settings(max_examples=examples(400))
@given(recorded_sheets(), st.one_of(st.just(""), names), st.integers(0, 999_999))
def test_every_field_of_any_sheet_reads_back_from_its_file(sheet, me, bgg_id):
    """Export, read with the independent reader, check each field against the sheet."""
    [play] = read_bgsplay(to_bgstats(Play(sheet, sheet.id, SAVED), ExportIdentity(me, bgg_id)))["plays"]
    table = standings(sheet)
    assert play["uuid"] == sheet.id and play["durationMin"] == sheet.duration_minutes
    assert play["game"]["name"] == "The Great Library" and play["game"]["bggId"] == bgg_id
    if sheet.played.started:
        assert play["playDate"] == sheet.played.started[:19].replace("T", " ")  # on the table's clock
    assert play["location"] == (" ".join(sheet.location.split()) or None)
    separations = [s.text for s in table.separations]
    assert play["comments"] == "\n".join(line for line in [sheet.title, sheet.notes, *separations] if line)
    seats = [p.name for p in sheet.players]
    assert sorted(s["seatOrder"] for s in play["scores"]) == list(range(len(seats)))
    for score in play["scores"]:
        name = score["player"]["name"]
        player = sheet.players[score["seatOrder"]]
        assert name == player.name and score["role"] == player.colour
        assert score["score"] == str(table.score_of(name).total)
        assert score["winner"] is (name in table.winners and not table.solo)  # T5, T6
        assert score["rank"] == (0 if table.solo else table.rank_of(name))
        assert score["startPlayer"] is (name == sheet.start_player)
    me_at_table = [name for name in seats if me and name_key(name) == name_key(me)]
    assert read_bgsplay(to_bgstats(Play(sheet, sheet.id, SAVED), ExportIdentity(me)))["me"] == \
        (me_at_table[0] if me_at_table else None)


def every_uuid(text: str) -> set[str]:
    document = json.loads(text)
    play = document["plays"][0]
    return {play["uuid"], *(s["metaData"]["scoreUuid"] for s in play["playerScores"])}


def test_a_reexport_of_a_game_gives_the_same_ids_even_after_more_changes_are_saved(scorepad_home):
    session = SheetSession.create(make_sheet({"name": "Ana"}, {"name": "Ben"}, title="Friday"))
    first = play_of(session.sheet, session.path, session.history)
    session.apply(SetCount(player=0, field="renown", value=12))
    session.fold()
    loaded = read_sheet(session.path)
    again = play_of(loaded.sheet, session.path, loaded.history, loaded.saved)
    assert again.id == first.id == session.sheet.id
    assert every_uuid(to_bgstats(again)) == every_uuid(to_bgstats(first))


def test_two_games_of_the_same_title_and_players_never_share_a_play_or_score_id(scorepad_home):
    sheet = make_sheet({"name": "Ana"}, {"name": "Ben"}, title="Friday")
    one, two = SheetSession.create(sheet), SheetSession.create(sheet)
    ids = [every_uuid(to_bgstats(play_of(s.sheet, s.path, s.history))) for s in (one, two)]
    assert one.path != two.path and not ids[0] & ids[1]


def test_a_file_written_before_ids_gets_a_stable_id_from_its_name_and_beginning(tmp_path):
    """Its own at every export, and another file's never, even of the same game copied."""
    sheet = make_sheet({"name": "Ana", "renown": 3}, title="Friday")
    for name in ("a.json", "b.json"):
        write_sheet(tmp_path / name, sheet, (Begin(sheet=sheet),))
    plays = [play_of(loaded.sheet, tmp_path / name, loaded.history)
             for name in ("a.json", "a.json", "b.json") for loaded in [read_sheet(tmp_path / name)]]
    assert plays[0].id == plays[1].id != plays[2].id
    assert every_uuid(to_bgstats(plays[0])) == every_uuid(to_bgstats(plays[1]))
    assert not every_uuid(to_bgstats(plays[0])) & every_uuid(to_bgstats(plays[2]))


@settings(max_examples=examples(200))
@given(recorded_sheets(), recorded_sheets(), st.sampled_from(["a.json", "b.json"]))
def test_derived_ids_differ_for_two_beginnings_or_two_names_and_ignore_later_changes(first, second, name):
    old_first, old_second = first.but(id=""), second.but(id="")
    derived = play_id(old_first, name, old_first)
    assert derived == play_id(old_first.but(notes="later"), name, old_first)  # later changes: the same play
    assert derived != play_id(old_first, "c.json", old_first)
    if old_first.model_dump(exclude_defaults=True) != old_second.model_dump(exclude_defaults=True):
        assert derived != play_id(old_second, name, old_second)
    assert play_id(first, name, old_second) == first.id  # a sheet's own id always wins
