"""The BG Stats play file, field by field: the sections and records the BG Stats app
reads from an exported play (players, locations, games, plays with their playerScores
and per-category scoresheet, userInfo), each record with exactly the fields BG Stats
expects; totals, ranks and winners as T1-T6 give them; the record of the play (date,
duration, location, start player, colours, comments); references between sections
that point at real records; ids that are valid UUIDs, distinct where things differ
and the same where they are the same thing.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime

import pytest

from scorepad.rules.play_record import Played
from scorepad.rules.categories import CATEGORIES, CATEGORY_LABELS
from scorepad.storage.bgstats import to_bgstats
from scorepad.storage.export_rows import GAME_NAME, Play, played_at
from scorepad.storage.settings import ExportIdentity

from .conftest import make_sheet
from .local_zone import paris  # noqa: F401 (a fixture)

SAVED = "2026-11-27T21:40:00+01:00"
PLAY_ID = "0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f"
STAMP_FORMAT = "%Y-%m-%d %H:%M:%S"  # how BG Stats writes every date

# Seated Ben, Cy, Ana: seat order differs from the ranking, so a field taken from the
# wrong list shows. Each category is worked out below from the rule that scores it.
SEATED = make_sheet(
    {"name": "Ben", "renown": 13, "pinax": [{"seals": 1}], "scribes": [{"knowledge": 4}],
     "scholars": [{"renown": 3}], "supplies": {"stones_in_supply": 1}, "seals_removed": 2, "colour": "blue"},
    {"name": "Cy", "renown": 5},
    {"name": "Ana", "renown": 10, "pinax": [{"seals": 2}], "scribes": [{"knowledge": 5}],
     "scholars": [{"renown": 4}], "supplies": {"research": 3}, "seals_removed": 3, "colour": "red"},
    title="Friday at Ana's", location="Ana's", duration_minutes=142, start_player="Cy",
    notes="first game with the new table", played={"started": "2026-11-27T19:05:00+01:00"},
)
SEAT = {"Ben": 0, "Cy": 1, "Ana": 2}
COLOUR = {"Ben": "blue", "Cy": "", "Ana": "red"}
CATEGORY_SCORES = {
    #       S1 pinax     S7 school     S8 scholars  S9 supplies   S10 renown
    "Ben": {"pinax": 3, "school": 4 // 2, "scholars": 3, "supplies": 2, "renown": 13},
    "Cy": {"pinax": 0, "school": 0, "scholars": 0, "supplies": 0, "renown": 5},
    "Ana": {"pinax": 6, "school": 5 // 2, "scholars": 4, "supplies": 3 // 3, "renown": 10},
}
TOTALS = {name: sum(cats.values()) for name, cats in CATEGORY_SCORES.items()}  # S11
# Ana and Ben tie on T1 (both 23); Ana removed more Seals (T2); Cy is last.
RANKS = {"Ana": 1, "Ben": 2, "Cy": 3}
TIE_BREAKS = ["Ana ahead of Ben on T2: 3 Seals removed to 2", "Ben ahead of Cy on T1: 23 Renown to 5"]

PLAYER_FIELDS = {"uuid", "id", "name", "isAnonymous", "modificationDate", "bggUsername"}
SCORE_FIELDS = {"score", "winner", "newPlayer", "startPlayer", "playerRefId", "role", "rank",
                "seatOrder", "metaData"}
PLAY_FIELDS = {"uuid", "modificationDate", "entryDate", "playDate", "usesTeams", "durationMin",
               "ignored", "manualWinner", "rounds", "locationRefId", "gameRefId", "board", "rating",
               "scoringSetting", "comments", "scoresheet", "playerScores"}
ROUND_FIELDS = {"templateId", "maxRepeat", "repetition", "hasSubTotal", "hideSingleGroupLabel",
                "isExtra", "rows"}
ROW_FIELDS = {"templateId", "label", "repetition", "repeatable", "negative", "isExtra", "scores"}


def export(sheet=SEATED, saved=SAVED, play_id=PLAY_ID, me="", bgg_id=0) -> dict:
    return json.loads(to_bgstats(Play(sheet, play_id, saved), ExportIdentity(me, bgg_id)))


def scores_by_name(document: dict) -> dict[str, dict]:
    """Each playerScore under the name of the player its playerRefId points at."""
    names = {p["id"]: p["name"] for p in document["players"]}
    return {names[s["playerRefId"]]: s for s in document["plays"][0]["playerScores"]}


def is_uuid(text) -> bool:
    try:
        return isinstance(text, str) and str(uuid.UUID(text)) == text
    except ValueError:
        return False


def all_uuids(document: dict) -> list[str]:
    play = document["plays"][0]
    return ([p["uuid"] for p in document["players"]] + [play["uuid"]]
            + [s["metaData"]["scoreUuid"] for s in play["playerScores"]]
            + [location["uuid"] for location in document["locations"]] + [document["games"][0]["uuid"]])


def test_the_file_has_the_sections_of_a_bgstats_export_and_says_what_it_is():
    document = export(me="Ana")
    assert set(document) == {"about", "players", "locations", "games", "plays", "userInfo"}
    assert document["about"] == "A play of The Great Library exported by scorepad, for Board Game Stats."
    assert len(document["plays"]) == 1 and len(document["locations"]) == 1 and len(document["games"]) == 1


def test_the_file_is_indented_json_ending_in_a_newline_with_names_as_written():
    """Readable by a person too: two-space indents, "Chloé" as written, not \\u00e9."""
    text = to_bgstats(Play(make_sheet({"name": "Chloé", "renown": 3}, {"name": "Ben"}), PLAY_ID, SAVED))
    lines = text.split("\n")
    assert lines[0] == "{" and lines[1].startswith('  "about": ') and lines[-2:] == ["}", ""]
    assert '"name": "Chloé"' in text and "\\u" not in text


def test_players_are_listed_in_seat_order_as_named_players_with_distinct_ids():
    document = export()
    players = document["players"]
    assert [p["name"] for p in players] == [p.name for p in SEATED.players]
    for player in players:
        assert set(player) == PLAYER_FIELDS
        assert player["isAnonymous"] is False  # every player has a name typed at the table
        assert player["bggUsername"] == ""  # scorepad knows no BoardGameGeek accounts
        datetime.strptime(player["modificationDate"], STAMP_FORMAT)
        assert is_uuid(player["uuid"])
    assert len({p["id"] for p in players}) == len({p["uuid"] for p in players}) == len(players)


def test_T1_T2_each_player_score_carries_total_rank_winner_seat_colour_and_start():
    document = export()
    scores = scores_by_name(document)
    assert set(scores) == set(SEAT)  # every playerRefId points at a listed player
    for name, score in scores.items():
        assert set(score) == SCORE_FIELDS
        assert score["score"] == str(TOTALS[name])  # BG Stats reads scores as text
        assert score["rank"] == RANKS[name]
        assert score["winner"] is (RANKS[name] == 1)
        assert score["seatOrder"] == SEAT[name]
        assert score["startPlayer"] is (name == "Cy")
        assert score["role"] == COLOUR[name]  # the colour chosen at setup
        assert score["newPlayer"] is False  # scorepad does not know who is new
        assert set(score["metaData"]) == {"scoreUuid"} and is_uuid(score["metaData"]["scoreUuid"])
    assert TOTALS["Ana"] == TOTALS["Ben"]  # the sheet does test T2, not T1


def test_T5_a_shared_victory_marks_both_winners_and_the_next_rank_skips():
    tied = make_sheet({"name": "Ana", "renown": 9}, {"name": "Ben", "renown": 9}, {"name": "Cy", "renown": 1})
    document = export(tied)
    scores = scores_by_name(document)
    assert {name: (s["rank"], s["winner"]) for name, s in scores.items()} == \
        {"Ana": (1, True), "Ben": (1, True), "Cy": (3, False)}
    assert document["plays"][0]["manualWinner"] is False  # the winners are those with the best total


def test_T2_T4_winners_a_tie_break_chose_are_marked_by_hand_so_bgstats_keeps_them():
    """Ana and Ben have the same total: by score alone both would win."""
    assert export()["plays"][0]["manualWinner"] is True


def test_T6_a_solo_play_claims_no_win_and_no_rank():
    """One player gets a total and no ranking talk: no winner (there is no goal to beat),
    rank 0 (unranked), and winners set by hand so that none is worked out from the score."""
    document = export(make_sheet({"name": "Solo", "renown": 4}))
    [score] = document["plays"][0]["playerScores"]
    assert (score["score"], score["winner"], score["rank"]) == ("4", False, 0)
    assert document["plays"][0]["manualWinner"] is True


def test_the_play_carries_the_record_and_points_at_the_listed_game_and_location():
    document = export()
    play = document["plays"][0]
    assert set(play) == PLAY_FIELDS
    assert play["uuid"] == PLAY_ID  # the sheet's own id
    assert play["playDate"] == "2026-11-27 19:05:00"  # the table's clock when it started
    assert play["durationMin"] == 142
    assert play["comments"] == "\n".join([SEATED.title, SEATED.notes, *TIE_BREAKS])
    assert play["locationRefId"] == document["locations"][0]["id"]
    assert play["gameRefId"] == document["games"][0]["id"]
    for field in ("modificationDate", "entryDate", "playDate"):
        datetime.strptime(play[field], STAMP_FORMAT)


def test_the_play_says_nothing_scorepad_does_not_know():
    """No teams, no rounds, no variant board, no rating, counted in the statistics."""
    play = export()["plays"][0]
    assert play["usesTeams"] is False and play["ignored"] is False
    assert play["rounds"] == 0 and play["rating"] == 0
    assert play["scoringSetting"] == 0 and play["board"] == ""


def test_T1_the_game_is_competitive_with_points_and_the_highest_total_winning():
    document = export()
    game = document["games"][0]
    assert set(game) == {"uuid", "id", "name", "modificationDate", "cooperative", "highestWins",
                         "noPoints", "usesTeams", "bggId"}
    assert game["name"] == GAME_NAME
    assert game["highestWins"] is True and game["cooperative"] is False
    assert game["noPoints"] is False and game["usesTeams"] is False
    assert game["bggId"] == 0  # not linked to a BoardGameGeek entry until the settings say which
    datetime.strptime(game["modificationDate"], STAMP_FORMAT)
    assert is_uuid(game["uuid"])


def test_the_games_boardgamegeek_id_is_the_one_the_settings_give():
    assert export(bgg_id=4321)["games"][0]["bggId"] == 4321


def test_the_location_is_the_one_typed_and_none_is_made_up():
    location = export()["locations"][0]
    assert set(location) == {"uuid", "id", "name", "modificationDate"}
    assert location["name"] == "Ana's"
    datetime.strptime(location["modificationDate"], STAMP_FORMAT)
    assert is_uuid(location["uuid"])
    nowhere = export(SEATED.but(location=""))
    assert nowhere["locations"] == [] and "locationRefId" not in nowhere["plays"][0]


@pytest.mark.parametrize("me, seat", [("Ana", 3), ("ana", 3), ("Ben", 1), ("  Cy ", 2)])
def test_user_info_names_the_settings_own_player_as_me(me, seat):
    """The same name whatever its case or spacing (the settings are typed by hand)."""
    from scorepad.storage.settings import export_identity

    identity, problems = export_identity({"bgstats_me": me})
    document = json.loads(to_bgstats(Play(SEATED, PLAY_ID, SAVED), identity))
    assert problems == [] and document["userInfo"] == {"meRefId": seat}


@pytest.mark.parametrize("me", ["", "Dora"], ids=["unset", "not-at-the-table"])
def test_no_player_is_claimed_to_be_me_when_the_user_is_not_at_the_table(me):
    """Seat 1 is not the phone's owner: no userInfo at all rather than a wrong one."""
    assert "userInfo" not in export(me=me)


def test_S1_S11_the_scoresheet_has_one_row_per_category_with_each_players_score():
    document = export()
    sheet = document["plays"][0]["scoresheet"]
    assert set(sheet) == {"version", "langCode", "scoreType", "rounds"}
    assert sheet["scoreType"] == "bestTotalWins"  # T1
    assert sheet["langCode"] == "en" and sheet["version"] == 0
    [final] = sheet["rounds"]  # the game is scored once, at its end
    assert set(final) == ROUND_FIELDS
    assert final["templateId"] == "final" and final["maxRepeat"] == 1 and final["repetition"] == 1
    assert final["hasSubTotal"] is False and final["isExtra"] is False
    assert final["hideSingleGroupLabel"] is True  # one group: no heading over it
    owner = {s["metaData"]["scoreUuid"]: name for name, s in scores_by_name(document).items()}
    assert [row["templateId"] for row in final["rows"]] == list(CATEGORIES)
    for row, category in zip(final["rows"], CATEGORIES):
        assert set(row) == ROW_FIELDS
        assert row["label"] == CATEGORY_LABELS[category]
        assert row["repetition"] == 1 and row["repeatable"] is False
        assert row["negative"] is False  # every category adds Renown (S11)
        assert row["isExtra"] is False
        assert {owner[key]: value for key, value in row["scores"].items()} == \
            {name: str(cats[category]) for name, cats in CATEGORY_SCORES.items()}


@pytest.mark.parametrize(("location", "names"), [
    ("", ("game", "location", "Ana")),     # player names that are words for other records
    ("", ("play", "score", "player")),
    ("player", ("Ana", "Ben")),            # a location that is one
    ("Ana", ("Ana", "Ben")),               # a location named as a player
    ('a", "b', ('a"', "b")),               # quotes and commas that could join lists
])
def test_no_two_records_of_a_file_share_an_id_whatever_the_names(location, names):
    """Ids come from text typed at the table; no location or name may make a player, the
    play, a score, the game or the location take another's id."""
    sheet = make_sheet(*({"name": name} for name in names), location=location)
    for play_id in (PLAY_ID, "7d0a3c1e-2b4f-4e6a-8c9d-1f2e3a4b5c6d"):
        ids = all_uuids(export(sheet, play_id=play_id))
        assert all(is_uuid(i) for i in ids) and len(set(ids)) == len(ids)


def test_two_plays_have_their_own_ids_but_share_the_players_game_and_location():
    """BG Stats matches records by uuid: a second play must not replace the first, nor
    its scores the first one's, while Ana stays one player and the game one game."""
    first = export(SEATED)
    second = export(SEATED, play_id="7d0a3c1e-2b4f-4e6a-8c9d-1f2e3a4b5c6d")
    assert second["plays"][0]["uuid"] != first["plays"][0]["uuid"]
    assert not {scores_by_name(second)[n]["metaData"]["scoreUuid"] for n in SEAT} & \
        {scores_by_name(first)[n]["metaData"]["scoreUuid"] for n in SEAT}
    assert [p["uuid"] for p in second["players"]] == [p["uuid"] for p in first["players"]]
    assert second["games"][0]["uuid"] == first["games"][0]["uuid"]
    assert second["locations"][0]["uuid"] == first["locations"][0]["uuid"]


def test_a_player_is_one_person_across_plays_whatever_the_case_and_seat():
    first = export(make_sheet({"name": "Ana"}, {"name": "Ben"}))
    second = export(make_sheet({"name": "ben"}, {"name": "ANA"}, {"name": "Cy"}), play_id=str(uuid.uuid4()))
    ids = {p["name"].casefold(): p["uuid"] for p in first["players"]}
    assert all(ids.get(p["name"].casefold(), p["uuid"]) == p["uuid"] for p in second["players"])


def test_a_play_with_no_start_is_dated_by_its_save_on_this_machines_clock_never_utc_as_local(paris):
    """Saved at 20:40 UTC, in Paris: played 21:40 on the table's clock."""
    document = export(SEATED.but(played=Played()), saved="2026-11-27T20:40:00+00:00")
    assert document["plays"][0]["playDate"] == document["plays"][0]["modificationDate"] == "2026-11-27 21:40:00"


NOW = datetime(2026, 12, 1, 9, 30)


@pytest.mark.parametrize("saved, when", [
    ("", NOW), ("last Friday", NOW), ("x" * 10_000, NOW),  # a file edited by hand may say anything
    ("2026-11-27T20:40:00", datetime(2026, 11, 27, 20, 40)),  # no offset: local as written
    ("2026-11-27", datetime(2026, 11, 27)),
    ("0001-01-01T00:30:00+05:00", datetime(1, 1, 1, 0, 30)),  # before the year 1 in Paris: as written
    ("9999-12-31T23:30:00-12:00", datetime(9999, 12, 31, 23, 30)),
])
def test_any_save_time_dates_a_play_without_an_error(paris, saved, when):
    assert played_at(Play(SEATED.but(played=Played()), PLAY_ID, saved), NOW) == when
