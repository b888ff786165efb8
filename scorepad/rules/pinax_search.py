"""The exact search behind the Pinax solver (S3, S5): branch and bound over tiles.

Each tile has a list of Seal sets (bit masks) that some placement of it covers. The
search visits tiles in turn; a tile takes a subset of one of its sets, or nothing.
Two things keep it small:

- Bounds. Before going deeper it asks what the remaining tiles could still score at
  most (``Search.bound``) and stops where that cannot beat the best total found.
- Memory. A state is (tile, free Seals that tile or a later one can reach); reaching
  a state again with no more Renown banked is cut at once.

Cost: at most ``T * 2**|E|`` states for T tiles and E eligible Seals, each trying at
most ``16 K`` subsets for a tile with K Seal sets (K <= 4 rotations x H x W), and each
bound reads every remaining set once (plus at most 2,000 steps packing sets of four).
"""

from __future__ import annotations

from itertools import combinations

#: S1: Renown for 0, 1, 2, 3 or 4 matched Seals on one Pinax tile (the one copy of it).
RENOWN = (0, 3, 6, 10, 15)
STEP = (0, 3, 3, 4, 5)  # what each further Seal adds on one tile


def max_disjoint(choices: list[list[int]], budget: int = 2000) -> int:
    """How many groups can each take one set, all pairwise disjoint (one set per group).

    After ``budget`` steps it stops and answers the number of groups, which never
    undercounts, so the bound built on it stays an upper bound.
    """
    best = 0
    steps = 0

    def grow(g: int, taken: int, used: int) -> None:
        nonlocal best, steps
        steps += 1
        if taken > best:
            best = taken
        if g == len(choices) or taken + len(choices) - g <= best or steps > budget:
            return
        for option in choices[g]:
            if not option & used:
                grow(g + 1, taken + 1, used | option)
                if best == len(choices):
                    return
        grow(g + 1, taken, used)

    grow(0, 0, 0)
    return len(choices) if steps > budget else best


def level_bound(seals: list[int], tiles: list[int]) -> int:
    """The most S1 Renown when ``tiles[k]`` tiles could use k or more Seals, drawn from
    ``seals[k]`` distinct Seals.

    Let c[k] tiles use k or more (c4 <= c3 <= c2 <= c1). They use distinct Seals, all
    among ``seals[k]``: ``k*c[k] + c[k+1] + ... + c[4] <= seals[k]``. The score is
    ``5*c4 + 4*c3 + 3*c2 + 3*c1`` (S1's steps). Try every c4 and c3; then taking c2 as
    large as it may be is best, and c1 takes what is left.
    """
    best = 0
    for c4 in range(min(tiles[4], seals[4] // 4) + 1):
        for c3 in range(c4, min(tiles[3], (seals[3] - c4) // 3) + 1):
            c2 = min(tiles[2], (seals[2] - c3 - c4) // 2, (seals[1] - c3 - c4) // 2)
            if c2 < c3:
                break
            c1 = min(tiles[1], seals[1] - c2 - c3 - c4)
            best = max(best, 5 * c4 + 4 * c3 + 3 * c2 + 3 * c1)
    return best


def best_alone(sets) -> int:
    """The most Seals any one of a tile's sets offers."""
    return max((mask.bit_count() for mask in sets), default=0)


class Search:
    """Depth-first branch and bound over tiles, with the best total found so far."""

    def __init__(self, masks: list[list[int]]) -> None:
        self.masks = masks
        self.count = len(masks)
        self.reach = [0] * (self.count + 1)  # Seals some tile from t on could use
        for t in range(self.count - 1, -1, -1):
            self.reach[t] = self.reach[t + 1] | sum_masks(masks[t])
        self.best_total = -1
        self.best_path: list[tuple[int, int]] = []
        self.path: list[tuple[int, int]] = []
        self.seen: dict[tuple[int, int], int] = {}  # state -> most Renown it was reached with

    def bound(self, t: int, free: int) -> int:
        """An upper bound on what tiles t.. can still score with the ``free`` Seals."""
        union_at = [0] * 5  # free Seals of the sets offering exactly k of them
        tiles_at = [0] * 5  # tiles whose best set offers exactly k
        full: list[list[int]] = []  # per tile, the sets offering four
        for masks in self.masks[t:]:
            most = 0
            fours: list[int] = []
            for mask in masks:
                avail = mask & free
                size = avail.bit_count()
                union_at[size] |= avail
                if size > most:
                    most = size
                if size == 4:
                    fours.append(avail)
            tiles_at[most] += 1
            if fours:
                full.append(fours)
        if tiles_at[4] > 1:
            # tiles scoring 15 each fill a whole set of four of their own: disjoint sets
            packed = max_disjoint(full)
            tiles_at[3] += tiles_at[4] - packed
            tiles_at[4] = packed
        seals, tiles = [0] * 5, [0] * 5  # the same, for "k or more"
        union = count = 0
        for k in (4, 3, 2, 1):
            union |= union_at[k]
            count += tiles_at[k]
            seals[k], tiles[k] = union.bit_count(), count
        return level_bound(seals, tiles)

    def run(self, free: int, t: int = 0, gained: int = 0) -> None:
        """Try every useful choice for tile t and the tiles after it, keeping the best."""
        if t == self.count:
            if gained > self.best_total:
                self.best_total, self.best_path = gained, list(self.path)
            return
        state = (t, free & self.reach[t])
        if self.seen.get(state, -1) >= gained:
            return  # the same Seals were already left for these tiles, with more Renown banked
        self.seen[state] = gained
        if gained + self.bound(t, free) <= self.best_total:
            return
        after = self.bound(t + 1, free)  # what the later tiles could make, at most
        later = self.reach[t + 1]
        for size in range(4, 0, -1):
            if gained + RENOWN[size] + after <= self.best_total:
                break
            for used, mask in self.choices(t, free, later, size):
                self.path.append((used, mask))
                self.run(free & ~used, t + 1, gained + RENOWN[size])
                self.path.pop()
        if gained + after > self.best_total:
            self.path.append((0, 0))  # this tile scores nothing
            self.run(free, t + 1, gained)
            self.path.pop()

    def choices(self, t: int, free: int, later: int, size: int):
        """Distinct Seal sets of ``size`` the tile can use; Seals no later tile reaches are
        always taken (leaving them out could only lose Renown)."""
        tried: set[int] = set()
        for mask in self.masks[t]:
            avail = mask & free
            forced = avail & ~later
            need = size - forced.bit_count()
            if avail.bit_count() < size or need < 0:
                continue
            spare = single_bits(avail & ~forced)
            for combo in combinations(spare, need):
                used = forced | sum(combo)
                if used not in tried:
                    tried.add(used)
                    yield used, mask


def single_bits(mask: int) -> list[int]:
    """The mask's set bits, each as a mask of its own, lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def sum_masks(masks: list[int]) -> int:
    """The union of bit masks."""
    union = 0
    for mask in masks:
        union |= mask
    return union
