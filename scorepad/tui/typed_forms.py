"""The App's part that minds a form typed and not yet kept (Setup, the play record) when
the app ends. Ctrl+Q asks first, No focused, as Esc asks on Setup: it threw a whole
table's names away in silence. A hang-up has nobody to ask: each form keeps what it can.

A screen takes part with ``quit_question()``, what to ask ("" with nothing typed: Ctrl+Q
quits at once), and, when its typing can be kept without a word from the user,
``keep_typed()``."""

from __future__ import annotations


class TypedForms:
    """Mixed into the App: ``quit_asking_first()`` for Ctrl+Q, ``keep_typed_forms()``
    for a hang-up."""

    def typing_to_lose(self) -> str:
        """The question of the topmost screen holding typing that quitting would lose
        (a form under Help is lost as well), or ""."""
        for screen in reversed(self.screen_stack):
            ask = getattr(screen, "quit_question", None)
            if ask is not None and (question := ask()):
                return question
        return ""

    def quit_asking_first(self) -> None:
        """Quit (``quit_keeping_changes``); with a form typed and not kept, once the user
        says so. The question is a dialog: a second Ctrl+Q waits for its answer."""
        from .screens.dialogs import ConfirmScreen

        question = self.typing_to_lose()
        if not question:
            self.quit_keeping_changes()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.quit_keeping_changes()

        self.push_screen(ConfirmScreen(question, risky=True), answer)

    def keep_typed_forms(self) -> None:
        """Nobody to ask (the terminal went away): every open form that can keep its
        typing keeps it; the others are dropped, as their question says."""
        for screen in reversed(self.screen_stack):
            keep = getattr(screen, "keep_typed", None)
            if keep is not None:
                keep()
