"""The Pinax solver: the best Seal assignment for a player's tiles (S1-S6).

Quick-count tiles (``seals``) score their fixed S1 value. Pattern tiles are solved
together, exactly: each tile picks one placement (S4 rotation, S6 inside the grid)
and a set of the player's eligible Seals (S2) under it, no Seal serving two tiles
(S3), maximising the summed S1 Renown (S5).

Cost. A tile's placements are at most 4 rotations x H x W; each gives the set of
eligible Seals it covers, and a set contained in another is dropped (the larger one
offers every choice the smaller does). The exact search over those sets is in
``pinax_search``; it can be hard (S5 is a packing problem), so a caller may pass
``stop``: asked now and then, it cuts the search short and the best assignment found
so far comes back marked ``proven=False``. Answers are remembered by content (the
patterns, the Library's size and the player's eligible Seals), so a Library cell that
changes one player's Seals is searched again for that player only.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Callable

from .library import TILE_NAMES, LibraryGrid
from .models import Library, PinaxTile
from .patterns import Placement, placements
from .pinax_bounds import RENOWN, single_bits
from .pinax_search import Search, Stopped

Stop = Callable[[], bool]


@dataclass(frozen=True, slots=True)
class TileResult:
    """How one tile scored: its Renown, the Seals used and, for a pattern, where it lay.
    ``proven``: False while a better assignment may exist (the search was cut short)."""

    index: int
    score: int
    seals: int
    rotation: int | None = None
    position: tuple[int, int] | None = None
    cells: tuple[tuple[int, int], ...] = ()
    covered: tuple[tuple[int, int], ...] = ()
    note: str = ""
    pattern: bool = False  # False for a quick count
    proven: bool = True


@lru_cache(maxsize=256)
def quick_result(index: int, seals: int) -> TileResult:
    """S1 for a quick-count tile (the same few results recur: they are shared)."""
    return TileResult(index, RENOWN[seals], seals)


# Answers by content: (patterns, height, width, eligible Seals) -> the pattern tiles'
# results. Read and written by the app's background search too, hence the lock.
_ANSWERS: dict[tuple, tuple[TileResult, ...]] = {}
_MASKS: dict[int, tuple[LibraryGrid, tuple[int, ...]]] = {}  # id(grid) -> (grid, mask per player)
ANSWERS_SIZE = 256
_LOCK = threading.Lock()


def until(seconds: float, clock: Callable[[], float] = time.perf_counter) -> Stop:
    """A ``stop`` that says so once ``seconds`` have passed on ``clock``, from now."""
    deadline = clock() + seconds
    return lambda: clock() >= deadline


def search_within(players: list[tuple[PinaxTile, ...]], library: Library | None, seconds: float,
                  cancel: Stop = lambda: False, found: Callable[[], object] | None = None) -> bool:
    """Search each player's Pinax (tiles in ``players`` order) for ``seconds`` in all, or
    until ``cancel``, where the answer known is not proven; whether all are proven now.
    Each player gets a fair share of the time left; what the quick ones leave goes to
    the others in a second round. The answers are remembered: ``solve_pinax`` with a
    ``stop`` reads them without searching again; ``found`` is told of each better
    assignment as soon as it is remembered."""
    deadline = time.perf_counter() + seconds
    left = list(enumerate(players))
    for _ in range(2):
        for n, (i, tiles) in enumerate(left):
            share = until((deadline - time.perf_counter()) / (len(left) - n))
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
        best = best_assignment(patterns, grid, player_number, stop, better if found else None)
    except Stopped:
        best = [TileResult(i, 0, 0, proven=False) for i in range(len(patterns))]
    return remember(key, tuple(best))


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
    return found


def total(results) -> int:
    """The Renown of some tiles' results."""
    return sum(result.score for result in results)


def seal_masks(grid: LibraryGrid) -> tuple[int, ...]:
    """S2: each player's eligible Seals on the grid as a bit mask (players 1-4), worked
    out once per grid object."""
    known = _MASKS.get(id(grid))
    if known is not None and known[0] is grid:
        return known[1]
    masks = [0] * 4
    for r, row in enumerate(grid.cells):
        for c, cell in enumerate(row):
            if cell.seal and cell.translated and cell.kind in TILE_NAMES:
                masks[cell.seal - 1] |= 1 << (r * grid.width + c)
    with _LOCK:
        if len(_MASKS) >= ANSWERS_SIZE:
            _MASKS.clear()
        _MASKS[id(grid)] = (grid, tuple(masks))  # holding the grid keeps its id from reuse
    return tuple(masks)


def forget_answers() -> None:
    """Forget the remembered answers (the benchmarks time the search itself)."""
    with _LOCK:
        _ANSWERS.clear()
        _MASKS.clear()


def bits_of(cells, width: int) -> int:
    """Cells as a bit mask, bit ``row * width + column``."""
    mask = 0
    for r, c in cells:
        mask |= 1 << (r * width + c)
    return mask


def cells_of(mask: int, width: int) -> tuple[tuple[int, int], ...]:
    """A bit mask back to (row, column) cells, in reading order."""
    return tuple(divmod(bit.bit_length() - 1, width) for bit in single_bits(mask))


def _seal_sets(pattern, grid: LibraryGrid, eligible: int, stop: Stop | None = None) -> dict[int, Placement]:
    """The maximal Seal sets a tile can cover, each with one placement that covers it."""
    found: dict[int, Placement] = {}
    for n, place in enumerate(placements(tuple(map(tuple, pattern)), grid.height, grid.width)):
        if stop is not None and not n % 512 and stop():
            raise Stopped
        mask = place[0] & eligible
        if mask and mask not in found:
            found[mask] = place
    kept: dict[int, Placement] = {}
    covered: set[int] = set()
    # equivalent if mutated: dropping the sets a larger one contains only saves search
    # work (the search takes subsets of a set); keeping more finds the same best
    for mask in sorted(found, key=int.bit_count, reverse=True):  # pragma: no mutate
        if mask in covered:
            continue
        kept[mask] = found[mask]
        bits = single_bits(mask)  # pragma: no mutate
        for size in range(1, len(bits)):  # pragma: no mutate
            covered.update(sum(combo) for combo in combinations(bits, size))
    return kept


def best_assignment(patterns, grid: LibraryGrid, player_number: int, stop: Stop | None = None,
                    found: Callable[[list[TileResult]], object] | None = None) -> list[TileResult]:
    """S3 + S5: the best placement and Seal use for each pattern, in input order (exact
    unless ``stop`` cut the search short: then each result has ``proven=False``).
    ``found`` is given each better assignment while the search goes on."""
    eligible = seal_masks(grid)[player_number - 1]
    options: dict[tuple, dict[int, Placement]] = {}  # a pattern's Seal sets, once per pattern
    members: dict[tuple, list[int]] = {}  # tiles with the same Seal sets: one group
    for i, pattern in enumerate(patterns):
        shape = tuple(map(tuple, pattern))
        if shape not in options:
            options[shape] = _seal_sets(shape, grid, eligible, stop)
        members.setdefault(tuple(options[shape]), []).append(i)
    # the groups that could score most go first: deciding them first finds good totals
    # early (equivalent if mutated: any order gives the same best, more slowly)
    order = sorted(members, key=lambda sets: (-max(map(int.bit_count, sets), default=0), len(sets)))  # pragma: no mutate
    groups = [(sorted(sets, key=int.bit_count, reverse=True), len(members[sets])) for sets in order]  # pragma: no mutate

    def results(proven: bool) -> list[TileResult]:
        tiles = [iter(members[sets]) for sets in order]  # each group's tiles, in turn
        made = [TileResult(i, 0, 0, proven=proven) for i in range(len(patterns))]
        for g, used, mask in search.best_path:
            i = next(tiles[g])
            covers, rotation, top, left = options[tuple(map(tuple, patterns[i]))][mask]
            seals = used.bit_count()
            made[i] = TileResult(i, RENOWN[seals], seals, rotation, (top, left),
                                 cells_of(used, grid.width), cells_of(covers, grid.width), proven=proven)
        return made

    search = Search(groups, stop, found and (lambda: found(results(False))))
    return results(search.run(eligible))
