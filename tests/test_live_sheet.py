"""The open game as the screens drive it (``LiveSheet``): entries, refusals, undo, redo,
saves and reopening in any order, checked against a plain list model of what was done
and what can be redone. The history's fold is always the sheet on screen, and the file
always holds what the screen shows."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from scorepad.messages import READ_ONLY
from scorepad.rules.board_entries import CountEmptySpaces, RecordEvent, SetLibrary, SetLibraryCell
from scorepad.rules.count_fields import COUNT_KEYS
from scorepad.rules.endgame import end_status
from scorepad.rules.entries import (
    AddPlayer, EntryError, PutPinax, PutScribe, RemoveItem, RenamePlayer, SetCount, apply, fold,
)
from scorepad.rules.standings import standings
from scorepad.storage.live_sheet import LiveSheet
from scorepad.storage.session import SheetSession

from .conftest import examples, make_sheet

NAMES = st.sampled_from(["Ana", "Ben", "Cy", "Dee", "Eve"])
ENTRIES = st.one_of(
    st.builds(SetCount, player=st.integers(0, 4), field=st.sampled_from(COUNT_KEYS), value=st.integers(0, 60)),
    st.builds(PutScribe, player=st.integers(0, 3), scribe=st.builds(dict, knowledge=st.integers(1, 5))),
    st.builds(RemoveItem, player=st.integers(0, 3), list=st.just("scribes"), index=st.integers(0, 2)),
    st.builds(RenamePlayer, player=st.integers(0, 3), name=NAMES),
    st.builds(AddPlayer, name=NAMES),
    # the end status (E1-E8) and the Pinax (S1-S6) hang on the timeline and the Library
    st.builds(RecordEvent),
    st.builds(CountEmptySpaces, count=st.integers(0, 4)),
    st.builds(SetLibrary, rows=st.sampled_from([None, (". M*1", "G*2 L"), (". .", ". .")])),
    st.builds(SetLibraryCell, row=st.integers(0, 1), col=st.integers(0, 1),
              token=st.sampled_from([".", "M*1", "G*2", "C"])),
    st.builds(PutPinax, player=st.integers(0, 2), tile=st.just({"pattern": [[0, 0], [0, 1]]})),
)


class LiveSheetMachine(RuleBasedStateMachine):
    """``done`` and ``undone`` are the model: the entries in force after the first, and
    the stack of entries an undo took back (the next redo puts back the last)."""

    def __init__(self) -> None:
        super().__init__()
        self.begin_session()
        self.done: list = []
        self.undone: list = []
        self.shown = 0  # how many times the screens were told of a change

    def begin_session(self, session: SheetSession | None = None) -> None:
        if session is None:  # a folder of its own: a run makes many games
            folder = Path(tempfile.mkdtemp(prefix="live-sheet-", dir=os.environ["SCOREPAD_HOME"]))
            session = SheetSession.create(make_sheet({"name": "Ana"}, {"name": "Ben"}), folder=folder)
        self.live = LiveSheet(session, self.told)
        self.first = session.history[0]

    def told(self) -> None:
        self.shown += 1

    def model_sheet(self):
        return fold([self.first, *self.done])

    @rule(entry=ENTRIES)
    def send(self, entry):
        try:
            apply(self.model_sheet(), entry)
        except EntryError:
            allowed = False
        else:
            allowed = True
        before, shown = self.live.revision, self.shown
        problem = self.live.send(entry)
        if allowed:
            assert problem is None
            self.done.append(entry)
            self.undone.clear()  # a new change: what was undone can no longer be redone
            assert (self.live.revision, self.shown) == (before + 1, shown + 1)
        else:
            assert problem  # refused, with words, and nothing changed or shown
            assert (self.live.revision, self.shown) == (before, shown)

    @rule()
    def undo(self):
        done, words = self.live.undo()
        assert done == bool(self.done)
        if self.done:
            self.undone.append(self.done.pop())
            assert words.startswith("Undone: ")
        else:
            assert words == "Nothing to undo."

    @rule()
    def redo(self):
        done, words = self.live.redo()
        assert done == bool(self.undone)
        if self.undone:
            self.done.append(self.undone.pop())
            assert words.startswith("Redone: ")
        else:
            assert words == "Nothing to redo."

    @rule()
    def save(self):
        assert self.live.session.fold()

    @rule()
    def close_and_reopen(self):
        self.live.session.close()
        self.begin_session(SheetSession.open(self.live.path))
        self.undone.clear()  # redo is for this sitting only

    @invariant()
    def the_history_is_the_model_and_its_fold_is_the_sheet(self):
        assert self.live.history == [self.first, *self.done]
        assert fold(self.live.history) == self.live.sheet == self.model_sheet()

    @invariant()
    def the_figures_are_those_of_the_sheet_shown(self):
        assert self.live.standings() == standings(self.live.sheet)
        assert self.live.end() == end_status(self.live.sheet)

    @invariant()
    def a_second_window_reads_what_is_shown(self):
        assert SheetSession.open(self.live.path, read_only=True).history == self.live.history

    def teardown(self):
        self.live.session.close()


TestLiveSheetMachine = LiveSheetMachine.TestCase
TestLiveSheetMachine.settings = settings(max_examples=examples(200), stateful_step_count=20, deadline=None,
                                         suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_a_read_only_sheet_refuses_every_change_and_says_why():
    session = SheetSession.create(make_sheet({"name": "Ana"}))
    session.apply(SetCount(player=0, field="renown", value=4))
    session.close()
    changes = []
    live = LiveSheet(SheetSession.open(session.path, read_only=True), lambda: changes.append(1))
    assert live.read_only
    assert live.send(SetCount(player=0, field="renown", value=9)) == READ_ONLY
    assert live.undo() == (False, f"Nothing to undo. {READ_ONLY}")
    assert live.redo() == (False, "Nothing to redo.")
    assert live.sheet.players[0].renown == 4 and changes == [] and live.revision == 0


def test_the_figures_are_worked_out_once_per_revision():
    live = LiveSheet(SheetSession.create(make_sheet({"name": "Ana"}, {"name": "Ben"})))
    first = live.standings()
    assert live.standings() is first and live.end() is live.end()  # the same revision: not again
    live.send(SetCount(player=1, field="renown", value=3))
    assert live.standings() is not first and live.standings().winners == ("Ben",)
    live.session.close()
