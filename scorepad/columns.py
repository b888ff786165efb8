"""Text fitted to a number of terminal cells, not characters (issue 12).

A CJK character takes two cells and a combining accent none, so a column padded with
``str.ljust`` misaligns as soon as a name is ``王小明`` or a decomposed ``Chloé``. Every
table (the app's, the ``score`` and ``history`` commands', the Markdown export) pads and
cuts with these. Rich measures: it comes with Textual but is not Textual, so the command
line and the exports use this without loading the app.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len, set_cell_size

__all__ = ["cell_len", "fit", "next_stop", "previous_stop", "shortened", "tail", "wrap", "wrapped"]

ELLIPSIS = "…"
JOINER = "\u200d"  # zero-width joiner: the character after it is drawn with the one before (👩‍👧)


def glued(text: str, at: int) -> bool:
    """Whether the character at ``at`` is drawn with the one before it: a combining
    accent, a variation selector or a joiner (no cell of its own), or what a joiner joins."""
    return cell_len(text[at]) == 0 or text[at - 1] == JOINER


def next_stop(text: str, at: int) -> int:
    """Where a text cursor at ``at`` goes on Right: past the character there and the
    accents and joined characters drawn with it (never between an e and its accent)."""
    at += 1
    while at < len(text) and glued(text, at):
        at += 1
    return min(at, len(text))


def previous_stop(text: str, at: int) -> int:
    """Where a text cursor at ``at`` goes on Left: before the character drawn before it,
    its accents and joined characters included."""
    at -= 1
    while at > 0 and glued(text, at):
        at -= 1
    return max(at, 0)


def fit(text: str, width: int, *, right: bool = False) -> str:
    """``text`` in exactly ``width`` cells: cut at its end when longer, an ellipsis in its
    last cell to say so (a name cut short must not pass for a whole one), else padded
    with spaces, on the left if ``right``."""
    if width <= 0:
        return ""
    size = cell_len(text)
    if size == width or (size > width and width == 1):
        return set_cell_size(text, width)
    if size > width:  # a wide character split by the edge is dropped, not half drawn
        text = set_cell_size(text, width - 1).rstrip(" ") + ELLIPSIS
        size = cell_len(text)
    padding = " " * (width - size)
    return padding + text if right else text + padding


def shortened(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, not padded: as it is when it fits, else cut
    as ``fit`` cuts it (a name in a table whose columns take their widest cell's width)."""
    return text if cell_len(text) <= width else fit(text, width).rstrip(" ")


def tail(text: str, width: int) -> str:
    """The end of ``text`` in at most ``width`` cells, an ellipsis first when its start is
    cut: a line being typed shows where the typing is."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    start = len(text)
    while start > 0 and cell_len(text[start - 1:]) <= width - 1:
        start -= 1
    while start < len(text) and cell_len(text[start]) == 0:
        start += 1  # an accent whose letter was cut would sit on the ellipsis
    return ELLIPSIS + text[start:]


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between words (a word longer
    than a line is cut into pieces): a message under a table is read whole at 80 columns."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while cell_len(word) > width > 0:  # a word too long for any line: in pieces
            room = width - cell_len(line) - (1 if line else 0)
            piece = set_cell_size(word, room).rstrip() if room > 0 else ""
            if not piece and line:  # not one more character fits here: on the next line
                lines.append(line)
                line = ""
                continue
            piece = piece or word[:1]  # a line of its own narrower than one wide character
            line = f"{line} {piece}" if line else piece
            word = word[len(piece):]
        if line and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line or not lines else lines


# ``wrap``, remembered: a widget's line of keys or its message is drawn again in every
# frame, and wrapped once per width (the lists it gives are shared: never changed)
wrapped = lru_cache(maxsize=64)(wrap)
