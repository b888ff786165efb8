"""The Pinax solver: the best Seal assignment for a player's tiles (S1-S6).

Quick-count tiles (``seals``) score their fixed S1 value. Pattern tiles are solved
together, exactly: each tile picks one placement (S4 rotation, S6 inside the grid)
and a set of the player's eligible Seals (S2) under it, no Seal serving two tiles
(S3), maximising the summed S1 Renown (S5).

Cost. A tile's placements are at most 4 rotations x H x W; each gives the set of
eligible Seals it covers, and a set contained in another is dropped (the larger one
offers every choice the smaller does), leaving K sets per tile. The exact search over
those sets, with its bound on the work, is in ``pinax_search``. The README's benchmark
measures both on 12 x 12 stress sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations

from .library import LibraryGrid
from .models import Library, PinaxTile
from .patterns import Placement, placements
from .pinax_search import RENOWN, Search, best_alone, single_bits



@dataclass(frozen=True, slots=True)
class TileResult:
    """How one tile scored: its Renown, the Seals used and, for a pattern, where it lay."""

    index: int
    score: int
    seals: int
    rotation: int | None = None
    position: tuple[int, int] | None = None
    cells: tuple[tuple[int, int], ...] = ()
    covered: tuple[tuple[int, int], ...] = ()
    note: str = ""
    pattern: bool = False  # False for a quick count


@lru_cache(maxsize=256)
def quick_result(index: int, seals: int) -> TileResult:
    """S1 for a quick-count tile (the same few results recur: they are shared)."""
    return TileResult(index, RENOWN[seals], seals)


# Recent answers by object identity: an entry copies only what it changes, so the
# pattern tiles and the Library of a sheet are the same objects until an entry replaces
# them, and the live totals need not search again after every other value (a quick
# count or a Supplies value).
_RECENT: dict[tuple, tuple] = {}
RECENT_SIZE = 64


def solve_pinax(
    tiles: tuple[PinaxTile, ...], library: Library | None, player_number: int
) -> tuple[TileResult, ...]:
    """S1-S6: each tile's result for the player (1-based ``player_number``)."""
    results = [quick_result(i, tile.seals) if tile.seals is not None else None for i, tile in enumerate(tiles)]
    patterned = [i for i, result in enumerate(results) if result is None]
    if patterned and library is None:
        for i in patterned:
            results[i] = TileResult(i, 0, 0, note="pattern mode needs the Library grid", pattern=True)
    elif patterned:
        best = _best_remembered(tuple(tiles[i] for i in patterned), library, player_number)
        for i, result in zip(patterned, best):
            results[i] = replace(result, index=i, pattern=True)
    return tuple(results)


def _best_remembered(patterns: tuple[PinaxTile, ...], library: Library, player_number: int) -> list:
    """S5's best assignment of these pattern tiles, searched once for the same tiles and
    Library (by identity)."""
    key = (tuple(map(id, patterns)), id(library), player_number)
    known = _RECENT.get(key)
    if known is not None and known[1] is library and all(a is b for a, b in zip(known[0], patterns)):
        return known[2]
    best = best_assignment([tile.pattern or () for tile in patterns], library.grid, player_number)
    if len(_RECENT) >= RECENT_SIZE:
        del _RECENT[next(iter(_RECENT))]
    _RECENT[key] = (patterns, library, best)  # holding them keeps their ids from reuse
    return best


def forget_recent() -> None:
    """Forget the remembered answers (the benchmarks time the search itself)."""
    _RECENT.clear()


def bits_of(cells, width: int) -> int:
    """Cells as a bit mask, bit ``row * width + column``."""
    mask = 0
    for r, c in cells:
        mask |= 1 << (r * width + c)
    return mask


def cells_of(mask: int, width: int) -> tuple[tuple[int, int], ...]:
    """A bit mask back to (row, column) cells, in reading order."""
    return tuple(divmod(bit.bit_length() - 1, width) for bit in single_bits(mask))


def _seal_sets(pattern, grid: LibraryGrid, eligible: int) -> dict[int, Placement]:
    """The maximal Seal sets a tile can cover, each with one placement that covers it."""
    found: dict[int, Placement] = {}
    for place in placements(tuple(map(tuple, pattern)), grid.height, grid.width):
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


def best_assignment(patterns, grid: LibraryGrid, player_number: int) -> list[TileResult]:
    """S3 + S5: the exact best placement and Seal use for each pattern, in input order."""
    eligible = bits_of(grid.eligible_seals(player_number), grid.width)
    options = [_seal_sets(p, grid, eligible) for p in patterns]
    # the tiles that could score most go first: deciding them first finds good totals
    # early (equivalent if mutated: any order gives the same best, more slowly)
    order = sorted(range(len(patterns)), key=lambda i: (-best_alone(options[i]), len(options[i])))  # pragma: no mutate
    search = Search([sorted(options[i], key=int.bit_count, reverse=True) for i in order])  # pragma: no mutate
    search.run(eligible)
    results = [TileResult(i, 0, 0) for i in range(len(patterns))]
    for i, (used, mask) in zip(order, search.best_path):
        if used:
            covers, rotation, top, left = options[i][mask]
            seals = used.bit_count()
            results[i] = TileResult(
                i, RENOWN[seals], seals, rotation, (top, left),
                cells_of(used, grid.width), cells_of(covers, grid.width),
            )
    return results


