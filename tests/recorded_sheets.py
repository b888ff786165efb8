"""Sheets with every part of the record of the play, for the exports' round trips: names
and texts with what could break a format (accents, CJK, "|", quotes, commas, line
breaks), ties, solo games, colours, start players, moments at any UTC offset."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import assume
from hypothesis import strategies as st

from scorepad.rules.models import Player, Sheet
from scorepad.rules.names import name_key

LETTERS = "AaBbÉéøßŁ王小明 |,;\"'-:\t"
TEXT = LETTERS + "\n\r#*"  # notes: line breaks are theirs
LINE = LETTERS.replace("\t", "") + "#*"  # a title or a location is one line: drawn with line breaks, most sheets
# were refused, and hypothesis's health check failed the test now and then (CI)

names = st.text(LETTERS, min_size=1, max_size=12).map(lambda n: " ".join(n.split())).filter(bool)
moments = st.builds(
    lambda when, minutes: when.replace(tzinfo=timezone(timedelta(minutes=minutes))).isoformat(timespec="seconds"),
    st.datetimes(datetime(2000, 1, 1), datetime(2099, 12, 31)), st.integers(-12 * 60, 14 * 60).map(lambda m: m - m % 15))


@st.composite
def recorded_sheets(draw) -> Sheet:
    """A valid sheet of 1-4 players with a random record of the play."""
    seated = draw(st.lists(names, min_size=1, max_size=4, unique_by=name_key))
    players = tuple(Player(name=name, colour=draw(st.sampled_from(["", "red", "blue", " green\n"])),
                           renown=draw(st.integers(0, 12)), seals_removed=draw(st.integers(0, 2)),
                           kings_requests=draw(st.integers(0, 1)))
                    for name in seated)
    started = draw(st.one_of(st.just(""), moments))
    try:
        return Sheet(players=players, title=draw(st.text(LINE, max_size=20)),
                     id=draw(st.uuids(version=4).map(str)), played={"started": started},
                     location=draw(st.text(LINE, max_size=20)), notes=draw(st.text(TEXT, max_size=40)),
                     duration_minutes=draw(st.integers(0, 9999)),
                     start_player=draw(st.sampled_from(["", *seated])), finished=draw(st.booleans()))
    except ValueError:  # a rule the sheet enforces (two names one only once normalised, say)
        assume(False)
        raise
