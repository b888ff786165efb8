"""The record of the play in words, both ways: what a person types (``2026-11-27 19:05``,
``2:22``) as stored values, and stored values as a person reads them."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from .models import Sheet
from .play_record import MAX_MINUTES, Played, check_moment, read_moment


def duration_words(minutes: int) -> str:
    """``2 h 05 min``, ``45 min``."""
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min" if hours else f"{rest} min"


def clock_words(seconds: int) -> str:
    """A running clock: ``1:02:03``."""
    minutes, secs = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


AHEAD = timedelta(hours=1)  # a time typed a little ahead (rounded up, another clock) is no typo
ROUNDING = 1  # minutes: the timer's duration is rounded to the nearest minute
TYPED_DURATION = re.compile(r"^(?:(\d{1,4})\s*(?:h|:)\s*)?(?:(\d{1,6})\s*(?:min|m)?)?$")


def moment_text(stored: str) -> str:
    """A stored moment as a person types it: ``2026-11-27 19:05``, the wall time of the
    table that recorded it ("" when not recorded)."""
    when = read_moment(stored)
    return when.strftime("%Y-%m-%d %H:%M") if when else ""


def typed_moment(text: str) -> str:
    """What a person typed (``2026-11-27 19:05``, a bare date, or ISO 8601 with an
    offset) as a stored moment; a time without an offset is this machine's local time.
    "" for nothing typed; ValueError saying what is expected otherwise."""
    text = " ".join(text.split())
    if not text:
        return ""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f'"{text[:30]}" is not a date and time: type 2026-11-27 19:05') from None
    try:
        if when.tzinfo is None:
            when = when.astimezone()  # the laptop beside the board keeps the table's time
        return check_moment(when.isoformat(timespec="seconds"))
    except (ValueError, OverflowError):  # past the calendar's ends once made UTC ("year 0")
        raise ValueError(f'"{text[:30]}" is out of the dates a record takes: '
                         "type a date from 0002-01-01 to 9998-12-31") from None


def unlikely_change(before: tuple[Played, int], after: tuple[Played, int], now: datetime) -> str:
    """Why a change to the record of the play (its times and duration, ``before`` and
    ``after``) makes one that cannot be true, in words, every reason ("" for none): a time it
    sets more than an hour after ``now``, or a duration longer than Started to Finished
    by more than it was. A duration typed before the timer ran is longer than the span it
    timed, and stays so (the timer goes on from it): a later change is asked about only
    when it makes that worse. The rules leave the record free (old files keep what they
    hold); the form asks before storing."""
    (was, _), (played, minutes) = before, after
    doubts = [f"{name} is in the future ({moment_text(new)}): a typo?"
              for name, old, new in (("Started", was.started, played.started),
                                     ("Finished", was.finished, played.finished))
              if new and new != old and read_moment(new) > now + AHEAD]
    if overrun(*after) > max(overrun(*before), 0) + ROUNDING:
        doubts.append(f"A duration of {duration_words(minutes)} is longer than Started to Finished "
                      f"({duration_words(span_minutes(played))}).")
    return " ".join(doubts)  # each said: the first alone let the next be kept unasked


def span_minutes(played: Played) -> int:
    """The minutes from Started to Finished as the form shows them (to the minute: a
    timer's seconds, hidden there, made 19:00 to 20:00 read as 59 minutes)."""
    started, finished = (read_moment(moment).replace(second=0) for moment in (played.started, played.finished))
    return int((finished - started).total_seconds()) // 60


def overrun(played: Played, minutes: int) -> int:
    """The minutes a duration runs past Started to Finished (0 without both times)."""
    return minutes - span_minutes(played) if minutes and played.started and played.finished else 0


def typed_minutes(text: str) -> int:
    """A typed duration in minutes: ``142``, ``2:22``, ``2h22``, ``2 h 22 min``, ``45 min``
    ("" is 0); ValueError saying what is expected otherwise."""
    found = TYPED_DURATION.match(text.strip().lower())
    if not found:
        raise ValueError(f'"{text.strip()[:20]}" is not a duration: type minutes (142) or hours:minutes (2:22)')
    hours, minutes = (int(part or 0) for part in found.groups())
    if hours and minutes >= 60:
        raise ValueError("after the hours, minutes are 0 to 59")
    total = hours * 60 + minutes
    if total > MAX_MINUTES:
        raise ValueError(f"at most {MAX_MINUTES} minutes: a typo?")
    return total


def played_words(played: Played) -> str:
    """When the game was played: ``2026-11-27 19:05 to 21:40`` (the end's date only when
    it is another day; ``?`` for a time not recorded), "" when neither is."""
    started, finished = moment_text(played.started), moment_text(played.finished)
    if not (started or finished):
        return ""
    same_day = started[:10] == finished[:10]
    return f"{started or '?'} to {finished[11:] if same_day else finished or '?'}"


def record_words(sheet: Sheet) -> str:
    """The record in one line: ``Played 2026-11-27 19:05 to 21:40 · 2 h 22 min · at Ana's ·
    Ben started`` ("" when nothing is recorded). Notes are not in it: they are the
    table's own words, shown apart."""
    parts = [f"Played {span}"] if (span := played_words(sheet.played)) else []
    if sheet.duration_minutes:
        parts.append(duration_words(sheet.duration_minutes))
    if sheet.location:
        parts.append(f"at {sheet.location}")
    if sheet.start_player:
        parts.append(f"{sheet.start_player} started")
    return " · ".join(parts)
