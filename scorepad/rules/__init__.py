"""The rules core: models, entries, scoring, the Pinax solver, the end trigger, standings.

Pure Python and pydantic; it never imports Textual (a test checks).
"""

from .endgame import EndStatus, end_status
from .entries import Entry, EntryError, apply, fold
from .models import Sheet
from .scoring import PlayerScore, score_players
from .standings import Standings, standings

__all__ = [
    "EndStatus", "Entry", "EntryError", "PlayerScore", "Sheet", "Standings",
    "apply", "end_status", "fold", "score_players", "standings",
]
