"""What a tile of the Pinax search may take next (S3, S5): the part of a set of Seals
it uses, and the order the search tries them in."""

from __future__ import annotations

from itertools import combinations

from .pinax_bounds import RENOWN, single_bits


class Choices:
    """Mixed into ``Search``: ``sets``, ``group``, ``end``, ``reach`` and ``prices`` are its."""

    def choices(self, t: int, lo: int, free: int, size: int):
        """The distinct ways tile t can take ``size`` free Seals of one of its sets (from
        ``lo`` on), as (Seals, set index)."""
        tried: set[int] = set()
        for i in range(lo, len(self.sets[self.group[t]])):
            for used in self.takes(t, i, free, size):
                if used not in tried:
                    tried.add(used)
                    yield used, i

    def priced_choices(self, t: int, lo: int, free: int, gap: float) -> list[tuple[int, int, int]]:
        """(size, Seals, set index) for tile t, those that gain most at the prices first,
        leaving out every choice whose gain (Renown less its Seals' prices) is under
        ``gap``: the later tiles' relaxed bound loses at least those prices when the
        Seals go, so such a choice cannot beat the best."""
        found: dict[int, tuple[float, int, int]] = {}
        sets = self.sets[self.group[t]]
        for i in range(lo, len(sets)):
            if self.prices.gain(sets[i] & free)[0] < gap - 1e-9:
                continue  # no part of this set gains enough
            for size in (4, 3, 2, 1):
                for used in self.takes(t, i, free, size):
                    gain = RENOWN[size] - self.prices.of(used)
                    if used not in found and gain >= gap - 1e-9:
                        found[used] = (-gain, size, i)
        return [(size, used, i) for used, (_, size, i) in sorted(found.items(), key=lambda item: item[1])]

    def takes(self, t: int, i: int, free: int, size: int):
        """The ways tile t can take ``size`` free Seals of its set i. Seals no later tile
        reaches are always taken (leaving them could only lose)."""
        avail = self.sets[self.group[t]][i] & free
        forced = avail & ~self.reach(t + 1, i + 1 if self.end[t] > t + 1 else 0)
        need = size - forced.bit_count()
        if avail.bit_count() >= size and need >= 0:
            for combo in combinations(single_bits(avail & ~forced), need):
                yield forced | sum(combo)
