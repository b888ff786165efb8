"""The Pinax solver: the best Seal assignment for a player's tiles (S1-S6).

Quick-count tiles (``seals``) score their fixed S1 value. Pattern tiles are solved
together, exactly: each tile picks one placement (S4 rotation, S6 inside the grid)
and a set of the player's eligible Seals (S2) under it, no Seal serving two tiles
(S3), maximising the summed S1 Renown (S5).

Cost. Let E be the player's eligible Seals, T the pattern tiles and K the distinct
Seal sets that some placement of a tile covers (K <= 4 rotations x H x W; sets
contained in another are dropped, since the larger one offers every choice the
smaller does). A branch-and-bound search visits tiles in turn; at a tile it tries
the Seal subsets of each of its K sets, largest first, always including the Seals
no later tile can reach. Results are memoised on (tile, Seals still free within
reach of the remaining tiles), so the work is at most
``T * 2**|E reachable by two or more tiles| * K * 16`` steps, and a branch is cut as
soon as an upper bound (each remaining tile's best alone, and the best that the
free Seals could give if packed four to a tile) cannot beat the best found. The
README's benchmark measures it on 12 x 12 stress sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from .library import LibraryGrid
from .models import Library, PinaxTile
from .patterns import Placement, placements

RENOWN = (0, 3, 6, 10, 15)  # S1, the same table as scoring.PINAX_RENOWN


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


def solve_pinax(
    tiles: tuple[PinaxTile, ...], library: Library | None, player_number: int
) -> tuple[TileResult, ...]:
    """S1-S6: each tile's result for the player (1-based ``player_number``)."""
    results: dict[int, TileResult] = {}
    patterned: list[int] = []
    for i, tile in enumerate(tiles):
        if tile.seals is not None:
            results[i] = TileResult(i, RENOWN[tile.seals], tile.seals)
        else:
            patterned.append(i)
    if patterned and library is None:
        for i in patterned:
            results[i] = TileResult(i, 0, 0, note="pattern mode needs the Library grid", pattern=True)
    elif patterned:
        patterns = [tiles[i].pattern or () for i in patterned]
        for i, result in zip(patterned, best_assignment(patterns, library.grid, player_number)):
            results[i] = replace(result, index=i, pattern=True)
    return tuple(results[i] for i in range(len(tiles)))


def _bits(cells, width: int) -> int:
    mask = 0
    for r, c in cells:
        mask |= 1 << (r * width + c)
    return mask


def _cells(mask: int, width: int) -> tuple[tuple[int, int], ...]:
    out = []
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        out.append(divmod(bit, width))
        mask ^= low
    return tuple(out)


def _seal_sets(pattern, grid: LibraryGrid, eligible: int) -> dict[int, Placement]:
    """The maximal Seal sets a tile can cover, each with one placement that covers it."""
    found: dict[int, Placement] = {}
    for place in placements(tuple(map(tuple, pattern)), grid.height, grid.width):
        mask = _bits(place.cells, grid.width) & eligible
        if mask and mask not in found:
            found[mask] = place
    kept: dict[int, Placement] = {}
    covered: set[int] = set()
    for mask in sorted(found, key=int.bit_count, reverse=True):
        if mask in covered:
            continue
        kept[mask] = found[mask]
        bits = [1 << b for b in range(mask.bit_length()) if mask >> b & 1]
        for size in range(1, len(bits)):
            covered.update(sum(combo) for combo in combinations(bits, size))
    return kept


def _packed_bound(seals: int, tiles: int) -> int:
    """Best Renown ``seals`` free Seals could give ``tiles`` tiles: S1 rewards packing four."""
    full = min(seals // 4, tiles)
    rest = min(seals - 4 * full, 3) if full < tiles else 0
    return full * RENOWN[4] + RENOWN[rest]


def best_assignment(patterns, grid: LibraryGrid, player_number: int) -> list[TileResult]:
    """S3 + S5: the exact best placement and Seal use for each pattern, in input order."""
    eligible = _bits(grid.eligible_seals(player_number), grid.width)
    options = [_seal_sets(p, grid, eligible) for p in patterns]
    order = sorted(range(len(patterns)), key=lambda i: len(options[i]))
    masks = [sorted(options[i], key=int.bit_count, reverse=True) for i in order]
    count = len(order)
    reach = [0] * (count + 1)
    alone = [0] * (count + 1)  # suffix sums of each tile's best score on its own
    for t in range(count - 1, -1, -1):
        reach[t] = reach[t + 1]
        for mask in masks[t]:
            reach[t] |= mask
        best_alone = max((m.bit_count() for m in masks[t]), default=0)
        alone[t] = alone[t + 1] + RENOWN[min(best_alone, 4)]
    memo: dict[tuple[int, int], tuple[int, int, int]] = {}

    def bound(t: int, free: int) -> int:
        return min(alone[t], _packed_bound((free & reach[t]).bit_count(), count - t))

    def best(t: int, free: int) -> int:
        if t == count:
            return 0
        key = (t, free & reach[t])
        if key in memo:
            return memo[key][0]
        later = reach[t + 1]
        top, top_used, top_mask = best(t + 1, free), 0, 0
        for size in range(4, 0, -1):
            if RENOWN[size] + bound(t + 1, free) <= top:
                break
            tried: set[int] = set()
            for mask in masks[t]:
                avail = mask & free
                forced = avail & ~later
                need = size - forced.bit_count()
                if avail.bit_count() < size or need < 0:
                    continue
                spare = [1 << b for b in range(avail.bit_length()) if (avail & ~forced) >> b & 1]
                for combo in combinations(spare, need):
                    used = forced | sum(combo)
                    if used in tried:
                        continue
                    tried.add(used)
                    rest = free & ~used
                    if RENOWN[size] + bound(t + 1, rest) <= top:
                        continue
                    value = RENOWN[size] + best(t + 1, rest)
                    if value > top:
                        top, top_used, top_mask = value, used, mask
        memo[key] = (top, top_used, top_mask)
        return top

    best(0, eligible)
    results: list[TileResult] = [TileResult(i, 0, 0) for i in range(len(patterns))]
    free = eligible
    for t, i in enumerate(order):
        _, used, mask = memo[(t, free & reach[t])] if t < count else (0, 0, 0)
        free &= ~used
        if used:
            place = options[i][mask]
            seals = used.bit_count()
            results[i] = TileResult(
                i, RENOWN[seals], seals, place.rotation, (place.row, place.col),
                _cells(used, grid.width), place.cells,
            )
    return results
