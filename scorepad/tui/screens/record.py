"""The play record form: when the game was played, where, who started, how long, and
notes (DESIGN, "The record of the play"). None of it changes a score.

Enter goes to the next field, ctrl+s keeps the record, Esc leaves it as it was (asking
first when something is typed: it closed at once, and all typed in it was lost). What
the sheet refuses (a finish before the start, a duration typed while the timer runs)
is said in the form, which stays open with what was typed; a record that cannot be true
(a time over an hour ahead, a duration longer than Started to Finished) is asked about,
as the laptop's clock may be the one that is wrong. Ctrl+Q asks before what was
typed is lost; a hang-up keeps it, as ctrl+s would (``typed_forms``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static

from ...rules.entries import SetRecord
from ...rules.models import Sheet
from ...rules.play_record import MAX_NOTES
from ...rules.record_text import moment_text, typed_minutes, typed_moment, unlikely_change
from ..typed_value import entry_problem
from ..widgets.record_fields import RecordField, StartPlayer
from .dialogs import ConfirmScreen
from .quiet_focus import QuietFocus

TEXT_FIELDS = ("started", "finished", "location", "duration", "notes")  # Enter order, past the list


LABELS = {"started": "Started", "finished": "Finished", "location": "Location", "duration": "Duration",
          "notes": "Notes"}


class RecordScreen(ModalScreen[bool], QuietFocus):
    """The form; ``send`` stores the entry it makes (or says why not). Dismissed with
    True once something was stored."""

    # Ctrl+Q works here, unlike under other dialogs: this one holds typing, and its
    # question says what quitting loses (said to wait for the form, the way out was Esc,
    # which drops the typing without a word)
    BINDINGS = [Binding("ctrl+s", "keep", "Keep the record"), Binding("escape", "cancel", "Cancel"),
                Binding("ctrl+q", "app.quit", "Quit", show=False)]

    def __init__(self, sheet: Sheet, send: Callable[[object], str | None]) -> None:
        super().__init__()
        self.sheet, self.send = sheet, send

    def shown(self) -> dict[str, str]:
        """What each text field shows for the sheet: the text a person would type."""
        sheet = self.sheet
        return {"started": moment_text(sheet.played.started), "finished": moment_text(sheet.played.finished),
                "location": sheet.location, "duration": str(sheet.duration_minutes or ""), "notes": sheet.notes}

    def compose(self) -> ComposeResult:
        shown = self.shown()
        examples = {"started": "YYYY-MM-DD HH:MM", "finished": "YYYY-MM-DD HH:MM", "location": "where the table was",
                    "duration": "minutes, or h:mm", "notes": "anything to remember"}
        fields = [(key, LABELS[key], example) for key, example in examples.items()]
        with Vertical(classes="dialog", id="record"):
            yield Label("Play record", classes="heading")
            for key, label, example in fields[:2]:
                yield from self.row(key, label, example, shown[key])
            with Horizontal(classes="form-row"):
                yield Label("Start player", classes="form-label")
                yield StartPlayer([(p.name, p.name) for p in self.sheet.players], prompt="(none)", compact=True,
                                  value=self.sheet.start_player or Select.NULL, id="start")
            for key, label, example in fields[2:]:
                yield from self.row(key, label, example, shown[key])
            yield Static("", id="record-problem", classes="field-message -error")
            yield Label("Enter: next field (Tab reaches the start player) · ctrl+s: keep · Esc: cancel",
                        classes="hint")

    @staticmethod
    def row(key: str, label: str, example: str, value: str) -> ComposeResult:
        with Horizontal(classes="form-row"):
            yield Label(label, classes="form-label")
            yield RecordField(value, placeholder=example, id=key, compact=True,
                              max_length=MAX_NOTES if key == "notes" else 80)

    def on_mount(self) -> None:
        self.query_one("#started", Input).focus()

    def on_record_field_refused(self, event: RecordField.Refused) -> None:
        self.say(f"{LABELS[event.field.id]}: {event.words}")

    def action_next_field(self) -> None:
        """Focus the text field after the focused one; Enter in the last keeps the record."""
        focused = self.focused
        if focused is not None and focused.id in TEXT_FIELDS[:-1]:
            self.query_one(f"#{TEXT_FIELDS[TEXT_FIELDS.index(focused.id) + 1]}", Input).focus()
        else:
            self.action_keep()

    def typed(self) -> dict[str, str]:
        """What each text field holds now."""
        return {key: self.query_one(f"#{key}", Input).value for key in TEXT_FIELDS}

    def entry(self) -> SetRecord:
        """The entry for what was changed (ValueError or ValidationError saying what is wrong)."""
        typed = self.typed()
        shown, changes = self.shown(), {}
        if (typed["started"], typed["finished"]) != (shown["started"], shown["finished"]):
            played = self.sheet.played
            changes["played"] = {
                "started": played.started if typed["started"] == shown["started"] else typed_moment(typed["started"]),
                "finished": played.finished if typed["finished"] == shown["finished"]
                else typed_moment(typed["finished"]),
            }
        if typed["duration"].strip() != shown["duration"]:
            minutes = typed_minutes(typed["duration"])
            if minutes != self.sheet.duration_minutes:  # 2:22 for the 142 shown is no change
                changes["duration_minutes"] = minutes
        for key in ("location", "notes"):
            if typed[key].strip() != shown[key]:
                changes[key] = typed[key]
        if (start := self.start_player()) != self.sheet.start_player:
            changes["start_player"] = start
        return SetRecord.model_validate(changes)

    def start_player(self) -> str:
        """The start player chosen in the form ("" for none)."""
        start = self.query_one("#start", Select).value
        return start if isinstance(start, str) else ""

    def checked(self) -> tuple[SetRecord | None, str]:
        """The entry for what was changed (None when nothing was), or what is wrong."""
        try:
            entry = self.entry()
        except ValidationError as err:
            return None, entry_problem(err)
        except ValueError as err:
            return None, str(err)
        return (None if entry == SetRecord() else entry), ""  # nothing changed: nothing to store or undo

    def doubt(self, entry: SetRecord) -> str:
        """Why the record this entry makes cannot be true ("" when it can, or when it
        makes it no worse than it was: ``unlikely_change``)."""
        sheet = self.sheet
        played = sheet.played if entry.played is None else entry.played
        minutes = sheet.duration_minutes if entry.duration_minutes is None else entry.duration_minutes
        return unlikely_change((sheet.played, sheet.duration_minutes), (played, minutes), datetime.now().astimezone())

    def action_keep(self) -> None:
        """Store the changes as one entry, or say in the form what is wrong. A record
        that cannot be true (a time ahead, a duration longer than the play) is said, and
        kept only if the table says so: the laptop's clock may be the one that is wrong."""
        entry, problem = self.checked()
        if problem:
            self.say(problem)
            return
        if entry is None:
            self.dismiss(False)
            return
        if doubt := self.doubt(entry):
            self.say(doubt)
            self.app.push_screen(ConfirmScreen(f"{doubt} Keep the record as typed?", risky=True),
                                 lambda keep: keep and self.send_and_close(entry))
            return
        self.send_and_close(entry)

    def send_and_close(self, entry: SetRecord) -> None:
        """Store the entry and close the form, or say why the sheet refused it."""
        if refusal := self.send(entry):
            self.say(refusal)
        else:
            self.dismiss(True)

    def say(self, problem: str) -> None:
        """Say in the form what stops the record being kept."""
        self.query_one("#record-problem", Static).update(Content(problem))

    def changed(self) -> bool:
        """Whether any field differs from what the sheet holds."""
        return self.typed() != self.shown() or self.start_player() != self.sheet.start_player

    def quit_question(self) -> str:
        """What Ctrl+Q asks first, with a field changed ("": it quits at once)."""
        if not self.changed():
            return ""
        return "Quit without keeping the play record? What is typed in it is not kept (ctrl+s keeps it)."

    def keep_typed(self) -> None:
        """Nobody to ask (a hang-up): store what was typed, as ctrl+s would, and a record
        it would ask about too (nothing typed is lost: the table can change it at the next
        opening); what the sheet refuses stays unstored (there is no one to tell)."""
        if (entry := self.checked()[0]) is not None:
            self.send(entry)

    def action_cancel(self) -> None:
        """Esc: close the form, leaving the record as it was; with something changed,
        once the user says so (No, the default, keeps the form as it is)."""
        if not self.changed():
            self.dismiss(False)
            return
        question = "Close the play record without keeping what is typed in it? (ctrl+s keeps it)"
        self.app.push_screen(ConfirmScreen(question, risky=True), lambda drop: drop and self.dismiss(False))
