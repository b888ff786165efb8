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


# -- the Pinax stress set: the families the Pinax budget covers ----------------------

#: Tile shapes as printed tiles might have them (1-4 cells; none is guessed from the game).
SHAPES = {
    "square": ((0, 0), (0, 1), (1, 0), (1, 1)), "line": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "ell": ((0, 0), (1, 0), (2, 0), (2, 1)), "ess": ((0, 0), (0, 1), (1, 1), (1, 2)),
    "tee": ((0, 0), (0, 1), (0, 2), (1, 1)), "corners": ((0, 0), (0, 2), (2, 0), (2, 2)),
    "diagonal": ((0, 0), (1, 1), (2, 2)), "corner": ((0, 0), (0, 1), (1, 0)), "pair": ((0, 0), (0, 1)),
}
SEALS = {"dense": 1.0, "busy": 0.6, "sparse": 0.25}  # share of the spaces holding a player's Seal
COLOURS = ("spread", "one colour")  # the Seals spread over four players, or all player 1's
TILES = ("identical", "mixed", "random")  # one shape six times, shapes from SHAPES, cells at random


def seal_rows(size: int, seals: float, colours: str, rng: random.Random) -> list[str]:
    """Library rows where ``seals`` of the spaces hold a translated tile with a Seal."""
    rows = []
    for _ in range(size):
        cells = []
        for _ in range(size):
            if rng.random() < seals:
                cells.append(f"{rng.choice(TILE_KINDS)}*{rng.randint(1, 4) if colours == 'spread' else 1}")
            else:
                cells.append(rng.choice([".", "L", "M", "G*", "C2"]))
        rows.append(" ".join(cells))
    return rows


def player_patterns(tiles: str, count: int, rng: random.Random) -> list[list[list[int]]]:
    """One player's pattern tiles of a family."""
    if tiles == "identical":
        return [list(map(list, SHAPES[rng.choice(sorted(SHAPES))]))] * count
    if tiles == "mixed":
        return [list(map(list, SHAPES[rng.choice(sorted(SHAPES))])) for _ in range(count)]
    return [random_pattern(rng) for _ in range(count)]


def pinax_sheet(seals: str, colours: str, tiles: str, seed: int, size: int = 12, count: int = 6) -> dict:
    """A four-player format-1 sheet of one family, ``count`` pattern tiles per player."""
    rng = random.Random(f"{seals} {colours} {tiles} {seed} {size} {count}")
    rows = seal_rows(size, SEALS[seals], colours, rng)
    players = [{"name": f"Player {n}", "pinax": [{"pattern": p} for p in player_patterns(tiles, count, rng)]}
               for n in range(1, 5)]
    return {"format": "great-library-scoresheet", "version": 1, "title": f"{seals}, {colours}, {tiles} {seed}",
            "players": players, "library": {"rows": rows}}


def pinax_stress_set(seeds: int = 8, size: int = 12, count: int = 6) -> list[dict]:
    """Every family (Seals dense, busy or sparse; spread or one colour; tiles identical,
    mixed or random) ``seeds`` times: 18 x ``seeds`` sheets, each titled by its family."""
    return [pinax_sheet(seals, colours, tiles, seed, size, count)
            for seals in SEALS for colours in COLOURS for tiles in TILES for seed in range(seeds)]


def sealed_squares(count: int) -> dict:
    """The audit's fully sealed board: 12 x 12, every space a translated tile with a Seal
    of one of four players, and ``count`` identical 2 x 2 tiles per player."""
    sheet = pinax_sheet("dense", "spread", "identical", 0)
    square = [list(cell) for cell in SHAPES["square"]]
    for player in sheet["players"]:
        player["pinax"] = [{"pattern": square} for _ in range(count)]
    sheet["title"] = f"Sealed, {count} squares each"
    return sheet
