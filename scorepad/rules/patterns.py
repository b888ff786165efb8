"""Pinax patterns: rotations (S4) and placements inside the Library (S6)."""

from __future__ import annotations

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


#: One way to lay a tile: (cells as a bit mask, rotation, top row, left column). The
#: mask has bit ``row * width + column`` set for each covered cell.
Placement = tuple[int, int, int, int]


@lru_cache(maxsize=4096)
def placements(pattern: Cells, height: int, width: int) -> tuple[Placement, ...]:
    """S4 + S6: every rotation at every position where the whole shape lies in the grid."""
    found = []
    for angle, shape in rotations(pattern):
        tall = max(r for r, _ in shape) + 1
        wide = max(c for _, c in shape) + 1
        origin = sum(1 << (r * width + c) for r, c in shape)
        for top in range(height - tall + 1):
            for left in range(width - wide + 1):
                # shifting the origin mask moves the shape; it fits, so no row wraps
                found.append((origin << (top * width + left), angle, top, left))
    return tuple(found)
