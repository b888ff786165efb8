"""What the Pinax solver tells about each tile (S1-S6): not only its Renown but the
Seals it used, where it lay and in what order the tiles come back, which the Pinax
screen's per-tile explanation and the exports show. And the answers it remembers."""

from __future__ import annotations

from scorepad.rules.library import parse_rows
from scorepad.rules.models import Library, PinaxTile
from scorepad.rules.pinax import RECENT_SIZE, TileResult, best_assignment, forget_recent, solve_pinax
import scorepad.rules.pinax as pinax

RENOWN = (0, 3, 6, 10, 15)  # S1, written out here rather than read from the code
PAIR = ((0, 0), (0, 1))  # a two-cell line


def test_S6_a_pattern_tile_without_a_Library_scores_nothing_and_says_why_in_its_own_place():
    tiles = (PinaxTile(seals=2), PinaxTile(pattern=PAIR))
    quick, pattern = solve_pinax(tiles, None, 1)
    assert quick == TileResult(0, RENOWN[2], 2)
    assert pattern == TileResult(1, 0, 0, note="pattern mode needs the Library grid", pattern=True)


def test_S1_a_pattern_tile_after_quick_ones_keeps_its_place_in_the_list():
    tiles = (PinaxTile(seals=1), PinaxTile(seals=0), PinaxTile(pattern=PAIR))
    results = solve_pinax(tiles, Library(rows=("M*1 G*1 .",)), 1)
    assert [r.index for r in results] == [0, 1, 2]
    assert [r.pattern for r in results] == [False, False, True]
    assert results[2].score == RENOWN[2] and results[2].seals == 2


def test_S3_S5_results_come_back_in_the_order_the_tiles_were_given_placed_or_not():
    """The line of three cannot lie in a two-wide Library (S6); the pair takes both Seals."""
    grid = parse_rows(("M*1 C*1", ". ."))
    line, pair = ((0, 0), (0, 1), (0, 2)), PAIR
    unplaced, placed = best_assignment([line, pair], grid, 1)
    assert unplaced == TileResult(0, 0, 0)
    assert placed.index == 1 and placed.seals == 2 and placed.score == RENOWN[2]
    assert placed.position == (0, 0) and placed.rotation == 0
    assert placed.cells == ((0, 0), (0, 1)) == placed.covered


def test_S1_the_seals_counted_are_the_cells_shown_under_the_tile():
    grid = parse_rows(("M*1 . G*1", "C*1 M*1 ."))
    for result in best_assignment([((0, 0), (0, 1), (1, 1)), ((0, 0),)], grid, 1):
        assert result.seals == len(result.cells) and result.score == RENOWN[result.seals]
        assert set(result.cells) <= set(result.covered)


def test_S4_when_several_placements_cover_the_same_seals_the_first_unrotated_one_is_shown():
    """A pair over a lone Seal in the corner fits across (0 degrees) or down (90): the
    explanation names the unrotated one, the first in reading order."""
    grid = parse_rows(("M*1 .", ". ."))
    (result,) = best_assignment([PAIR], grid, 1)
    assert (result.rotation, result.position, result.cells) == (0, (0, 0), ((0, 0),))


def test_S1_S3_answers_for_two_Libraries_in_turn_are_both_remembered(monkeypatch):
    """Undo and redo of a Library cell swap two Libraries back and forth: each answer is
    searched once."""
    forget_recent()
    searches = []
    search = pinax.best_assignment
    monkeypatch.setattr(pinax, "best_assignment", lambda *args: searches.append(args) or search(*args))
    tiles = (PinaxTile(pattern=PAIR),)
    before, after = Library(rows=("M*1 G*1 .",)), Library(rows=("M*1 . .",))
    answers = [solve_pinax(tiles, library, 1)[0].score for library in (before, after, before, after)]
    assert answers == [RENOWN[2], RENOWN[1], RENOWN[2], RENOWN[1]] and len(searches) == 2


def test_the_answers_remembered_are_bounded():
    forget_recent()
    library = Library(rows=("M*1 G*1 .",))
    tiles = [(PinaxTile(pattern=PAIR),) for _ in range(RECENT_SIZE + 5)]
    for one in tiles:  # each a new tile object: a new answer to remember
        solve_pinax(one, library, 1)
    assert len(pinax._RECENT) == RECENT_SIZE
    forget_recent()
    assert not pinax._RECENT
