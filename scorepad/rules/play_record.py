"""The record of the play: its id, when it was played, where, who started, notes, how
long, and the game timer that measures it (DESIGN, "The record of the play").

None of it changes a score. Times are ISO 8601 with the table's UTC offset
(``2026-11-27T19:05:00+01:00``): the local time of the game night, which is what a play
log asks for, and an exact instant too.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated

from pydantic import Field, StrictInt, model_validator
from pydantic.functional_validators import AfterValidator

from .model_base import Model
from .names import nfc, printable, printable_notes

MAX_MINUTES = 9_999  # a week of play is a typo, not a game
MAX_NOTES = 2_000


def read_moment(text: str) -> datetime | None:
    """The instant a stored moment names, None for "" (not recorded)."""
    return datetime.fromisoformat(text) if text else None


def check_moment(text: str) -> str:
    if not text:
        return text
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError("a time is written as 2026-11-27T19:05:00+01:00 (ISO 8601)") from None
    if when.tzinfo is None:
        raise ValueError("a time needs its UTC offset, as 2026-11-27T19:05:00+01:00")
    return when.isoformat(timespec="seconds")


def _check_id(text: str) -> str:
    if not text:
        return text
    try:
        return str(uuid.UUID(text))
    except ValueError:
        raise ValueError("a sheet's id is a uuid, as 0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0b1f") from None


Moment = Annotated[str, Field(max_length=40), AfterValidator(check_moment)]
PlayId = Annotated[str, Field(max_length=40), AfterValidator(_check_id)]
Location = Annotated[str, Field(max_length=80), AfterValidator(nfc), AfterValidator(printable)]
Notes = Annotated[str, Field(max_length=MAX_NOTES), AfterValidator(nfc), AfterValidator(printable_notes)]
Minutes = Annotated[StrictInt, Field(ge=0, le=MAX_MINUTES)]


def now_moment() -> str:
    """Now, as a stored moment in this machine's local time."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def new_play_id() -> str:
    """A new sheet's id: random, so two games never share one."""
    return str(uuid.uuid4())


class Played(Model):
    """When the game was played: started and finished ("" when not recorded)."""

    started: Moment = ""
    finished: Moment = ""

    @model_validator(mode="after")
    def _in_order(self) -> Played:
        if self.started and self.finished and read_moment(self.finished) < read_moment(self.started):
            raise ValueError("a game cannot finish before it started")
        return self


class GameTimer(Model):
    """The table's game timer: the seconds timed so far, and since when it is running
    ("" while paused or stopped)."""

    running_since: Moment = ""
    seconds: Annotated[StrictInt, Field(ge=0, le=MAX_MINUTES * 60)] = 0

    def timed(self, now: datetime) -> int:
        """The seconds timed up to ``now`` (a clock set back adds nothing)."""
        since = read_moment(self.running_since)
        extra = max(0, int((now - since).total_seconds())) if since else 0
        return min(self.seconds + extra, MAX_MINUTES * 60)


def minutes_of(seconds: int) -> int:
    """Whole minutes, to the nearest."""
    return (seconds + 30) // 60
