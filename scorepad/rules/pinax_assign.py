"""One player's Pinax pattern tiles, solved together (S1-S6): each tile picks one
placement (S4 rotation, S6 inside the grid) and a set of the player's eligible Seals
(S2) under it, no Seal serving two tiles (S3), maximising the summed S1 Renown (S5).

Cost. A tile's placements are at most 4 rotations x H x W; each gives the set of
eligible Seals it covers, and a set contained in another is dropped (the larger one
offers every choice the smaller does). Tiles with the same sets (the same pattern)
form one group. The exact search over the groups' sets is in ``pinax_search``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from .library import TILE_NAMES, LibraryGrid
from .patterns import Placement, placements
from .pinax_bounds import RENOWN, Stopped, single_bits
from .pinax_search import Search

Stop = Callable[[], bool]
_MASKS: dict[int, tuple[LibraryGrid, tuple[int, ...]]] = {}  # id(grid) -> (grid, mask per player)
MASKS_SIZE = 64
_LOCK = threading.Lock()


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
        if len(_MASKS) >= MASKS_SIZE:
            _MASKS.clear()
        _MASKS[id(grid)] = (grid, tuple(masks))  # holding the grid keeps its id from reuse
    return tuple(masks)


def forget_masks() -> None:
    """Forget the eligible Seals worked out per grid."""
    with _LOCK:
        _MASKS.clear()


def cells_of(mask: int, width: int) -> tuple[tuple[int, int], ...]:
    """A bit mask back to (row, column) cells, in reading order."""
    return tuple(divmod(bit.bit_length() - 1, width) for bit in single_bits(mask))


def _seal_sets(pattern, grid: LibraryGrid, eligible: int, stop: Stop | None = None) -> dict[int, Placement]:
    """The maximal Seal sets a tile can cover, each with one placement that covers it."""
    found: dict[int, Placement] = {}
    width, asked = grid.width, 0
    for origin, angle, tops, lefts in placements(tuple(map(tuple, pattern)), grid.height, width):
        for top in range(tops):
            if stop is not None and asked <= 0:
                if stop():
                    raise Stopped
                asked = 128  # placements between two questions
            asked -= lefts
            row = origin << (top * width)  # shifting the origin mask moves the shape; it fits, so no row wraps
            for left, mask in enumerate([(row << left) & eligible for left in range(lefts)]):
                if mask and mask not in found:
                    found[mask] = (row << left, angle, top, left)
    kept: dict[int, Placement] = {}
    holding: dict[int, list[int]] = {}  # a Seal -> the sets kept that hold it
    # equivalent if mutated: dropping the sets a larger one contains only saves search
    # work (the search takes subsets of a set); keeping more finds the same best
    ordered = sorted(found, key=int.bit_count, reverse=True)  # pragma: no mutate
    largest = ordered[0].bit_count() if ordered else 0
    smallest = ordered[-1].bit_count() if ordered else 0
    for mask in ordered:
        size = mask.bit_count()
        # equivalent if mutated: no set holds one of the largest but itself, and asking
        # anyway finds none; a larger set holding this one holds its lowest Seal
        if size < largest:  # pragma: no mutate
            if any(mask & larger == mask for larger in holding.get(mask & -mask, ())):
                continue
        kept[mask] = found[mask]
        # equivalent if mutated: nothing is asked about the smallest sets' Seals
        if size > smallest:  # pragma: no mutate
            for bit in single_bits(mask):  # pragma: no mutate
                holding.setdefault(bit, []).append(mask)
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
