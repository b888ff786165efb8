"""Results: the ranked breakdown, a bar chart, who was separated by which tie-break,
the winners, and export."""

from __future__ import annotations

from weakref import WeakSet

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.events import ScreenResume
from textual.widgets import Label, Static

from ...rules.entries import SetRecord, TimeGame
from ...rules.play_record import now_moment
from ...rules.record_text import record_words
from ...storage.atomic import SaveError
from ...storage.settings import ExportIdentity, load_export_identity
from ..widgets.bar_chart import CategoryBars
from ..widgets.choice_bar import ChoiceBar
from .base import GameScreen

EXPORTS = {"csv": ".csv", "md": ".md", "bgstats": ".bgsplay", "bgg": ".bgg.txt"}
# one name per export, here and in the command palette
EXPORT_NAMES = {"csv": "CSV", "md": "Markdown", "bgstats": "BG Stats", "bgg": "BGG play log"}


# the games open in this window marked finished on arriving here once: an undo of the
# mark stays undone, even on a Results screen composed anew (one is let go when the
# screens next to it are not Results', and a visit back marked the game again)
MARKED: WeakSet = WeakSet()


class ResultsScreen(GameScreen):
    """The end of the walk: who won, and why."""

    HEADING = "Results"
    BINDINGS = [Binding("ctrl+f", "finished", "Finished or not")]
    EDITS = frozenset({"finished"})
    SCROLLS_BY_KEYS = True


    def body(self) -> ComposeResult:
        yield Static("", id="record")
        yield CategoryBars(id="bars")
        yield Label("Tie-breaks", classes="subheading")
        yield Static("", id="separations")
        yield Label("Export (to the exports folder)", classes="subheading")
        yield ChoiceBar(list(EXPORT_NAMES.items()), id="exports")

    def update(self, sheet) -> None:
        table = self.live.standings()
        # a game not finished has no winner yet: who leads, as `scorepad history` says it
        if table.solo:
            words = f"{table.scores[0].name}: {table.scores[0].total} Renown"
        else:
            words = table.lead_words(sheet.finished) + (" (T5)" if len(table.winners) > 1 else "")
        # in the heading, which never scrolls away: at 80 x 24 the body opens scrolled to
        # the export bar, and the winner must stay in sight
        self.query_one("#heading", Label).update(Content.assemble("Results   ", (words, "bold")))
        self.query_one(CategoryBars).show(table)
        lines = [s.text for s in table.separations]
        self.query_one("#separations", Static).update(Content("\n".join(lines) or "No ties to break."))
        counted = "yes" if sheet.finished else "no, not finished"
        record = [record_words(sheet) or "Play record: none (ctrl+e on Game progress)",
                  *(["The game timer is running (ctrl+g on Game progress pauses it)"]
                    if sheet.timer.running_since else []),
                  *([f"Notes: {sheet.notes}"] if sheet.notes else []),
                  f"Counted in statistics: {counted}" + ("" if self.live.read_only else " (ctrl+f to change)")]
        self.query_one("#record", Static).update(Content("\n".join(record)))  # notes, a place: as typed

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Results reached with the end triggered: the game is finished, and counts in
        statistics, unless the table already said whether it is (ctrl+f), or undid the
        mark once (then it is theirs to set). A game timer still running stops here: the
        play's end and duration are recorded with it."""
        super().on_screen_resume(event)
        live = self.live
        if live in MARKED or live.read_only or self.sheet.finished or not live.end().triggered:
            return
        if not any(isinstance(entry, SetRecord) and entry.finished is not None for entry in live.history):
            MARKED.add(live)
            if self.sheet.timer.running_since:
                self.send(TimeGame(action="stop", at=now_moment()))
            self.send(SetRecord(finished=True))

    def action_finished(self) -> None:
        """Mark the game finished (counted in statistics), or not finished, and say so on
        the heading line: the play record's line that shows it may be out of sight."""
        if not self.send(SetRecord(finished=not self.sheet.finished)):
            self.say_briefly("Finished: counted in statistics." if self.sheet.finished else
                             "Not finished: left out of statistics.")

    def on_choice_bar_chosen(self, event: ChoiceBar.Chosen) -> None:
        self.export(event.option)

    def export(self, kind: str) -> None:
        """Write an export to the exports folder, under a name no file has, and say where.

        Never beside the sheet: in the games folder Home would list it as a game, and the
        demo's sheet lives inside the installed package.
        """
        # loaded on the first export, not with the screen: the CSV and BG Stats writers
        # are memory a game that is only scored never uses
        from ...storage.export_rows import play_of
        from ...storage.exports import export_text, write_export

        live = self.live
        identity, problems = load_export_identity() if kind == "bgstats" else (ExportIdentity(), [])
        for problem in problems:  # a setting left out is said, and the export goes on
            self.notify(problem, severity="warning")
        play = play_of(live.sheet, live.path, live.history)
        try:
            target = write_export(export_text(kind, play, identity), live.path.stem, EXPORTS[kind])
        except SaveError as err:
            self.notify(str(err), severity="error")
            return
        self.notify(f"Exported to {target}")
