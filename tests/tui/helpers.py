"""Helpers for driving the app with keys only."""

from __future__ import annotations

from textual.widgets import Input

from benchmarks.keystrokes import post_keys
from scorepad.tui.widgets.count_grid import CountGrid
from scorepad.tui.widgets.setup_form import SetupForm


async def type_line(pilot, text: str) -> None:
    """Type into the focused field and press enter."""
    await pilot.press(*text, "enter")
    await pilot.pause()


async def burst(pilot, *keys: str) -> None:
    """Send every key at once, as a paste, a fast typist or a busy laptop delivers them:
    no key waits for the one before it to be handled (``pilot.press`` waits). Then let
    the app handle them all."""
    post_keys(pilot.app, *keys)
    await settle(pilot)


def post_paste(app, text: str) -> None:
    """A terminal's paste (bracketed paste mode: one event holding the whole text), posted
    as its key reader posts it: nothing waits for it, so keys posted after it come after."""
    from textual import events

    app.post_message(events.Paste(text))


async def settle(pilot) -> None:
    """Wait until every key read so far is handled, and all it started is done (a
    screen built, a scroll animated); ``pilot.pause`` does, in these tests, and fails
    when that never comes (see tests/conftest.py)."""
    await pilot.pause()


async def until(pilot, condition, within: float = 10.0) -> None:
    """Wait until ``condition()`` holds (work in a thread or on a timer: the pilot's
    pause does not wait for it), at most ``within`` seconds: a loaded machine takes
    longer, and the test then fails saying so, never at random."""
    for _ in range(int(within / 0.01)):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"not within {within} s")


async def listed(pilot) -> None:
    """Wait until a screen of saved games has read them and shown them, and until the
    figures it works out are shown (threads: the pilot's pause does not wait for them;
    the reading starts once the screen is drawn)."""
    for _ in range(400):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if getattr(pilot.app.screen, "loaded", True) and not pilot.app.workers:
            return
    raise AssertionError("the saved games were never shown")


async def goto(pilot, screen: str) -> None:
    """Show one of the game screens (as the command palette does) and let it settle."""
    pilot.app.action_go(screen)
    await pilot.pause()


async def tab_to(pilot, widget_id: str) -> None:
    """Tab until the widget (or the field) with this id has the focus."""
    for _ in range(60):
        if focused_id(pilot.app) == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"never reached #{widget_id}")


def focused_id(app) -> str:
    """The id of the focused widget, of the field around a focused Input, of the
    cell under a count table's cursor (``renown-1``), or of Setup's field (``name-0``)."""
    focused = app.focused
    if isinstance(focused, CountGrid):
        return focused.cell_id(*focused.cursor)
    if isinstance(focused, SetupForm):
        return focused.cursor
    if isinstance(focused, Input) and focused.parent is not None and focused.parent.id:
        return focused.parent.id
    return focused.id if focused is not None else ""


def count_cell(app, cell_id: str) -> tuple[str, str]:
    """A count table cell's typed text and the message it has under the table."""
    key = cell_id.rsplit("-", 1)[0]
    grid = next(g for g in app.screen.query(CountGrid) if any(k == key for k, _ in g.rows))
    row, col = grid.find(cell_id)
    return grid.texts[row][col], grid.message(row, col)




async def toasts(pilot) -> str:
    """The words of the toasts on screen, one per line (waiting a moment for them to
    be drawn: a toast is mounted after the next refresh)."""
    from textual.widgets._toast import Toast

    for _ in range(10):
        await pilot.pause()
        shown = pilot.app.screen.query(Toast)
        if shown:
            return "\n".join(str(toast.render()) for toast in shown)
    return ""


__all__ = ["burst", "count_cell", "focused_id", "goto", "tab_to", "toasts", "type_line"]


def on_disk(app):
    """The open sheet as it is on disk now (the file and its journal), as a second
    scorepad opening it would see it: no save is forced first."""
    from scorepad.storage.session import SheetSession

    return SheetSession.open(app.session.path, read_only=True)
