"""A BG Stats play file (``.bgsplay``): one play of The Great Library, with the record of
the play and a per-category scoresheet.

Ids: the play's is the sheet's (``export_rows.play_id``), so exporting a game again
gives the play BG Stats already has, not a second one; a player's follows the name
(its ``name_key``), so Ana is one person across plays; a score's follows the play and
the player; a location's follows its name.
"""

from __future__ import annotations

import json

from ..rules.models import Sheet
from ..rules.names import name_key
from ..rules.categories import CATEGORIES, CATEGORY_LABELS
from ..rules.standings import Standings, standings
from .export_rows import GAME_NAME, Play, local_wall_time, one_line, played_at, rows, stable_uuid, stamp
from .settings import ExportIdentity

ABOUT = "A play of The Great Library exported by scorepad, for Board Game Stats."


def comments(sheet: Sheet, table: Standings) -> str:
    """The play's comments: the title, the notes, and how each tie was broken (T1-T5)."""
    lines = [sheet.title, sheet.notes, *(s.text for s in table.separations)]
    return "\n".join(line for line in lines if line)


def winners_of(table: Standings) -> tuple[set[str], bool]:
    """Who won (T1-T5; T6: nobody in a solo game, which has no goal to beat), and whether
    that is not simply every player with the highest total: then the winners are marked
    by hand (``manualWinner``), so that BG Stats keeps them rather than work them out
    from the scores again."""
    winners = set() if table.solo else set(table.winners)
    best = max(score.total for score in table.scores)
    return winners, winners != {s.name for s in table.scores if s.total == best}


def to_bgstats(play: Play, identity: ExportIdentity = ExportIdentity()) -> str:
    """The play file as JSON text (scores are strings; every boolean is present).

    ``identity`` says which player is the user (``userInfo.meRefId``, left out when the
    user is not at this table: no other player is claimed to be them) and the game's
    BoardGameGeek id (0: not linked).
    """
    sheet = play.sheet
    played = stamp(played_at(play))
    modified = stamp(local_wall_time(play.saved) or played_at(play))
    table = standings(sheet)
    winners, manual = winners_of(table)
    found = rows(sheet, table)
    seats = {player.name: seat for seat, player in enumerate(sheet.players)}
    score_ids = {p.name: stable_uuid("score", play.id, name_key(p.name)) for p in sheet.players}
    players = [{"uuid": stable_uuid("player", name_key(p.name)), "id": seat + 1, "name": p.name,
                "isAnonymous": False, "modificationDate": modified, "bggUsername": ""}
               for seat, p in enumerate(sheet.players)]
    colours = {p.name: p.colour for p in sheet.players}
    scores = [{"score": str(row["total"]), "winner": row["player"] in winners, "newPlayer": False,
               "startPlayer": row["player"] == sheet.start_player, "playerRefId": seats[row["player"]] + 1,
               "role": colours[row["player"]], "rank": 0 if table.solo else row["rank"],
               "seatOrder": seats[row["player"]], "metaData": {"scoreUuid": score_ids[row["player"]]}}
              for row in found]
    location = one_line(sheet.location)
    play_record = {
        "uuid": play.id, "modificationDate": modified, "entryDate": modified, "playDate": played,
        "usesTeams": False, "durationMin": sheet.duration_minutes, "ignored": False,
        "manualWinner": manual, "rounds": 0, **({"locationRefId": 1} if location else {}), "gameRefId": 1,
        "board": "", "rating": 0, "scoringSetting": 0, "comments": comments(sheet, table),
        "scoresheet": scoresheet(found, score_ids), "playerScores": scores,
    }
    # no location typed: none at all, rather than a made-up "Home"
    locations = [{"uuid": stable_uuid("location", name_key(location)), "id": 1, "name": location,
                  "modificationDate": modified}] if location else []
    document = {
        "about": ABOUT, "players": players, "locations": locations,
        "games": [{"uuid": stable_uuid("game", GAME_NAME), "id": 1, "name": GAME_NAME, "modificationDate": modified,
                   "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False,
                   "bggId": identity.bgg_id}],
        "plays": [play_record],
    }
    me = [seat for name, seat in seats.items() if identity.me and name_key(name) == name_key(identity.me)]
    if me:
        document["userInfo"] = {"meRefId": me[0] + 1}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def scoresheet(table: list[dict], score_ids: dict[str, str]) -> dict:
    """S1-S11: one row per category, each player's points (from ``rows``) under their
    score's id."""
    sheet_rows = [
        {"templateId": category, "label": CATEGORY_LABELS[category], "repetition": 1,
         "repeatable": False, "negative": False, "isExtra": False,
         "scores": {score_ids[r["player"]]: str(r[category]) for r in table}}
        for category in CATEGORIES
    ]
    return {"version": 0, "langCode": "en", "scoreType": "bestTotalWins",
            "rounds": [{"templateId": "final", "maxRepeat": 1, "repetition": 1, "hasSubTotal": False,
                        "hideSingleGroupLabel": True, "isExtra": False, "rows": sheet_rows}]}
