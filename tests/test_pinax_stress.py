"""The Pinax stress set (``benchmarks/stress.py``), solved exactly (S1-S6).

The benchmark times it (the budget: every sheet of up to 12 x 12 with up to six pattern
tiles per player within 50 ms, worst case; ``python -m benchmarks.run``); here every
sheet of it, the worst one included, is solved to the end, proven, and each answer is
a real assignment. The same families on small Libraries are checked against the
brute force: the answer is the best there is, not only a valid one.
"""

from __future__ import annotations

import pytest

from benchmarks.stress import COLOURS, SEALS, TILES, pinax_sheet, pinax_stress_set
from scorepad.rules import pinax
from scorepad.rules.models import Sheet
from scorepad.rules.patterns import rotations
from scorepad.rules.scoring import score_players

from .test_pinax import brute_force

RENOWN = (0, 3, 6, 10, 15)  # S1


def as_sheet(data: dict) -> Sheet:
    return Sheet.model_validate({k: v for k, v in data.items() if k not in ("format", "version")})


def check_assignment(sheet: Sheet, number: int, results) -> None:
    """S1-S6 for one player's results: each tile lies inside the Library in one of its
    rotations, scores the Seals it uses, which are the player's, on translated tiles,
    under the tile, and no Seal serves two tiles."""
    grid, used = sheet.library.grid, []
    for tile, result in zip(sheet.players[number - 1].pinax, results):
        assert result.proven and result.score == RENOWN[len(result.cells)] == RENOWN[result.seals]
        if not result.cells:
            continue
        shape = dict(rotations(tuple(map(tuple, tile.pattern))))[result.rotation]
        top, left = result.position
        assert set(result.covered) == {(top + r, left + c) for r, c in shape}
        assert all(0 <= r < grid.height and 0 <= c < grid.width for r, c in result.covered)
        assert set(result.cells) <= set(result.covered)
        assert all(grid.cells[r][c].counts_for(number) for r, c in result.cells)
        used += result.cells
    assert len(used) == len(set(used))


def test_S5_every_sheet_of_the_stress_set_the_worst_included_is_solved_to_the_end():
    """18 families x 8 sheets, each 12 x 12 with six pattern tiles per player."""
    pinax.forget_answers()
    for data in pinax_stress_set():
        sheet = as_sheet(data)
        for number, score in enumerate(score_players(sheet), start=1):
            assert score.pinax_proven, data["title"]
            check_assignment(sheet, number, score.pinax_detail)


@pytest.mark.parametrize("tiles", TILES)
@pytest.mark.parametrize("colours", COLOURS)
@pytest.mark.parametrize("seals", SEALS)
def test_S3_S5_the_stress_families_on_small_libraries_score_the_brute_force_best(seals, colours, tiles):
    for seed in range(3):
        data = pinax_sheet(seals, colours, tiles, seed, size=4, count=3)
        sheet = as_sheet(data)
        for number, score in enumerate(score_players(sheet), start=1):
            patterns = [tile.pattern for tile in sheet.players[number - 1].pinax]
            assert score.pinax == brute_force(sheet.library.rows, patterns, number), (data["title"], number)
            check_assignment(sheet, number, score.pinax_detail)
