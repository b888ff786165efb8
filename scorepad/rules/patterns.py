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

#: Every way to lay one rotation of a tile, in short: (its cells as a bit mask at the top
#: left corner, rotation, rows and columns it can start at). The placement starting at
#: (top, left) has the mask shifted by ``top * width + left``.
Rotated = tuple[int, int, int, int]


@lru_cache(maxsize=4096)
def placements(pattern: Cells, height: int, width: int) -> tuple[Rotated, ...]:
    """S4 + S6: every rotation, with the rows and columns where the whole shape lies in
    the grid (a rotation that fits nowhere is left out). In short, not one tuple per
    placement: a pattern on a 12 x 12 grid has some 500, and the tuples kept alive made
    the garbage collector's full passes come in the middle of a search."""
    found = []
    for angle, shape in rotations(pattern):
        tall = max(r for r, _ in shape) + 1
        wide = max(c for _, c in shape) + 1
        if tall <= height and wide <= width:
            found.append((sum(1 << (r * width + c) for r, c in shape), angle, height - tall + 1, width - wide + 1))
    return tuple(found)
