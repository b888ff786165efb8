"""A reader of BG Stats play files (``.bgsplay``), written from the format and nothing of
scorepad's: the tests open an export with it the way another app would.

It checks what a reader relies on (the sections, each record's fields and their JSON
types, dates as BG Stats writes them, ids that are UUIDs, references that point at
listed records) and gives the plays back as plain dicts. Anything wrong raises
``FormatError`` naming the place.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime

STAMP = "%Y-%m-%d %H:%M:%S"


class FormatError(ValueError):
    """The file is not a play file BG Stats could read."""


# Each record's fields and types: required, then optional (a reader takes either).
PLAYER = ({"uuid": str, "id": int, "name": str, "isAnonymous": bool, "modificationDate": str},
          {"bggUsername": str})
LOCATION = ({"uuid": str, "id": int, "name": str, "modificationDate": str}, {})
GAME = ({"uuid": str, "id": int, "name": str, "modificationDate": str, "cooperative": bool,
         "highestWins": bool, "noPoints": bool, "usesTeams": bool, "bggId": int},
        {"bggName": str, "bggYear": int})
PLAY = ({"uuid": str, "modificationDate": str, "entryDate": str, "playDate": str, "usesTeams": bool,
         "durationMin": int, "ignored": bool, "manualWinner": bool, "rounds": int, "gameRefId": int,
         "playerScores": list},
        {"locationRefId": int, "board": str, "rating": int, "scoringSetting": int, "comments": str,
         "scoresheet": dict})
SCORE = ({"score": str, "winner": bool, "newPlayer": bool, "startPlayer": bool, "playerRefId": int,
          "rank": int, "seatOrder": int},
         {"role": str, "metaData": dict})


def check_record(record, shape, where: str) -> None:
    """The record is an object with every required field, each field of its type."""
    required, optional = shape
    if not isinstance(record, dict):
        raise FormatError(f"{where}: not an object")
    for field, kind in required.items():
        if field not in record:
            raise FormatError(f"{where}: no {field}")
    for field, kind in {**required, **optional}.items():
        value = record.get(field, kind())
        # JSON has no int apart from bool: true is not a number here
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise FormatError(f"{where}.{field}: {value!r} is not {kind.__name__}")
    for field, value in record.items():
        if field in ("uuid",) or field.endswith("Uuid"):
            check_uuid(value, f"{where}.{field}")
        if field.endswith("Date"):
            try:
                datetime.strptime(value, STAMP)
            except ValueError:
                raise FormatError(f"{where}.{field}: {value!r} is not YYYY-MM-DD HH:MM:SS") from None


def check_uuid(text, where: str) -> None:
    try:
        uuid.UUID(text)
    except (TypeError, ValueError, AttributeError):
        raise FormatError(f"{where}: {text!r} is not a UUID") from None


def listed(document: dict, section: str, shape) -> dict[int, dict]:
    """A section's records by id; ids unique."""
    records = document.get(section, [])
    if not isinstance(records, list):
        raise FormatError(f"{section}: not a list")
    by_id = {}
    for n, record in enumerate(records):
        check_record(record, shape, f"{section}[{n}]")
        if record["id"] in by_id:
            raise FormatError(f"{section}[{n}]: id {record['id']} is listed twice")
        by_id[record["id"]] = record
    return by_id


def read_bgsplay(text: str) -> dict:
    """The file's plays, each with its game, location and players resolved:
    ``{"plays": [...], "me": name or None}``."""
    document = json.loads(text)
    if not isinstance(document, dict):
        raise FormatError("the file is not a JSON object")
    for section in ("players", "games", "plays"):
        if section not in document:
            raise FormatError(f"no {section}")
    players = listed(document, "players", PLAYER)
    games = listed(document, "games", GAME)
    locations = listed(document, "locations", LOCATION)
    me = None
    if "userInfo" in document:
        info = document["userInfo"]
        if not isinstance(info, dict) or "meRefId" in info and info["meRefId"] not in players:
            raise FormatError("userInfo.meRefId: no such player")
        me = players[info["meRefId"]]["name"] if "meRefId" in info else None
    plays = []
    for n, play in enumerate(document["plays"]):
        check_record(play, PLAY, f"plays[{n}]")
        if play["gameRefId"] not in games:
            raise FormatError(f"plays[{n}].gameRefId: no such game")
        if "locationRefId" in play and play["locationRefId"] not in locations:
            raise FormatError(f"plays[{n}].locationRefId: no such location")
        scores = []
        for m, score in enumerate(play["playerScores"]):
            check_record(score, SCORE, f"plays[{n}].playerScores[{m}]")
            if score["playerRefId"] not in players:
                raise FormatError(f"plays[{n}].playerScores[{m}].playerRefId: no such player")
            scores.append({**score, "player": players[score["playerRefId"]]})
        location = locations[play["locationRefId"]]["name"] if "locationRefId" in play else None
        plays.append({**play, "game": games[play["gameRefId"]], "location": location, "scores": scores})
    return {"plays": plays, "me": me}
