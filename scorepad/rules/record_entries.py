"""Entries about the record of the play: where and when, who started, notes, the
duration, whether the game is finished, and the game timer (``play_record``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool

from .entry_base import EntryError, checked
from .model_base import Model
from .models import Sheet, StartPlayer
from .play_record import Location, Minutes, Moment, Notes, Played, minutes_of, read_moment
from .record_text import clock_words, duration_words, played_words


class SetRecord(Model):
    """Change the record of the play: each field given replaces the sheet's (None leaves it).

    A typed duration is what the timer goes on from; typed while it runs, it pauses it there.
    """

    kind: Literal["set_record"] = "set_record"
    location: Location | None = None
    notes: Notes | None = None
    start_player: StartPlayer | None = None
    duration_minutes: Minutes | None = None
    played: Played | None = None
    finished: StrictBool | None = None

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        parts = []
        if self.location is not None:
            parts.append(f"Location: {self.location or '(none)'}")
        if self.start_player is not None:
            parts.append(f"Start player: {self.start_player or '(none)'}")
        if self.duration_minutes is not None:
            parts.append(f"Duration: {duration_words(self.duration_minutes)}")
        if self.played is not None:
            parts.append(f"Played: {played_words(self.played) or '(none)'}")
        if self.notes is not None:
            parts.append("Notes changed")
        if self.finished is not None:
            parts.append("Game marked finished" if self.finished else "Game marked not finished")
        return "; ".join(parts) or "Record unchanged"

    def apply_to(self, sheet: Sheet) -> Sheet:
        changes = {name: getattr(self, name) for name in ("location", "notes", "start_player",
                   "duration_minutes", "played", "finished") if getattr(self, name) is not None}
        if self.duration_minutes is not None:
            # the time typed is the time: a running timer pauses there (refused, it was a
            # dead end in the form, whose keys wait for it to close)
            changes["timer"] = sheet.timer.but(seconds=self.duration_minutes * 60, running_since="")
        return checked(sheet.but(**changes))


class TimeGame(Model):
    """The game timer: ``start`` (or go on), ``pause``, or ``stop`` at the moment ``at``.

    The first start dates the play; stop dates its end; every pause and stop sets the
    duration to the minutes timed.
    """

    kind: Literal["timer"] = "timer"
    action: Literal["start", "pause", "stop"]
    at: Annotated[Moment, Field(min_length=1)]

    def words(self, who) -> str:
        """What this entry did, in words (``who`` names a player by number)."""
        clock = read_moment(self.at).strftime("%H:%M")
        return {"start": f"Game timer started at {clock}", "pause": f"Game timer paused at {clock}",
                "stop": f"Game timer stopped at {clock}"}[self.action]

    def apply_to(self, sheet: Sheet) -> Sheet:
        timer, played, running = sheet.timer, sheet.played, bool(sheet.timer.running_since)
        if self.action == "start":
            if running:
                raise EntryError("the game timer is already running")
            # going on after a stop: the game is not over after all
            played = played.but(started=played.started or self.at, finished="")
            return sheet.but(timer=timer.but(running_since=self.at), played=played)
        if not running and (self.action == "pause" or not played.started):
            raise EntryError(f"the game timer is not running ({clock_words(timer.seconds)} timed)")
        seconds = timer.timed(read_moment(self.at))
        changes = {"timer": timer.but(running_since="", seconds=seconds), "duration_minutes": minutes_of(seconds)}
        if self.action == "stop":
            changes["played"] = played.but(finished=max(self.at, played.started, key=read_moment))
        return checked(sheet.but(**changes))
