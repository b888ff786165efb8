"""A BG Stats play file: one play of The Great Library with a per-category scoresheet."""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timezone

from ..rules.models import Sheet
from ..rules.scoring import CATEGORIES, CATEGORY_LABELS
from .export_rows import GAME_NAME, rows

NAMESPACE = uuid.UUID("5a0f1d2e-8c4b-4f7e-9d3a-2b6c1e0f9a47")  # scorepad's own namespace


def _uuid(*parts: str) -> str:
    """Stable ids, so exporting the same sheet twice does not make two plays."""
    return str(uuid.uuid5(NAMESPACE, "|".join(parts)))


def play_time(saved: str) -> datetime:
    """When the play was saved: ``saved`` read as ISO 8601 (``2026-11-27T21:40:00+01:00``,
    or a bare date), else now. A sheet edited by hand may say anything there, so any
    other text (or none) gives the time of the export, never an error."""
    try:
        return datetime.fromisoformat(saved)
    except (TypeError, ValueError):
        return datetime.now(timezone.utc)


def to_bgstats(sheet: Sheet, saved: str = "") -> str:
    """The play file as JSON text (scores are strings; every boolean is present).

    ``saved`` is the sheet's save time: it dates the play (see ``play_time``; any text
    is accepted) and keeps its ids stable across exports.
    """
    # isoformat, not strftime: strftime writes the year 1 as "1-01-01"
    stamp = play_time(saved).replace(tzinfo=None).isoformat(sep=" ", timespec="seconds")
    key = f"{sheet.title}|{saved}"
    table = rows(sheet)
    players, scores = [], []
    score_ids = {}
    for seat, player in enumerate(sheet.players):
        row = next(r for r in table if r["player"] == player.name)
        score_ids[player.name] = _uuid(key, "score", player.name)
        players.append({"uuid": _uuid("player", player.name), "id": seat + 1, "name": player.name,
                        "isAnonymous": False, "modificationDate": stamp, "bggUsername": ""})
        scores.append({"score": str(row["total"]), "winner": row["winner"], "newPlayer": False,
                       "startPlayer": False, "playerRefId": seat + 1, "role": "",
                       "rank": row["rank"], "seatOrder": seat,
                       "metaData": {"scoreUuid": score_ids[player.name]}})
    sheet_rows = [
        {"templateId": category, "label": CATEGORY_LABELS[category], "repetition": 1,
         "repeatable": False, "negative": False, "isExtra": False,
         "scores": {score_ids[r["player"]]: str(r[category]) for r in table}}
        for category in CATEGORIES
    ]
    play = {
        "uuid": _uuid(key, "play"), "modificationDate": stamp, "entryDate": stamp,
        "playDate": stamp, "usesTeams": False, "durationMin": 0, "ignored": False,
        "manualWinner": False, "rounds": 0, "locationRefId": 1, "gameRefId": 1, "board": "",
        "rating": 0, "scoringSetting": 0, "comments": sheet.title,
        "scoresheet": {"version": 0, "langCode": "en", "scoreType": "bestTotalWins",
                       "rounds": [{"templateId": "final", "maxRepeat": 1, "repetition": 1,
                                   "hasSubTotal": False, "hideSingleGroupLabel": True,
                                   "isExtra": False, "rows": sheet_rows}]},
        "playerScores": scores,
    }
    document = {
        "about": "A play of The Great Library exported by scorepad, for Board Game Stats.",
        "players": players,
        "locations": [{"uuid": _uuid("location"), "id": 1, "name": "Home", "modificationDate": stamp}],
        "games": [{"uuid": _uuid("game"), "id": 1, "name": GAME_NAME, "modificationDate": stamp,
                   "cooperative": False, "highestWins": True, "noPoints": False,
                   "usesTeams": False, "bggId": 0}],
        "plays": [play],
        "userInfo": {"meRefId": 1},
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
