"""The exact search behind the Pinax solver (S3, S5): branch and bound over tiles.

Each tile has a list of Seal sets (bit masks) that some placement of it covers; tiles
with the same list (the same pattern, say) form a group. The search visits tiles in
turn; a tile takes a subset of one of its sets, or nothing. What keeps it small:

- Order within a group. Identical tiles are interchangeable, and two of them drawing on
  one set do no better than one tile taking both parts (S1 rises with every Seal: 3+3
  <= 6, 6+6 <= 15). So a group's tiles take sets in increasing order, and once one takes
  nothing the rest do too: each way of choosing is tried once, not in every order.
- Bounds. Before going deeper it asks what the remaining tiles could still score at
  most (``pinax_bounds``), first cheaply, then, when that does not settle it, with the
  counts of tiles that can have k Seals each at once. A node stops as soon as it has
  found what its bound allows: the whole search ends the moment the best total meets
  the bound at the root.
- Prices. A search still going after ``PRICE_AFTER`` steps is hard: it prices the
  Seals (``pinax_prices``: the linear-programming bound, within a Renown or two of the
  truth where counting is far off), drops the sets no better assignment can use, tries
  the choices that gain most at those prices first, and starts again.
- Memory. A state is (tile, first set it may take, free Seals that it or a later tile
  can reach); reaching a state again with no more Renown banked is cut at once.

Cost: exponential in the worst case (S5 is a packing problem); ``stop`` ends the search
early, keeping the best assignment found (``proven`` stays False).
"""

from __future__ import annotations

from typing import Callable

from .pinax_bounds import RENOWN, Stopped, level_bound, most_disjoint, parts
from .pinax_choices import Choices
from .pinax_prices import Prices, whole_within

PRICE_AFTER = 40  # steps before the linear-programming bound is worth its set-up
STOP_EVERY = 16  # unpriced steps between two questions to ``stop`` (one takes some 0.05 ms; a priced
# step, up to a millisecond, asks every time: a key waited up to 30 ms for the search to stop)
PACK_LEVELS = (4, 3)  # tiles that can have 4, or 3, Seals each at once: pairs cost more than they tell
REMEMBERED = 200_000  # states kept at most, some 20 MB (past it they are forgotten: more work, same answer)


class Hard(Exception):
    """The search is taking long enough to be worth the linear-programming bound."""


class Search(Choices):
    """Depth-first branch and bound over groups of tiles, with the best total found."""

    def __init__(self, groups: list[tuple[list[int], int]], stop: Callable[[], bool] | None = None,
                 found: Callable[[], object] | None = None) -> None:
        """``groups``: per group of identical tiles, their Seal sets (most Seals first)
        and how many tiles share them. ``stop`` is asked now and then once a first
        assignment is found; ``found`` is told of each better one."""
        self.given, self.found = groups, found
        self.stop, self.steps, self.proven = stop, 0, False
        self.prices: Prices | None = None  # set up once the search proves hard
        self.price_after = PRICE_AFTER
        self.best_total = -1
        self.best_path: list[tuple[int, int, int]] = []  # (group, Seals used, its set)
        self.level_bounds: dict[int, int] = {}  # see ``level_bound``
        self.use_sets([sets for sets, _ in groups], list(range(len(groups))))

    def use_sets(self, sets: list[list[int]], order: list[int]) -> None:
        """Search over these Seal sets per group (as given), the groups in ``order``, from
        the start and remembering nothing."""
        self.ids = order  # the group (as given) at each place
        self.sets = [sets[g] for g in order]
        self.counts = [self.given[g][1] for g in order]
        self.group = [g for g, count in enumerate(self.counts) for _ in range(count)]
        self.count = len(self.group)
        self.end = [sum(self.counts[:g + 1]) for g in self.group]  # the slot after the tile's group
        self.offered = []  # per group: Seals its sets from index i on offer, with every later group's
        later = 0
        for group_sets in reversed(self.sets):
            suffix = [later] * (len(group_sets) + 1)
            for i in range(len(group_sets) - 1, -1, -1):
                suffix[i] = suffix[i + 1] | group_sets[i]
            self.offered.append(suffix)
            later = suffix[0]
        self.offered.reverse()
        self.subsets: dict[tuple[int, int], list[tuple[int, int]]] = {}  # built when first needed
        self.offers: dict[int, list[tuple[float, int, int]]] = {}  # see ``offers_of``
        self.tails: list[tuple | None] = [None] * (len(self.sets) + 1)  # see ``tail``
        self.values: list[tuple | None] = [None] * len(self.sets)  # see ``group_value``
        self.path: list[tuple[int, int, int]] = []  # a search cut short leaves its path behind
        # state -> most Renown it was reached with; a state is one number, not a tuple:
        # a million tuples would be a million objects for the garbage collector to walk
        # (in whichever thread it runs: the app's, too)
        self.seen: dict[int, int] = {}
        self.span = (max(map(len, sets), default=0) + 1, self.count + 1)

    def reach(self, t: int, lo: int) -> int:
        """The Seals tile t (from its set ``lo`` on) and the tiles after it can use."""
        return self.offered[self.group[t]][lo] if t < self.count else 0

    def left(self, t: int, lo: int) -> list[tuple[int, list[int], int]]:
        """The tiles from t on: (group, the sets they may take, how many)."""
        if t == self.count:
            return []
        g = self.group[t]
        return [(g, self.sets[g][lo:], self.end[t] - t)] + [
            (h, self.sets[h], self.counts[h]) for h in range(g + 1, len(self.sets))]

    def levels(self, t: int, lo: int, free: int) -> tuple[list[int], list[int]]:
        """For k = 1..4 (index k): the free Seals of the sets of tiles t.. that offer k or
        more of them, and how many of those tiles have such a set."""
        if t == self.count:
            return [0] * 5, [0] * 5
        g = self.group[t]
        if lo == 0 and self.end[t] - t == self.counts[g]:  # the group's first tile, all its sets
            union_at, tiles_at = self.tail(g, free)
        else:
            union_at, tiles_at = self.tail(g + 1, free)
            union_at, tiles_at = self.add_group(union_at, tiles_at, g, lo, self.end[t] - t, free)
        unions, tiles = [0] * 5, [0] * 5  # the same, for "k or more"
        union = count = 0
        for k in (4, 3, 2, 1):
            union |= union_at[k]
            count += tiles_at[k]
            unions[k], tiles[k] = union, count
        return unions, tiles

    def tail(self, h: int, free: int) -> tuple[list[int], list[int]]:
        """Groups h.. with the ``free`` Seals: the free Seals of their sets offering exactly
        k of them, and how many tiles have k at most (index k). The last one per h is
        kept: a step asks for the same later groups two or three times (its tile's
        bound, the later tiles', taking nothing), and the first later tile's step again."""
        known = self.tails[h]
        if known is not None and known[0] == free:
            return known[1], known[2]
        if h == len(self.sets):
            union_at, tiles_at = [0] * 5, [0] * 5
        else:
            union_at, tiles_at = self.tail(h + 1, free)
            union_at, tiles_at = self.add_group(union_at, tiles_at, h, 0, self.counts[h], free)
        self.tails[h] = (free, union_at, tiles_at)
        return union_at, tiles_at

    def add_group(self, union_at: list[int], tiles_at: list[int], h: int, lo: int, count: int,
                  free: int) -> tuple[list[int], list[int]]:
        """``union_at`` and ``tiles_at`` (as ``tail``), new lists, with ``count`` tiles of
        group h taking its sets from ``lo`` on."""
        union_at, tiles_at = union_at[:], tiles_at[:]
        most = 0
        for mask in self.sets[h][lo:] if lo else self.sets[h]:
            avail = mask & free
            size = avail.bit_count()
            union_at[size] |= avail
            if size > most:
                most = size
        tiles_at[most] += count
        return union_at, tiles_at

    def level_bound(self, seals: list[int], tiles: list[int]) -> int:
        """``pinax_bounds.level_bound``, remembered for this search: the same few counts
        come back at step after step (the key is one number, the counts of Seals and
        tiles for k = 1..4 in 8 bits each: a number is no object for the garbage
        collector to walk)."""
        if seals[1] | seals[2] | seals[3] | seals[4] | tiles[1] | tiles[2] | tiles[3] | tiles[4] > 255:
            return level_bound(seals, tiles)  # a count too large for the key: rare, not remembered
        key = (((((((seals[1] << 8 | seals[2]) << 8 | seals[3]) << 8 | seals[4]) << 8 | tiles[1]) << 8
                 | tiles[2]) << 8 | tiles[3]) << 8) | tiles[4]
        known = self.level_bounds.get(key)
        if known is None:
            known = self.level_bounds[key] = level_bound(seals, tiles)
        return known

    def bound(self, t: int, lo: int, free: int, need: int | None = None) -> int:
        """An upper bound on what tiles t.. can still score with the ``free`` Seals. With
        ``need``, a bound above it is tightened by prices and packing (S3) until it is
        not, or no more can be said."""
        unions, tiles = self.levels(t, lo, free)
        seals = [union.bit_count() for union in unions]
        found = self.level_bound(seals, tiles)
        if need is not None and found > need and self.prices is not None:
            priced = whole_within(self.priced_value(t, lo, free, need + 1, sum(tiles)), need)
            if priced is not None:
                return priced
        for k in PACK_LEVELS:
            if need is None or found <= need:
                break
            if tiles[k] < 2:
                continue  # one tile alone is no packing problem
            packed = most_disjoint([(self.free_parts(g, k, lo if g == self.group[t] else 0, free), count)
                                    for g, _, count in self.left(t, lo)], k)
            if packed < tiles[k]:
                tiles[k:] = [min(n, packed) for n in tiles[k:]]
                found = self.level_bound(seals, tiles)
        return found

    def priced_value(self, t: int, lo: int, free: int, enough: float = float("inf"), room: int = 1 << 30) -> float:
        """``Prices.value_of`` for tiles t.. (sets from ``lo`` on), the same sum in the same
        order; each later group's part is kept for the Seals (and prices) it was worked
        out with: a step asks for it twice (its tile's bound, then what the later tiles leave)."""
        value = self.prices.paid(free, room)
        if t == self.count:
            return value
        g = self.group[t]
        start = g
        if lo or self.end[t] - t != self.counts[g]:  # not the whole group: its part as it is now
            value += self.prices.group_value(self.sets[g][lo:], self.end[t] - t, free)
            if value >= enough:
                return value
            start = g + 1
        for h in range(start, len(self.sets)):
            known = self.values[h]
            if known is None or known[0] != free or known[1] is not self.prices:
                known = self.values[h] = (free, self.prices, self.prices.group_value(self.sets[h], self.counts[h], free))
            value += known[2]
            if value >= enough:
                break
        return value

    def free_parts(self, g: int, k: int, lo: int, free: int) -> list[int]:
        """The k-Seal subsets of group g's sets from index ``lo`` on, all Seals free."""
        known = self.subsets.get((g, k))
        if known is None:
            last: dict[int, int] = {}  # subset -> the last set holding it
            for i, mask in enumerate(self.sets[g]):
                if mask.bit_count() >= k:
                    for part in parts(mask, k):
                        last[part] = i
            known = self.subsets[g, k] = list(last.items())
        return [part for part, i in known if i >= lo and part & free == part]

    def run(self, free: int) -> bool:
        """Search from the start with the ``free`` Seals; whether the best is proven.

        A search not over after ``PRICE_AFTER`` steps is hard: it sets up the prices of
        the linear-programming bound, which may prove the best found at once, drops
        every set that cannot take part in a better assignment, and starts again."""
        try:
            try:
                self.visit(free, 0, 0, 0)
            except Hard:
                groups = list(zip(self.sets, self.counts))
                self.prices = Prices(groups, free, self.best_total, self.stop)
                found, picks = self.prices.greedy(groups, free)
                if found > self.best_total:
                    self.better(found, [(self.ids[g], used, mask) for g, used, mask in picks])
                if self.prices.value < self.best_total + 1:
                    self.proven = True
                    return True
                groups = list(zip(self.prices.ranked_sets(groups, free), self.counts))
                kept = dict(zip(self.ids, self.prices.useful(groups, free, self.best_total)))
                self.use_sets([kept[g] for g in range(len(kept))], self.ids)
                self.visit(free, 0, 0, 0)
            self.proven = True
        except Stopped:
            pass
        return self.proven

    def better(self, total: int, path: list[tuple[int, int, int]]) -> None:
        """A better assignment: kept, and told."""
        self.best_total, self.best_path = total, path
        if self.found is not None:
            self.found()

    def last(self, free: int, t: int, lo: int, gained: int) -> None:
        """The last tile takes all the free Seals of its set (from ``lo`` on) that has
        most of them (S1 rises with every Seal): no bound or choice needed."""
        sets = self.sets[self.group[t]]
        most, best = 0, lo
        for i in range(lo, len(sets)):
            size = (sets[i] & free).bit_count()
            if size > most:
                most, best = size, i
        if gained + RENOWN[most] > self.best_total:
            path = self.path + [(self.ids[self.group[t]], sets[best] & free, sets[best])] if most else self.path
            self.better(gained + RENOWN[most], list(path))

    def visit(self, free: int, t: int, lo: int, gained: int) -> None:
        """Try every useful choice for tile t (sets from ``lo`` on) and the tiles after."""
        if t == self.count:
            if gained > self.best_total:
                self.better(gained, list(self.path))
            return
        self.steps += 1
        if self.best_total >= 0:
            if self.stop is not None and (self.prices is not None or not self.steps % STOP_EVERY) and self.stop():
                raise Stopped
            if self.steps == self.price_after and self.prices is None:
                raise Hard
        if t + 1 == self.count:  # the last tile: its best is its set with most free Seals
            self.last(free, t, lo, gained)
            return
        state = ((free & self.reach(t, lo)) * self.span[0] + lo) * self.span[1] + t
        if self.seen.get(state, -1) >= gained:
            return  # the same Seals were already left for these tiles, with more Renown banked
        if len(self.seen) >= REMEMBERED:
            self.seen.clear()
        self.seen[state] = gained
        tight = self.best_total >= 0
        limit = gained + self.bound(t, lo, free, self.best_total - gained if tight else None)
        if limit <= self.best_total:
            return
        g, same = self.group[t], self.end[t] > t + 1
        # what the later tiles could make, at most; a choice of Seals only takes them out
        # of the Seals counted there
        unions, tiles = self.levels(t + 1, lo + 1 if same else 0, free)
        after = self.level_bound([union.bit_count() for union in unions], tiles)
        if self.prices is None:
            options = self.choices(t, lo, free)
        elif t + 1 < self.count:
            later = self.priced_value(t + 1, lo + 1 if same else 0, free)
            options = self.priced_choices(t, lo, free, self.best_total + 1 - gained - later)
        else:
            options = self.priced_choices(t, lo, free, float("-inf"))
        for size, used, i in options:
            if gained + RENOWN[size] + after <= self.best_total:
                if self.prices is None:
                    break  # the sizes come largest first: no smaller one can do better
                continue
            if gained + RENOWN[size] + self.level_bound([(u & ~used).bit_count() for u in unions], tiles) <= self.best_total:
                continue
            self.path.append((self.ids[g], used, self.sets[g][i]))
            self.visit(free & ~used, t + 1, i + 1 if same else 0, gained + RENOWN[size])
            self.path.pop()
            if self.best_total >= limit:
                return  # as good as the bound allows: nothing here can do better
            if not tight and self.best_total >= 0:
                tight = True  # a first total to beat: the bound may now be tightened
                limit = gained + self.bound(t, lo, free, self.best_total - gained)
                if limit <= self.best_total:
                    return
        rest = self.end[t]  # this tile scores nothing, nor the rest of its group
        if gained + (self.bound(rest, 0, free) if rest < self.count else 0) > self.best_total:
            self.visit(free, rest, 0, gained)
