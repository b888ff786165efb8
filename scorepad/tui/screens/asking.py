"""What every question knows of the keys around it: whether it was asked by a key (the
keys typed on in that run are no answer), whether it came up on its own (keys typed for
the screen below are no answer, and what happened to them is said), and the toasts it
clears as it comes up. Mixed into the questions of ``dialogs``."""

from __future__ import annotations

from time import monotonic

from textual.app import ComposeResult
from textual.widgets import Label


# said by a question that came up on its own, once a key typed meanwhile went nowhere
UNPROMPTED = "Keys typed as this came up were not used."
# and when a value being typed as it came up was put back (not stored)
PUT_BACK = "A value being typed was put back: type it again once this is answered."
# said by a question asked by a key, once keys typed on straight after that key were not taken
NOT_TAKEN = "The keys typed straight after were not taken as an answer: answer now."


class AskedByAKey:
    """A question asked by the typist's own key (Esc on a form, Enter on a ✕, Ctrl+Q).
    The keys typed on in the same run as that key were meant for the screen below: a
    name typed on after Esc (``yves``) answered Yes with its ``y`` and threw the form
    away, and ``M*4`` Enter ``y`` typed onto a tile's ✕ removed the tile. The App takes
    no key of that run as an answer (``prompted_at``: when it was asked) and says so
    here; a key after a pause answers at once."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.prompted_at = monotonic()  # made as the key that asks it is handled

    def note_not_taken(self) -> None:
        """Say that keys typed on were not taken as an answer."""
        self.query_one("#not-taken", Label).display = True

    @staticmethod
    def not_taken_label(words: str = NOT_TAKEN) -> Label:
        """The line that says it, hidden until then."""
        label = Label(words, id="not-taken", classes="hint")
        label.display = False
        return label


class ClearsToasts:
    """A question asked by the user's key clears the toasts on screen as it comes up: at
    80 x 24 one covered half of the quit question's reason (a new user's run), and what
    they said is older than what the user does now. One that comes up on its own
    (``asked_at``) leaves them: they may say why it came up, or where opening the game
    kept something."""

    def on_mount(self) -> None:
        if getattr(self, "asked_at", None) is None:
            self.app.clear_notifications()


class CameUpOnItsOwn:
    """A question nobody asked for (a save failed, someone else saved), when ``asked_at``
    is set: the App takes no key typed for the screen below as its answer. What it says
    of the keys is what happened to them: a value being typed put back (``put_back``,
    set by whoever puts it up) and, once one is, keys left unused. It said both each
    time, though no key had come after the Enter that stored 41 (a new user's run)."""

    asked_at: float | None = None
    put_back = False  # a value being typed as it came up was put back, not stored

    def unprompted_labels(self) -> ComposeResult:
        """The lines that say it, the unused keys' hidden until then."""
        if self.asked_at is None:
            return
        if self.put_back:
            yield Label(PUT_BACK, classes="hint")
        unused = Label(UNPROMPTED, id="unused", classes="hint")
        unused.display = False
        yield unused

    def note_unused(self) -> None:
        """Say that keys typed as it came up were not used."""
        for label in self.query("#unused"):
            label.display = True
