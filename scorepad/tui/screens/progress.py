"""Game progress, for use during play: phase, round, Events and empty Library spaces,
with the end-trigger status in plain words (E1-E8).

The phase decides which end procedure applies (E1, E4-E7), so a phase that steps back
(a slip of the arrow keys, usually) is asked about before it is recorded."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Callable

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label, Static

from ...rules.describe import describe
from ...rules.endgame import PHASE_LABELS, end_status
from ...rules.entries import CountEmptySpaces, EnterPhase, RecordEvent, StartRound, TimeGame, UndoTimeline
from ...rules.models import Sheet
from ...rules.play_record import now_moment
from ...rules.record_text import clock_words, moment_text, span_minutes
from ..widgets.choice_bar import ChoiceBar
from ..typed_value import parse_count
from ..widgets.count_grid import CountGrid
from ..host import host
from ..widgets.words import show_words
from .base import GameScreen
from ..widgets.in_sight import Words, WordsBlock

PHASE_ORDER = tuple(PHASE_LABELS)  # Planning, Execution, End of Generation: the order of play


def goes_backwards(phase: str | None, generation: int, new_phase: str, new_generation: int) -> bool:
    """Whether entering ``new_phase`` of ``new_generation`` steps back from where the game
    is: a lower generation, or an earlier phase of the same one. The phase decides the end
    procedure (E1, E4-E7), so such a step is asked about first. A game with no phase
    recorded yet is before every phase; the same phase again is no step back."""

    def place(at: str | None, gen: int) -> tuple[int, int]:
        return gen, PHASE_ORDER.index(at) if at else -1

    return place(new_phase, new_generation) < place(phase, generation)


def place_words(phase: str, generation: int) -> str:
    """Where a game is, in words: ``Generation 2, Execution``."""
    return f"Generation {generation}, {PHASE_LABELS[phase]}"


def mark_words(mark) -> str:
    """A timeline mark in words."""
    if mark.kind == "phase":
        return place_words(mark.phase, mark.generation)
    if mark.kind == "round":
        return f"Round {mark.round}"
    if mark.kind == "event":
        return "Event"
    return f"{mark.count} empty spaces"


def timer_words(sheet: Sheet, now: datetime) -> str:
    """``Game timer 1:02:03, running``; paused, stopped (with the end), not started, or
    not run where the record's times were typed: it said "0:00:00, stopped at 12:00" of
    times typed by hand (a new user's run)."""
    timer, played = sheet.timer, sheet.played
    clock = clock_words(timer.timed(now))
    if timer.running_since:
        return f"Game timer {clock}, running"
    if played.started and played.finished and not timer.seconds and span_minutes(played) >= 1:
        return "Game timer not run (the play record's times were typed)"  # a run would have timed them
    if played.finished:
        return f"Game timer {clock}, stopped at {moment_text(played.finished)}"
    return f"Game timer {clock}, paused" if played.started else "Game timer not started"


class GenerationGrid(CountGrid):
    """The Generation count. A lower generation is a step back (E1, E7), so before it
    stores a new number the table asks ``steps_back(number)``: True means a question is
    open, and the number waits in its cell until the screen calls ``answered``."""

    LEAVES_ON_ENTER = True  # a field of the form: Enter goes on to the phase

    def __init__(self, *args, steps_back: Callable[[int], bool], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.steps_back = steps_back
        self.asking = False

    def commit(self) -> bool:
        """Store the typed generation, unless it steps back: then ask, and store nothing yet."""
        if self.asking:
            return False  # store nothing while the question is open (leaving the table commits)
        r, c = self.cursor
        try:
            typed = parse_count(self.texts[r][c])
        except ValueError:
            return super().commit()  # which says what is wrong with it
        if typed != self.values[r][c] and self.steps_back(typed):
            self.asking = True
            return False
        return super().commit()

    def answered(self, recorded: bool) -> None:
        """After the question: a recorded step moves on, as Enter does; a refused one
        puts the stored number back in the cell."""
        self.asking = False
        if not recorded:
            self.action_revert()
        elif self.has_focus:
            self.screen.focus_next()


class RoundGrid(CountGrid):
    """The Round (and, without a Library grid, the empty spaces). Rounds are typed one
    after another through the game: Enter on the last count stores it and keeps the
    cursor there, the next number typed replacing it; Tab moves on, as in any table."""

    GUARDS_STAY = False  # the next round's number is typed over the last


class ProgressScreen(GameScreen):
    """Where the table records the game's progress; the banner says what comes next."""

    HEADING = "Game progress"
    HINT = "Record phases, rounds, Events and the empty Library spaces as they happen."
    BINDINGS = [
        Binding("ctrl+r", "event", "Record Event"),
        Binding("ctrl+t", "take_back", "Take back mark"),
        Binding("ctrl+g", "timer", "Start/pause timer"),
        Binding("ctrl+e", "record", "Play record"),
    ]
    EDITS = frozenset({"event", "take_back", "timer", "stop", "record"})

    def structure(self, sheet: Sheet) -> object:
        return (super().structure(sheet), sheet.library is not None)

    def counts(self, sheet: Sheet) -> tuple[tuple[str, str], ...]:
        """The counts typed after the phase; with a Library grid, the empty spaces are
        counted from it."""
        rows = (("round", "Round"),)
        return rows if sheet.library is not None else (*rows, ("empty", "Empty Library spaces"))

    def values(self, rows: tuple[tuple[str, str], ...]) -> list[list[int | None]]:
        """The stored values of these counts (one column)."""
        end = self.live.end()
        known = {"generation": end.generation, "round": end.round, "empty": end.empty_spaces}
        return [[known[key]] for key, _ in rows]

    def point_at(self, entry) -> None:
        """After an undo or a redo, the focus on the field it changed: the next value
        typed went into the field the cursor had moved on to (the empty spaces, for the
        Round undone; new-user run). A generation typed is a Planning phase entered."""
        if isinstance(entry, (StartRound, CountEmptySpaces)):
            counts = self.query_one("#counts", CountGrid)
            key = "round" if isinstance(entry, StartRound) else "empty"
            if any(k == key for k, _ in counts.rows):
                counts.focus()
                counts.cursor = counts.find(f"{key}-0")
        elif isinstance(entry, EnterPhase):
            session = self.live.session  # the generation before the entry: now (undone) or one back (redone)
            before = session.states[-2] if session.history[-1] is entry else session.states[-1]
            typed = entry.generation is not None and entry.generation != end_status(before).generation
            self.query_one("#generation" if typed else "#phase").focus()
        elif isinstance(entry, RecordEvent):
            self.query_one("#actions").focus()

    def count_entry(self, key: str, _column: int, value: int):
        """The entry a typed count makes. A generation typed has begun, and a generation
        begins with Planning (so End of Generation, then the next generation, never looks
        like a step back to Planning)."""
        if key == "generation":
            return EnterPhase(phase="planning", generation=value)
        if key == "round":
            return StartRound(round=value)
        return CountEmptySpaces(count=value)

    def body(self) -> ComposeResult:
        # in the order of play: the generation, its phase, then the round
        generation, rows = (("generation", "Generation"),), self.counts(self.sheet)
        width = max(len(label) for _, label in (*generation, *rows)) + 2  # one column of values
        yield GenerationGrid(generation, ("",), self.values(generation), self.count_entry, **self.table_hooks(), hint=False,
                             label_width=width, id="generation", classes="inline",
                             steps_back=self.generation_steps_back)
        yield ChoiceBar(list(PHASE_LABELS.items()), self.live.end().phase, label="Phase", label_width=width,
                        moves_on=True, id="phase")
        yield RoundGrid(rows, ("",), self.values(rows), self.count_entry, **self.table_hooks(), hint=False, label_width=width,
                        id="counts", classes="inline")
        if self.sheet.library is not None:
            yield Words("", id="grid-count", classes="field-label")
        yield ChoiceBar([("event", "Record an Event (ctrl+r)"), ("take-back", "Take back the last mark (ctrl+t)")],
                        id="actions")
        yield Words("", id="timer", classes="field-label")
        yield ChoiceBar([("timer", "Start/pause timer (ctrl+g)"), ("stop", "Stop timer"),
                         ("record", "Play record (ctrl+e)")], id="record-actions")
        yield Label("M1: a space covered by a Library Location tile still counts as empty.",
                    classes="reminder")
        yield Label("Timeline", classes="subheading")
        yield WordsBlock("", id="timeline")

    def update(self, sheet: Sheet) -> None:
        end = self.live.end()
        for grid_id in ("#generation", "#counts"):  # by id: Textual keeps those found (a query walks the screen)
            grid = self.query_one(grid_id, CountGrid)
            grid.show(self.values(grid.rows))
        self.query_one("#phase", ChoiceBar).mark(end.phase)
        if sheet.library is not None:
            show_words(self.query_one("#grid-count", Label),
                f"Empty Library spaces, counted from the grid: {sheet.library.grid.empty_spaces}")
        self.show_timer()
        recent = [mark_words(m) for m in sheet.timeline[-12:]]
        show_words(self.query_one("#timeline", Static), " → ".join(recent) or "Nothing recorded yet.")

    def on_mount(self) -> None:
        super().on_mount()
        self.set_interval(1, self.tick)

    def tick(self) -> None:
        """Once a second: the clock moves while the timer runs. A kept screen not in
        sight skips it; showing the sheet again draws the clock as it is then."""
        if self.is_current:
            self.show_timer()

    def show_timer(self) -> None:
        """The game timer in words: its clock, and whether it runs. The clock's tick may
        come while the screen is away, being composed again or closed with the app: then
        there is nothing to show it in."""
        found = self.query_one_optional("#timer", Label)
        if host(self).live is None or found is None:
            return
        show_words(found, timer_words(self.sheet, datetime.now(timezone.utc)))

    def on_choice_bar_chosen(self, event: ChoiceBar.Chosen) -> None:
        if event.bar.id == "phase":
            self.choose_phase(event.option)
        else:
            getattr(self, f"action_{event.option.replace('-', '_')}")()

    def action_timer(self) -> None:
        """Start the game timer, or pause it while it runs (a count being typed is stored first)."""
        if host(self).store_typing():
            self.send(TimeGame(action="pause" if self.sheet.timer.running_since else "start", at=now_moment()))

    def action_stop(self) -> None:
        """Stop the game timer: the play's end and its duration are recorded."""
        if host(self).store_typing():
            self.send(TimeGame(action="stop", at=now_moment()))

    def action_record(self) -> None:
        """The play record form: date, location, start player, duration, notes."""
        if problem := self.cannot_change():
            self.notify(problem, severity="error")
        elif host(self).store_typing():
            from .record import RecordScreen  # on first use: most games never open it

            self.app.push_screen(RecordScreen(self.sheet, self.live.send))

    def choose_phase(self, phase: str) -> None:
        """Record a phase of the current generation. The phase the game is already in
        records nothing (no duplicate mark); one that steps back asks first."""
        end = self.live.end()
        if phase == end.phase:
            return
        entry = EnterPhase(phase=phase, generation=end.generation)
        if not self.ask_before_going_back(entry, self.phase_answered):
            self.send(entry)

    def phase_answered(self, recorded: bool) -> None:
        """After a "no", back to the Phase row, its cursor on the game's phase, to choose
        again (the bar had already handed the focus on)."""
        if not recorded:
            bar = self.query_one("#phase", ChoiceBar)
            bar.highlight(self.live.end().phase)
            bar.focus()

    def generation_steps_back(self, generation: int) -> bool:
        """Asked by the Generation table before it stores a number: True when that number
        steps back, and a question is now open."""
        try:
            entry = self.count_entry("generation", 0, generation)
        except ValidationError:
            return False  # the table says what is wrong with it
        return self.ask_before_going_back(entry, self.query_one("#generation", GenerationGrid).answered)

    def ask_before_going_back(self, entry: EnterPhase, answered: Callable[[bool], None]) -> bool:
        """If ``entry`` steps back (``goes_backwards``), ask with ConfirmScreen: "yes"
        records it, "no" records nothing, then ``answered(recorded)``. False when it does
        not step back (or the sheet cannot change anyway: the refusal says so at once)."""
        end = self.live.end()
        if self.live.read_only or not goes_backwards(end.phase, end.generation, entry.phase,
                                                            entry.generation):
            return False
        question = (f"Go back to {place_words(entry.phase, entry.generation)}? "
                    f"The game is at {place_words(end.phase, end.generation)}.")

        def answer(yes: bool | None) -> None:
            answered(bool(yes) and not self.send(entry))

        from .dialogs import ConfirmScreen  # on first use, as the record form

        self.app.push_screen(ConfirmScreen(question, risky=True), answer)
        return True

    def action_event(self) -> None:
        """Record an Event (E1); a count being typed is stored first, so the timeline
        keeps the order the table played in. After the end, said to change nothing (E3):
        it was recorded without a word (a new user's run)."""
        if host(self).store_typing():  # a refused value says so, and nothing is recorded
            ended = self.live.end().triggered
            if not self.send(RecordEvent()) and ended:  # recorded as played: it changes nothing
                self.say_briefly("Event recorded: the end was triggered already, so it changes nothing (E3).")

    def action_take_back(self) -> None:
        """Take back the last timeline mark (a phase, round, Event or count)."""
        if not host(self).store_typing():
            return
        if not self.sheet.timeline:
            self.notify("The timeline is empty.", severity="warning")
            return
        last = describe(UndoTimeline(), self.sheet)
        if not self.send(UndoTimeline()):
            self.notify(last)
