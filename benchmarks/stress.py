"""Stress sheets for the benchmarks: a 12 x 12 Library, four players, six four-cell
patterns each, with dense or sparse Seals; and the same sheet in quick-count mode."""

from __future__ import annotations

import random

SIZE = 12
TILE_KINDS = ("M", "G", "C")


def stress_rows(density: float, rng: random.Random) -> list[str]:
    """Library rows where ``density`` of the spaces hold a translated tile with a Seal."""
    rows = []
    for _ in range(SIZE):
        cells = []
        for _ in range(SIZE):
            roll = rng.random()
            if roll < density:
                cells.append(f"{rng.choice(TILE_KINDS)}*{rng.randint(1, 4)}")
            elif roll < density + (1 - density) / 3:
                cells.append(rng.choice(["M", "G*", "C"]))
            else:
                cells.append(rng.choice([".", "L", "."]))
        rows.append(" ".join(cells))
    return rows


def random_pattern(rng: random.Random) -> list[list[int]]:
    """Four distinct cells inside a 3 x 3 box."""
    cells = rng.sample([(r, c) for r in range(3) for c in range(3)], 4)
    return [list(cell) for cell in cells]


def stress_sheet(density: float, seed: int = 1, quick: bool = False) -> dict:
    """A format-1 sheet as JSON data; ``quick`` swaps every pattern for a Seal count."""
    rng = random.Random(seed)
    rows = stress_rows(density, rng)
    players = []
    for number in range(1, 5):
        tiles = [{"pattern": random_pattern(rng)} for _ in range(6)]
        if quick:
            tiles = [{"seals": rng.randint(0, 4)} for _ in tiles]
        players.append({
            "name": f"Player {number}", "renown": rng.randint(20, 80), "pinax": tiles,
            "scribes": [{"knowledge": rng.randint(1, 5)} for _ in range(4)],
            "scholars": [{"renown": rng.randint(1, 8)} for _ in range(3)],
            "supplies": {"research": rng.randint(0, 6), "stones_in_supply": rng.randint(0, 2)},
            "seals_removed": rng.randint(0, 10), "kings_requests": rng.randint(0, 4),
        })
    sheet = {"format": "great-library-scoresheet", "version": 1, "title": f"Stress {density:.0%}",
             "players": players}
    if not quick:
        sheet["library"] = {"rows": rows}
    return sheet


DENSITIES = {"dense": 1.0, "busy": 0.6, "medium": 0.35, "sparse": 0.12}
