"""The Pinax solver: the best Seal assignment for a player's tiles (S1-S6).

Quick-count tiles (``seals``) score their fixed S1 value. Pattern tiles are solved
together, exactly: each tile picks one placement (S4 rotation, S6 inside the grid)
and a set of the player's eligible Seals (S2) under it, no Seal serving two tiles
(S3), maximising the summed S1 Renown (S5).

The search itself is in ``pinax_assign`` (and ``pinax_search`` under it); it can be
hard (S5 is a packing problem), so a caller may pass ``stop``: asked now and then, it
cuts the search short and the best assignment found so far comes back marked
``proven=False``. Here the answers are remembered by content (the patterns, the
Library's size and the player's eligible Seals), so a Library cell that changes one
player's Seals is searched again for that player only; and ``search_within`` shares a
time limit between the players (``score --time-limit``, the app's background search).
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from functools import lru_cache
from typing import Callable

from .library import LibraryGrid
from .models import Library, PinaxTile
# (Stop and TileResult are the solver's words for its callers too)
from .pinax_assign import Stop, TileResult, best_assignment, forget_masks, seal_masks
from .pinax_bounds import RENOWN, Stopped


@lru_cache(maxsize=256)
def quick_result(index: int, seals: int) -> TileResult:
    """S1 for a quick-count tile (the same few results recur: they are shared)."""
    return TileResult(index, RENOWN[seals], seals)


# Answers by content: (patterns, height, width, eligible Seals) -> the pattern tiles'
# results. Read and written by the app's background search too, hence the lock.
_ANSWERS: dict[tuple, tuple[TileResult, ...]] = {}
_LATEST: dict[tuple, tuple[TileResult, ...]] = {}  # (patterns, height, width) -> the last answer kept
ANSWERS_SIZE = 256
_LOCK = threading.Lock()


def until(seconds: float, clock: Callable[[], float] = time.perf_counter) -> Stop:
    """A ``stop`` that says so once ``seconds`` have passed on ``clock``, from now."""
    deadline = clock() + seconds
    return lambda: clock() >= deadline


def search_within(players: list[tuple[PinaxTile, ...]], library: Library | None, seconds: float,
                  cancel: Stop = lambda: False, found: Callable[[], object] | None = None,
                  clock: Callable[[], float] = time.perf_counter) -> bool:
    """Search each player's Pinax (tiles in ``players`` order) for ``seconds`` in all, or
    until ``cancel``, where the answer known is not proven; whether all are proven now.
    Each player gets a fair share of the time left; what the quick ones leave goes to
    the others in a second round. The answers are remembered: ``solve_pinax`` with a
    ``stop`` reads them without searching again; ``found`` is told of each better
    assignment as soon as it is remembered (``clock``: the seconds' clock)."""
    deadline = clock() + seconds
    left = list(enumerate(players))
    for _ in range(2):
        for n, (i, tiles) in enumerate(left):
            share = until((deadline - clock()) / (len(left) - n), clock)
            solve_pinax(tiles, library, i + 1, lambda: cancel() or share(), again=True, found=found)
        left = [(i, tiles) for i, tiles in left if not proven(solve_pinax(tiles, library, i + 1, known_only))]
    return not left


def known_only() -> bool:
    """The ``stop`` that reads the answers known without searching (it says stop at once)."""
    return True


def proven(results) -> bool:
    """Whether every result is the best there is."""
    return all(result.proven for result in results)


def solve_pinax(tiles: tuple[PinaxTile, ...], library: Library | None, player_number: int,
                stop: Stop | None = None, again: bool = False,
                found: Callable[[], object] | None = None) -> tuple[TileResult, ...]:
    """S1-S6: each tile's result for the player (1-based ``player_number``). Without
    ``stop`` the answer is exact; with it, an answer already known (proven or not) is
    reused, else the search runs until ``stop`` says so. ``again``: search once more
    where the answer known is not proven (the app's background search), telling
    ``found`` of each better assignment on the way."""
    results = [quick_result(i, tile.seals) if tile.seals is not None else None for i, tile in enumerate(tiles)]
    patterned = [i for i, result in enumerate(results) if result is None]
    if patterned and library is None:
        for i in patterned:
            results[i] = TileResult(i, 0, 0, note="pattern mode needs the Library grid", pattern=True)
    elif patterned:
        best = answer(tuple(tiles[i].pattern or () for i in patterned), library.grid, player_number, stop, again,
                      found)
        for i, result in zip(patterned, best):
            results[i] = replace(result, index=i, pattern=True)
    return tuple(results)


def answer(patterns: tuple, grid: LibraryGrid, player_number: int, stop: Stop | None = None,
           again: bool = False, found: Callable[[], object] | None = None) -> tuple[TileResult, ...]:
    """The patterns' results, remembered by content. A remembered answer that is not
    proven is searched again when ``stop`` is None (exact wanted) or ``again``."""
    key = (patterns, grid.height, grid.width, seal_masks(grid)[player_number - 1])
    known = _ANSWERS.get(key)
    if known is not None and (known[0].proven or (stop is not None and not again)):
        return known

    def better(results: list[TileResult]) -> None:  # mid-search: remembered, then told
        remember(key, tuple(results))
        found()

    try:
        best = tuple(best_assignment(patterns, grid, player_number, stop, better if found else None))
    except Stopped:
        best = tuple(TileResult(i, 0, 0, proven=False) for i in range(len(patterns)))
    if not best[0].proven:  # cut short: the last answer for these tiles may still score more here
        kept = still(_LATEST.get(key[:3]), key[3], grid.width)
        if kept is not None and total(kept) > total(best):
            best = kept
    return remember(key, best)


def still(results: tuple[TileResult, ...] | None, eligible: int, width: int) -> tuple[TileResult, ...] | None:
    """An answer for the same tiles on other Seals, cut to the Seals still eligible
    (S2): each tile keeps its placement and what is left of its Seals under it, so no
    Seal serves two tiles (S3); a best found so far, not proven."""
    if results is None:
        return None
    cut = []
    for result in results:
        cells = tuple(cell for cell in result.cells if eligible >> (cell[0] * width + cell[1]) & 1)
        cut.append(replace(result, score=RENOWN[len(cells)], seals=len(cells), cells=cells, proven=False))
    return tuple(cut)


def remember(key: tuple, found: tuple[TileResult, ...]) -> tuple[TileResult, ...]:
    """Keep ``found`` as the answer for ``key`` unless the one known is proven, or as
    good; the answer kept."""
    with _LOCK:
        known = _ANSWERS.get(key)
        if known is not None and (known[0].proven or not found[0].proven and total(known) >= total(found)):
            return known
        _ANSWERS.pop(key, None)
        if len(_ANSWERS) >= ANSWERS_SIZE:
            del _ANSWERS[next(iter(_ANSWERS))]
        _ANSWERS[key] = found
        _LATEST.pop(key[:3], None)
        if len(_LATEST) >= ANSWERS_SIZE:
            del _LATEST[next(iter(_LATEST))]
        _LATEST[key[:3]] = found
    return found


def total(results) -> int:
    """The Renown of some tiles' results."""
    return sum(result.score for result in results)


def forget_answers() -> None:
    """Forget the remembered answers (the benchmarks time the search itself)."""
    with _LOCK:
        _ANSWERS.clear()
        _LATEST.clear()
    forget_masks()


