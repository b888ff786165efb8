"""The error of a sheet file that cannot be read: light to import, so the command line
can catch it before it needs the file format's models."""

from __future__ import annotations

from ..messages import shown

MAX_MESSAGE = 300  # characters of an error message: a 10 MB value must not become a 10 MB line


def clip(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, its middle replaced by an ellipsis
    (both ends stay: a path keeps its file name, a message its last words)."""
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    return f"{text[:head]}…{text[len(text) - (limit - 1 - head):]}"


class SheetFileError(Exception):
    """A sheet that cannot be read: which file, where in it, and what is wrong.

    The message is at most ``MAX_MESSAGE`` characters, whatever the file holds.
    """

    def __init__(self, source: str, where: str, problem: str) -> None:
        source, where, problem = shown(source), shown(where), shown(problem)
        source, where = clip(source, 120), clip(where, 80)
        place = f" at {where}" if where else ""
        problem = clip(problem, MAX_MESSAGE - len(f"{source}{place}: "))
        self.source, self.where, self.problem = source, where, problem
        super().__init__(f"{source}{place}: {problem}")
