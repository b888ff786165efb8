"""The BG Stats play file, field by field: the sections and records the BG Stats app
reads from an exported play (players, locations, games, plays with their playerScores
and per-category scoresheet, userInfo), each record with exactly the fields BG Stats
expects; totals, ranks and winners as T1-T5 give them; references between sections
that point at real records; ids that are valid UUIDs, distinct where things differ
and the same where they are the same thing.

Identity fields are checked by their properties, not their values, so these tests hold
whatever way the ids are made.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from scorepad.rules.scoring import CATEGORIES, CATEGORY_LABELS
from scorepad.storage.bgstats import play_time, to_bgstats
from scorepad.storage.export_rows import GAME_NAME

from .conftest import make_sheet

SAVED = "2026-11-27T21:40:00+01:00"
STAMP_FORMAT = "%Y-%m-%d %H:%M:%S"  # how BG Stats writes every date

# Seated Ben, Cy, Ana: seat order differs from the ranking, so a field taken from the
# wrong list shows. Each category is worked out below from the rule that scores it.
SEATED = make_sheet(
    {"name": "Ben", "renown": 13, "pinax": [{"seals": 1}], "scribes": [{"knowledge": 4}],
     "scholars": [{"renown": 3}], "supplies": {"stones_in_supply": 1}, "seals_removed": 2},
    {"name": "Cy", "renown": 5},
    {"name": "Ana", "renown": 10, "pinax": [{"seals": 2}], "scribes": [{"knowledge": 5}],
     "scholars": [{"renown": 4}], "supplies": {"research": 3}, "seals_removed": 3},
    title="Friday at Ana's",
)
SEAT = {"Ben": 0, "Cy": 1, "Ana": 2}
CATEGORY_SCORES = {
    #       S1 pinax     S7 school     S8 scholars  S9 supplies   S10 renown
    "Ben": {"pinax": 3, "school": 4 // 2, "scholars": 3, "supplies": 2, "renown": 13},
    "Cy": {"pinax": 0, "school": 0, "scholars": 0, "supplies": 0, "renown": 5},
    "Ana": {"pinax": 6, "school": 5 // 2, "scholars": 4, "supplies": 3 // 3, "renown": 10},
}
TOTALS = {name: sum(cats.values()) for name, cats in CATEGORY_SCORES.items()}  # S11
# Ana and Ben tie on T1 (both 23); Ana removed more Seals (T2); Cy is last.
RANKS = {"Ana": 1, "Ben": 2, "Cy": 3}

PLAYER_FIELDS = {"uuid", "id", "name", "isAnonymous", "modificationDate", "bggUsername"}
SCORE_FIELDS = {"score", "winner", "newPlayer", "startPlayer", "playerRefId", "role", "rank",
                "seatOrder", "metaData"}
PLAY_FIELDS = {"uuid", "modificationDate", "entryDate", "playDate", "usesTeams", "durationMin",
               "ignored", "manualWinner", "rounds", "locationRefId", "gameRefId", "board", "rating",
               "scoringSetting", "comments", "scoresheet", "playerScores"}
ROUND_FIELDS = {"templateId", "maxRepeat", "repetition", "hasSubTotal", "hideSingleGroupLabel",
                "isExtra", "rows"}
ROW_FIELDS = {"templateId", "label", "repetition", "repeatable", "negative", "isExtra", "scores"}


def export(sheet=SEATED, saved=SAVED) -> dict:
    return json.loads(to_bgstats(sheet, saved))


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
            + [document["locations"][0]["uuid"], document["games"][0]["uuid"]])


def test_the_file_has_the_sections_of_a_bgstats_export_and_says_what_it_is():
    document = export()
    assert set(document) == {"about", "players", "locations", "games", "plays", "userInfo"}
    assert document["about"] == "A play of The Great Library exported by scorepad, for Board Game Stats."
    assert len(document["plays"]) == 1 and len(document["locations"]) == 1 and len(document["games"]) == 1


def test_the_file_is_indented_json_ending_in_a_newline_with_names_as_written():
    """Readable by a person too: two-space indents, "Chloé" as written, not \\u00e9."""
    text = to_bgstats(make_sheet({"name": "Chloé", "renown": 3}, {"name": "Ben"}), SAVED)
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


def test_T1_T2_each_player_score_carries_total_rank_winner_and_seat():
    document = export()
    scores = scores_by_name(document)
    assert set(scores) == set(SEAT)  # every playerRefId points at a listed player
    for name, score in scores.items():
        assert set(score) == SCORE_FIELDS
        assert score["score"] == str(TOTALS[name])  # BG Stats reads scores as text
        assert score["rank"] == RANKS[name]
        assert score["winner"] is (RANKS[name] == 1)
        assert score["seatOrder"] == SEAT[name]
        # scorepad records neither who started nor who is new, and there are no roles
        assert score["startPlayer"] is False and score["newPlayer"] is False and score["role"] == ""
        assert set(score["metaData"]) == {"scoreUuid"} and is_uuid(score["metaData"]["scoreUuid"])
    assert TOTALS["Ana"] == TOTALS["Ben"]  # the sheet does test T2, not T1


def test_T5_a_shared_victory_marks_both_winners_and_the_next_rank_skips():
    tied = make_sheet({"name": "Ana", "renown": 9}, {"name": "Ben", "renown": 9}, {"name": "Cy", "renown": 1})
    scores = scores_by_name(export(tied))
    assert {name: (s["rank"], s["winner"]) for name, s in scores.items()} == \
        {"Ana": (1, True), "Ben": (1, True), "Cy": (3, False)}


def test_the_play_records_the_title_and_points_at_the_listed_game_and_location():
    document = export()
    play = document["plays"][0]
    assert set(play) == PLAY_FIELDS
    assert play["comments"] == SEATED.title
    assert play["locationRefId"] == document["locations"][0]["id"]
    assert play["gameRefId"] == document["games"][0]["id"]
    for field in ("modificationDate", "entryDate", "playDate"):
        datetime.strptime(play[field], STAMP_FORMAT)
    assert is_uuid(play["uuid"])


def test_the_play_says_nothing_scorepad_does_not_know():
    """No teams, no duration, no rounds, no variant board, no rating, counted in the
    statistics, and winners taken from the scores (T1-T5), not set by hand."""
    play = export()["plays"][0]
    assert play["usesTeams"] is False and play["ignored"] is False and play["manualWinner"] is False
    assert play["durationMin"] == 0 and play["rounds"] == 0 and play["rating"] == 0
    assert play["scoringSetting"] == 0 and play["board"] == ""


def test_T1_the_game_is_competitive_with_points_and_the_highest_total_winning():
    document = export()
    game = document["games"][0]
    assert set(game) == {"uuid", "id", "name", "modificationDate", "cooperative", "highestWins",
                         "noPoints", "usesTeams", "bggId"}
    assert game["name"] == GAME_NAME
    assert game["highestWins"] is True and game["cooperative"] is False
    assert game["noPoints"] is False and game["usesTeams"] is False
    assert game["bggId"] == 0  # not linked to a BoardGameGeek entry
    datetime.strptime(game["modificationDate"], STAMP_FORMAT)
    assert is_uuid(game["uuid"])


def test_the_location_is_home():
    location = export()["locations"][0]
    assert set(location) == {"uuid", "id", "name", "modificationDate"}
    assert location["name"] == "Home"
    datetime.strptime(location["modificationDate"], STAMP_FORMAT)
    assert is_uuid(location["uuid"])


@pytest.mark.parametrize("sheet", [SEATED, make_sheet({"name": "Solo", "renown": 4})], ids=["three", "solo"])
def test_user_info_names_a_listed_player_as_me(sheet):
    """meRefId must point at a player of the file, even in a solo game (T6)."""
    document = export(sheet)
    assert set(document["userInfo"]) == {"meRefId"}
    assert document["userInfo"]["meRefId"] in {p["id"] for p in document["players"]}


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


@pytest.mark.parametrize(("title", "names"), [
    ("", ("game", "location", "Ana")),     # player names that are words for other records
    ("", ("play", "score", "player")),
    ("player", ("Ana", "Ben")),            # a title that is one, saved at a player's name
])
def test_no_two_records_of_a_file_share_an_id_whatever_the_names(title, names):
    """Ids come from text typed at the table; no title or name may make a player, the
    play, a score, the game or the location take another's id."""
    sheet = make_sheet(*({"name": name} for name in names), title=title)
    for saved in (SAVED, "Ana", ""):
        ids = all_uuids(export(sheet, saved))
        assert all(is_uuid(i) for i in ids) and len(set(ids)) == len(ids)


def test_two_plays_have_their_own_ids_but_share_the_players_game_and_location():
    """BG Stats matches records by uuid: a second play must not replace the first, nor
    its scores the first one's, while Ana stays one player and the game one game."""
    first, second = export(SEATED, SAVED), export(SEATED, "2026-11-28T21:40:00+01:00")
    other = export(make_sheet(*({"name": p.name} for p in SEATED.players), title="Saturday"), SAVED)
    for later in (second, other):
        assert later["plays"][0]["uuid"] != first["plays"][0]["uuid"]
        assert not set(scores_by_name(later)[n]["metaData"]["scoreUuid"] for n in SEAT) & \
            set(scores_by_name(first)[n]["metaData"]["scoreUuid"] for n in SEAT)
        assert [p["uuid"] for p in later["players"]] == [p["uuid"] for p in first["players"]]
        assert later["games"][0]["uuid"] == first["games"][0]["uuid"]
        assert later["locations"][0]["uuid"] == first["locations"][0]["uuid"]


def test_an_export_without_a_save_time_is_that_of_a_sheet_saved_with_none():
    """A sheet's file holds "" when it was never saved: both are one play, not two."""
    bare, empty = export(SEATED, ""), json.loads(to_bgstats(SEATED))
    assert bare["plays"][0]["uuid"] == empty["plays"][0]["uuid"]
    assert [s["metaData"]["scoreUuid"] for s in bare["plays"][0]["playerScores"]] == \
        [s["metaData"]["scoreUuid"] for s in empty["plays"][0]["playerScores"]]


@pytest.mark.parametrize("saved", ["", "last Friday", None])
def test_an_unreadable_save_time_is_the_moment_of_the_export_as_a_definite_instant(saved):
    """Comparable with a save time that names its offset (a time without one is not)."""
    before = datetime.now(timezone.utc)
    moment = play_time(saved)
    after = datetime.now(timezone.utc)
    assert moment.utcoffset() is not None
    assert before - timedelta(seconds=1) <= moment <= after + timedelta(seconds=1)
    assert moment < play_time("9999-12-31T00:00:00+00:00")
