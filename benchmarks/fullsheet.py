"""A full four-player sheet built entry by entry, as the table would type it: every
category filled, a Library grid with pattern tiles, and the history that made it."""

from __future__ import annotations

import random
from pathlib import Path

from scorepad.rules.entries import (
    Begin, CountEmptySpaces, EnterPhase, PutPinax, PutScholar, PutScribe, RecordEvent,
    SetCount, SetLibrary, StartRound, apply,
)
from scorepad.rules.models import Sheet
from scorepad.storage.files import write_sheet

from .stress import stress_rows

FIELDS = ("renown", "seals_removed", "kings_requests", "kings_grace", "research",
          "crates_in_ships", "crates_in_supply", "stones_in_supply", "stones_in_royal_ships")


def full_history(seed: int = 1, extra_entries: int = 0, cards: int = 4) -> list:
    """The entries of a finished four-player game (plus ``extra_entries`` re-typed
    values), with ``cards`` Scribes and ``cards`` - 1 Scholars per player."""
    rng = random.Random(seed)
    start = Sheet.model_validate({"title": "Full table", "players": [
        {"name": name} for name in ("Ana", "Ben", "Chloé", "Dev")]})
    history: list = [Begin(sheet=start)]
    for generation in (1, 2, 3):
        for phase in ("planning", "execution", "end_of_generation"):
            history.append(EnterPhase(phase=phase, generation=generation))
            if phase == "execution":
                history += [StartRound(round=r) for r in (1, 2, 3)]
                history.append(CountEmptySpaces(count=30 - 8 * generation))
    history.append(RecordEvent())
    history.append(SetLibrary(rows=tuple(stress_rows(0.5, rng)[:10])))
    for p in range(4):
        history += [PutPinax(player=p, tile={"pattern": [[0, 0], [0, 1], [1, 1]]}),
                    PutPinax(player=p, tile={"seals": rng.randint(0, 4)})]
        history += [PutScribe(player=p, scribe={"knowledge": rng.randint(1, 5)}) for _ in range(cards)]
        history += [PutScholar(player=p, scholar={"renown": rng.randint(1, 8)}) for _ in range(cards - 1)]
        history += [SetCount(player=p, field=f, value=rng.randint(0, 9)) for f in FIELDS]
    for _ in range(extra_entries):
        history.append(SetCount(player=rng.randrange(4), field=rng.choice(FIELDS), value=rng.randint(0, 60)))
    return history


def write_full_sheet(path: Path, seed: int = 1, extra_entries: int = 0, cards: int = 4) -> Path:
    """Save the full sheet with its history to ``path``."""
    history = full_history(seed, extra_entries, cards)
    sheet = None
    for entry in history:
        sheet = apply(sheet, entry)
    write_sheet(path, sheet, tuple(history))
    return path
