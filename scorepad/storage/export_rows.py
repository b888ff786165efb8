"""What every export says about each player, in ranking order: the rows the CSV,
Markdown, BGG and BG Stats exports are built from (T1-T5)."""

from __future__ import annotations

from ..rules import standings
from ..rules.models import Sheet
from ..rules.scoring import CATEGORIES

GAME_NAME = "The Great Library"
CSV_FIELDS = ("rank", "player", *CATEGORIES, "total", "seals_removed", "scholar_cards",
              "kings_requests", "winner")


def rows(sheet: Sheet) -> list[dict]:
    """One dict per player in ranking order, with every exported column."""
    table = standings(sheet)
    winners = set(table.winners)
    found = []
    for score, rank in zip(table.scores, table.ranks):
        row = {"rank": rank, "player": score.name}
        row.update({category: getattr(score, category) for category in CATEGORIES})
        row.update(total=score.total, seals_removed=score.seals_removed,
                   scholar_cards=score.scholar_cards, kings_requests=score.kings_requests,
                   winner=score.name in winners)
        found.append(row)
    return found
