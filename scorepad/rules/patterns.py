"""Pinax patterns: rotations (S4) and placements inside the Library (S6)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

Cells = tuple[tuple[int, int], ...]


def normalise(cells: Cells) -> Cells:
    """Shift cells so the smallest row and column are 0; sorted, so equal shapes compare equal."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def rotate(cells: Cells) -> Cells:
    """Turn a shape 90 degrees clockwise."""
    return normalise(tuple((c, -r) for r, c in cells))


@lru_cache(maxsize=1024)
def rotations(pattern: Cells) -> tuple[tuple[int, Cells], ...]:
    """S4: the distinct shapes of a pattern at 0, 90, 180 and 270 degrees, with their angle."""
    shape = normalise(pattern)
    found: dict[Cells, int] = {}
    for quarter in range(4):
        found.setdefault(shape, quarter * 90)
        shape = rotate(shape)
    return tuple((angle, cells) for cells, angle in found.items())


@dataclass(frozen=True, slots=True)
class Placement:
    """One way to lay a tile: its rotation, its top-left corner and the cells it covers."""

    rotation: int
    row: int
    col: int
    cells: Cells


def placements(pattern: Cells, height: int, width: int) -> list[Placement]:
    """S4 + S6: every rotation at every position where the whole shape lies in the grid."""
    found = []
    for angle, shape in rotations(pattern):
        tall = max(r for r, _ in shape) + 1
        wide = max(c for _, c in shape) + 1
        for top in range(height - tall + 1):
            for left in range(width - wide + 1):
                cells = tuple((top + r, left + c) for r, c in shape)
                found.append(Placement(angle, top, left, cells))
    return found
