"""The frame of every game screen: end-trigger banner, heading, body, live totals."""

from __future__ import annotations

from time import monotonic

from textual.app import ComposeResult
from textual.events import ScreenResume
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Label

from ...rules.models import Sheet
from ...storage.live_sheet import LiveSheet
from ..host import host
from ..widgets.count_grid import CountGrid
from ..widgets.footer import FooterBand
from ..widgets.form_focus import focus_neighbour
from ..widgets.live_totals import LiveTotals
from ..widgets.screen_heading import NOTE_SECONDS, ScreenHeading
from ..widgets.status_banner import StatusBanner
from ..widgets.title_bar import TitleBar
from .halted_runs import HaltsRuns
from .quiet_focus import QuietFocus
from ...messages import READ_ONLY


class Top(Vertical):
    """The lines above the body: title, end-trigger banner, the screen's name.

    One container, drawn as plain background (``BLANK``): a value typed lower down
    repaints the widgets of every container it crosses, and Textual repaints each of
    the screen's own children on every frame (a tenth of a typed value's frame)."""

    BLANK = True


class Body(VerticalScroll):
    """The scrolling part of a game screen. Textual scrolls to a new focus once, before
    the words shown after it are laid out (the export bar, pushed down by the chart, was
    out of sight at 80 x 24): when what the body holds changes size, the focus is kept
    in sight again."""

    BLANK = True  # no border: its lines are its background

    def __init__(self, *children, scrolls_by_keys: bool = False, **kwargs) -> None:
        super().__init__(*children, can_focus=False, **kwargs)
        self.scrolls_by_keys = scrolls_by_keys  # GameScreen.SCROLLS_BY_KEYS

    def on_resize(self) -> None:
        self.keep_focus_in_sight()
        self.focusable_when_it_scrolls()

    def watch_virtual_size(self) -> None:
        # what it holds grew after the focus moved (the next player's Pinax cards listed
        # as the focus left the table): the field focused was pushed out of sight
        self.call_after_refresh(self.keep_focus_in_sight)
        self.call_after_refresh(self.focusable_when_it_scrolls)

    def focusable_when_it_scrolls(self) -> None:
        """Take the focus (``scrolls_by_keys``) only while there is something to scroll
        to: at 120 x 40, Up from Results' export bar went to a page that did not move."""
        self.can_focus = self.scrolls_by_keys and self.max_scroll_y > 0
        if self.has_focus and not self.can_focus:
            self.screen.focus_next("#body *")

    def keep_focus_in_sight(self) -> None:
        """Scroll the focused widget back into sight, if it is in the body and is not."""
        focused = self.screen.focused
        if focused is not None and self in focused.ancestors and not self.screen.can_view_entire(focused):
            self.scroll_to_center(focused, animate=False, origin_visible=True)


class GameScreen(HaltsRuns, QuietFocus):
    """A screen that shows part of the sheet and follows every change to it.

    Subclasses write ``body()`` and ``update(sheet)``. When ``structure(sheet)`` changes
    (a player or an item added, say) the screen is composed again; otherwise only the
    values move, so the field being typed in keeps its focus.
    """

    BLANK = True  # its own lines are background: drawn as such, not line by line
    HEADING = ""
    HINT = ""
    EDITS: frozenset[str] = frozenset()  # this screen's actions that change the sheet
    # the body takes the focus (Up from its first field, Tab) and its arrows scroll it:
    # for a screen whose words above its only field are out of sight at 80 x 24, where
    # no key reached them (Results' play record, under a long chart)
    SCROLLS_BY_KEYS = False
    AUTO_FOCUS = "#body *"  # Textual's first focus: the first field, never the body itself

    def __init__(self) -> None:
        super().__init__()
        self._structure: object = None
        self._stale = False
        self._resumed = False  # shown at least once
        self._composed_in = ""  # the theme it was styled in when composed
        self.focus_after: str | None = None
        self.note: tuple[str, bool, float] | None = None  # the last note on the heading line, and when

    def send(self, entry) -> str | None:
        """Apply one entry to the sheet. A refusal (read-only, a value the rules refuse)
        is shown where the user looks, and returned."""
        problem = self.live.send(entry)
        if problem:
            self.notify(problem, severity="error")
        return problem

    def on_descendant_focus(self, event) -> None:
        if event.widget.id == "body":  # SCROLLS_BY_KEYS: what its keys do now
            self.say_briefly("↑ ↓ scroll this page · Tab: back to its fields")

    def point_at(self, entry) -> None:
        """After an undo or a redo: the cursor on the cell it changed, in the focused table,
        else in the table on this screen that shows it (with the focus gone on to the
        Library's size fields, the value typed to put it right went into them)."""
        focused = self.focused
        if not isinstance(focused, CountGrid) or focused.cell_of(entry) is None:
            holder = next((grid for grid in self.query(CountGrid) if grid.cell_of(entry) is not None), None)
            if holder is not None:
                holder.focus()
                focused = holder
        point = getattr(focused, "point_at", None)
        if point is not None:
            point(entry)

    def focus_next(self, selector="*"):
        """Tab: the next field; from the last, the focus stays. Textual goes round to the
        first: a burst run past the Library grid's last cell went on into the Pinax
        table and typed over a player's tiles (new-user run)."""
        if selector == "*" and self.focused in self.focus_chain:
            focus_neighbour(self.focused, 1)
            return self.focused
        return super().focus_next(selector)

    def focus_previous(self, selector="*"):
        """Shift+Tab: the field before; from the first, the focus stays (never round)."""
        if selector == "*" and self.focused in self.focus_chain:
            focus_neighbour(self.focused, -1)
            return self.focused
        return super().focus_previous(selector)

    def say_briefly(self, words: str, warning: bool = False) -> None:
        """Say what a key did (an undo, a redo) on the heading's line, for a moment: a
        toast each stacked over the table. Said again on the new heading if the change
        recomposes the screen (an undo that brings a tile or the grid back)."""
        self.note = (words, warning, monotonic())
        self.query_one("#heading", ScreenHeading).say(words, warning)

    def why_not(self, action: str) -> str | None:
        """Why this action cannot work now (its key is dimmed and says so), or None."""
        return self.cannot_change() if action in self.EDITS else None

    def cannot_change(self) -> str | None:
        """Why nothing may be typed on this screen now (a read-only sheet), or None."""
        return READ_ONLY if host(self).live is not None and self.live.read_only else None

    def table_hooks(self) -> dict:
        """How a table on this screen stores a value (``send``) and asks, before the
        first key, whether anything may be typed (``refusal``)."""
        return {"send": self.live.send, "refusal": self.cannot_change}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if self.why_not(action) else True

    @property
    def live(self) -> LiveSheet:
        """The open game (a game screen exists only while one is open)."""
        live = host(self).live
        assert live is not None, "a game screen without an open game"
        return live

    @property
    def sheet(self) -> Sheet:
        """The sheet being scored."""
        return self.live.sheet

    def compose(self) -> ComposeResult:
        self._structure = self.structure(self.sheet)
        self._composed_in = self.app.theme
        with Top(id="top"):
            yield TitleBar(self.sheet.title, host(self).save_state)
            yield StatusBanner(id="status")
            # outside the body: the screen's name stays in sight however far the body scrolls
            yield ScreenHeading(self.HEADING, id="heading", classes="heading")
        with Body(id="body", scrolls_by_keys=self.SCROLLS_BY_KEYS):
            if self.HINT:
                yield Label(self.HINT, classes="hint")
            yield from self.body()
        yield LiveTotals(id="totals", classes="side")
        yield FooterBand()

    def body(self) -> ComposeResult:
        yield from ()

    def structure(self, sheet: Sheet) -> object:
        """What decides the widgets on screen; by default the players' names."""
        return tuple(p.name for p in sheet.players)

    def update(self, sheet: Sheet) -> None:
        """Show new values in the existing widgets."""

    def on_mount(self) -> None:
        self.make_buttons_instant()
        if self.composed_for_the_sheet():
            self.show_sheet()  # before the first frame: a screen never shows up without its values

    def composed_for_the_sheet(self) -> bool:
        """Whether the widgets composed are there and fit the open sheet. A screen composed
        ahead may mount after another game opened (it is being let go) or while the app
        quits (its widgets are closed under it)."""
        return not self.quitting() and self.structure(self.sheet) == self._structure

    def quitting(self) -> bool:
        """Whether the app is on its way out (its screens' widgets may be gone already)."""
        return not self.app.is_running or self.app.return_code is not None or self._closing

    def make_buttons_instant(self) -> None:
        """Every press counts: a quick second press (two Events) must not be swallowed by
        the button's press animation."""
        for button in self.query(Button):
            button.active_effect_duration = 0

    def on_screen_resume(self, event: ScreenResume) -> None:
        if not self._resumed:
            # just composed, in the current styles: Textual would style every widget a
            # second time before the first frame (a third of a screen change); composed
            # ahead, the theme may have changed since
            self._resumed = True
            event.refresh_styles = self._composed_in != self.app.theme
        if self._stale:
            self._stale = False
            self.call_after_refresh(self.follow_sheet)

    def catch_up(self) -> bool:
        """Bring a kept screen up to date before it shows again; False when the sheet's
        structure changed meanwhile (the screen is then composed anew)."""
        if self.structure(self.sheet) != self._structure:
            return False
        self._stale = False
        self.show_sheet()
        return True

    def follow_sheet(self) -> None:
        """Called after every change to the sheet: new values show at once, in the same
        step as the change; new widgets (a player or an item added) follow a recompose."""
        if host(self).live is None or self.quitting():
            return  # a search's last slice may report while the app closes (seen in CI)
        if not self.is_current:
            self._stale = True
            return
        if self.structure(self.sheet) != self._structure:
            self.call_next(self.rebuild)
            return
        self.show_sheet()

    async def rebuild(self) -> None:
        """Compose the screen again for a new structure, then show the sheet."""
        if host(self).live is None:
            return
        with host(self).holding_keys():  # the next key is for a widget not built yet
            if self.structure(self.sheet) != self._structure:
                await self.recompose()
                self.make_buttons_instant()
                if self.note is not None and monotonic() - self.note[2] < NOTE_SECONDS:
                    self.query_one("#heading", ScreenHeading).say(*self.note[:2])
            self.show_sheet()

    def show_sheet(self) -> None:
        """Bring every widget up to date with the sheet."""
        self.update(self.sheet)
        self.query_one(TitleBar).show(self.sheet.title)
        self.query_one(LiveTotals).show(self.live.standings())
        self.query_one(StatusBanner).show(self.live.end())
        if self.focus_after:
            matches = self.query(self.focus_after)
            self.focus_after = None
            if matches:
                matches.first().focus()
        if self.focused is None:
            self.focus_next("#body *")  # the first field, never the body itself
