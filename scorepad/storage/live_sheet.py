"""The open game as the screens see it: entries in, refusals and totals out.

Screens never touch the session or the models: they ``send`` an entry and get back
``None`` or the reason it was refused, read the standings and the end status (worked
out once per revision), and undo or redo with a message to show. Textual-free, so a
test (or another front end) drives it exactly as the app does.

The Pinax search can take seconds on a hard sheet (S5). With a ``pinax_budget`` the
standings search for at most that long (CPU time of the calling thread) and may show
the best assignment found so far; ``unsettled`` is then called, ``settle`` searches on
(from any thread) and ``rescore`` takes its answers in.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from ..rules.describe import describe
from ..rules.endgame import EndStatus, end_status
from ..rules.entries import EntryError
from ..rules.models import Sheet
from ..rules.pinax import Stop, search_within, until
from ..rules.scoring import PlayerScore, score_players
from ..rules.standings import Standings, rank_scores
from ..messages import READ_ONLY
from .session import SheetSession


class LiveSheet:
    """One open session; ``changed`` is called after every change the screens must show
    (an entry, an undo, a redo, or a version read from the file)."""

    def __init__(self, session: SheetSession, changed: Callable[[], object] = lambda: None,
                 unsettled: Callable[[], object] = lambda: None, pinax_budget: float | None = None) -> None:
        self.session, self.changed = session, changed
        self.unsettled, self.pinax_budget = unsettled, pinax_budget
        self.revision = 0  # one more for every change; the cached figures follow it
        self._figures: tuple[int, Standings, EndStatus] | None = None
        self._scored: tuple[Sheet, tuple[PlayerScore, ...]] | None = None  # the last sheet scored

    @property
    def sheet(self) -> Sheet:
        """The sheet as it stands."""
        return self.session.sheet

    @property
    def history(self) -> list:
        """Every entry that made the sheet, in order (read it, never change it)."""
        return self.session.history

    @property
    def path(self) -> Path:
        """The file the game is saved to."""
        return self.session.path

    @property
    def read_only(self) -> bool:
        """Whether nothing may change (another scorepad writes it, or the demo)."""
        return self.session.read_only

    def send(self, entry) -> str | None:
        """Apply one entry (journal first, see ``session``); the reason when refused,
        in which case nothing changed."""
        if self.session.read_only:
            return READ_ONLY
        try:
            self.session.apply(entry)
        except EntryError as err:
            return str(err)
        self.moved()
        return None

    def undo(self) -> tuple[bool, str]:
        """Take back the last change: whether one was, and the words to show."""
        if self.session.read_only:
            return False, f"Nothing to undo. {READ_ONLY}"
        history, states = self.session.history, self.session.states
        if len(history) < 2:  # the sheet's beginning is not a change
            return False, "Nothing to undo."
        words = describe(history[-1], states[-2])
        if not self.session.undo():
            # equivalent if mutated: unreachable, the session refuses only what is checked above
            return False, "Nothing to undo."  # pragma: no mutate
        self.moved()
        return True, f"Undone: {words}"

    def redo(self) -> tuple[bool, str]:
        """Apply again what was last undone: whether it was, and the words to show."""
        if self.session.read_only or not self.session.redo():
            return False, "Nothing to redo."
        self.moved()
        return True, f"Redone: {describe(self.session.history[-1], self.session.states[-2])}"

    def moved(self) -> None:
        """The sheet changed (here, or read from the file): a new revision, shown."""
        self.revision += 1
        self.changed()

    def standings(self) -> Standings:
        """The standings of the sheet as it stands (worked out once per revision)."""
        return self._computed()[1]

    def end(self) -> EndStatus:
        """The end-trigger status of the sheet as it stands (once per revision)."""
        return self._computed()[2]

    def searching(self) -> bool:
        """Whether a Pinax figure of the standings is the best found so far, not proven."""
        return not all(score.pinax_proven for score in self.standings().scores)

    def settle(self, seconds: float, cancel: Stop, found: Callable[[], object] | None = None) -> bool:
        """Search on for the Pinax answers of the sheet as it stands that are not proven,
        for ``seconds`` or until ``cancel`` (any thread may call this: the answers are
        remembered, ``rescore`` takes them in; ``found`` hears of each better one);
        whether every one is proven now."""
        sheet = self.session.sheet
        return search_within([player.pinax for player in sheet.players], sheet.library, seconds, cancel, found)

    def rescore(self) -> None:
        """Work the standings out again from the Pinax answers remembered (no search)."""
        self._figures = self._scored = None

    def _computed(self) -> tuple[int, Standings, EndStatus]:
        if self._figures is None or self._figures[0] != self.revision:
            sheet, before, figures = self.session.sheet, self._scored, self._figures
            budget = None if self.pinax_budget is None else until(self.pinax_budget, time.thread_time)
            # a value typed changes one player: the others keep their scores; and the
            # end status, which only the timeline and the Library decide (E1-E8)
            self._scored = (sheet, score_players(sheet, before, budget))
            same_board = (before is not None and figures is not None and before[0].timeline is sheet.timeline
                          and before[0].library is sheet.library)
            self._figures = (self.revision, rank_scores(self._scored[1]),
                             figures[2] if same_board else end_status(sheet))
            if not all(score.pinax_proven for score in self._scored[1]):
                self.unsettled()
        return self._figures
