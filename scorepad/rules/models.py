"""The scoresheet's state as immutable pydantic models (format 1 field names).

Field names are a public contract (the README's file format). Every number is a strict whole
number: ``3.0``, ``"3"`` and ``true`` are rejected, never coerced ("Input" in docs/rules.md).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator, model_validator,
)
from pydantic.functional_validators import AfterValidator

from .library import LibraryGrid, parse_rows
from .model_base import Model as Model  # the base of every model and entry
from .play_record import GameTimer, Location, Minutes, Notes, PlayId, Played
from .names import MAX_NAME as MAX_NAME  # the setup form's limit too
from .names import check_typed_names, clean_name, name_key, nfc, printable

#: Upper bound that only catches typos such as 999; far above any real game.
MAX_COUNT = 500
MAX_SCHOLAR_NAME = 60  # a name as a card prints it, with room to spare
MAX_PLAYERS = 4
# Pinax tiles, Scribes or Scholars of one player: no entry adds more (a line typed in the
# app holds at most this many); a file with more is damaged or hostile (100,000 quick
# tiles opened, and every screen took seconds)
MAX_CARDS = 50

Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
SealCount = Annotated[StrictInt, Field(ge=0, le=4)]
Cell = tuple[Annotated[StrictInt, Field(ge=0, le=63)], Annotated[StrictInt, Field(ge=0, le=63)]]


PlayerName = Annotated[str, Field(strict=True), AfterValidator(clean_name)]
Title = Annotated[str, Field(max_length=80), AfterValidator(nfc), AfterValidator(printable)]
Colour = Annotated[str, Field(max_length=20), AfterValidator(printable)]  # a label, typed or read
StartPlayer = Annotated[str, Field(max_length=MAX_NAME), AfterValidator(printable)]


class PinaxTile(Model):
    """One Pinax tile: a quick ``seals`` count (S1) or a ``pattern`` of cells (S1-S6)."""

    seals: SealCount | None = None
    pattern: tuple[Cell, ...] | None = None

    @model_validator(mode="after")
    def _one_mode(self) -> PinaxTile:
        if (self.seals is None) == (self.pattern is None):
            raise ValueError('a Pinax tile has either "seals" (0-4) or "pattern", not both or neither')
        if self.pattern is not None:
            if not 1 <= len(self.pattern) <= 4:
                raise ValueError(f"a Pinax pattern has 1 to 4 cells, not {len(self.pattern)}")
            if len(set(self.pattern)) != len(self.pattern):
                raise ValueError("a Pinax pattern lists the same cell twice")
        return self


class Scribe(Model):
    """A Scribe in the School (S7). A Young Scribe counts at its printed value (M3)."""

    knowledge: Count = 0
    young: StrictBool = False


class Scholar(Model):
    """An invited Scholar card in the Workshop, with the Renown on its back (S8)."""

    renown: Count = 0
    name: Annotated[str, Field(max_length=MAX_SCHOLAR_NAME), AfterValidator(printable)] = ""


class Supplies(Model):
    """The six counts that S9 scores."""

    kings_grace: Count = 0
    research: Count = 0
    crates_in_ships: Count = 0
    crates_in_supply: Count = 0
    stones_in_supply: Count = 0
    stones_in_royal_ships: Count = 0


class Player(Model):
    """One player's end-game state: everything S1-S10 and T2-T4 need."""

    name: PlayerName
    colour: Colour = ""
    renown: Count = 0
    pinax: tuple[PinaxTile, ...] = Field(default=(), max_length=MAX_CARDS)
    scribes: tuple[Scribe, ...] = Field(default=(), max_length=MAX_CARDS)
    scholars: tuple[Scholar, ...] = Field(default=(), max_length=MAX_CARDS)
    supplies: Supplies = Supplies()
    seals_removed: Count = 0
    kings_requests: Count = 0


class Library(Model):
    """The Library as rows of space-separated tokens; see ``library.py``."""

    rows: tuple[str, ...] = Field(min_length=1, max_length=64)
    # E1b, E3: the grid's count has its place in the game: how many timeline marks there
    # were when its empty spaces fell to two or fewer (None while more are empty)
    low_from: Annotated[StrictInt, Field(ge=0)] | None = None

    @field_validator("rows")
    @classmethod
    def _parse(cls, rows: tuple[str, ...]) -> tuple[str, ...]:
        parse_rows(rows)  # raises a ValueError naming the row and cell
        return rows

    @property
    def grid(self) -> LibraryGrid:
        """The parsed grid (cached by rows)."""
        return parse_rows(self.rows)


Phase = Literal["planning", "execution", "end_of_generation"]


class PhaseMark(Model):
    """A new phase began (generation counts from 1)."""

    kind: Literal["phase"] = "phase"
    phase: Phase
    generation: Annotated[StrictInt, Field(ge=1, le=99)] = 1


class RoundMark(Model):
    """A new round of the current phase began."""

    kind: Literal["round"] = "round"
    round: Annotated[StrictInt, Field(ge=1, le=99)]


class EventMark(Model):
    """An Event was triggered (E1a)."""

    kind: Literal["event"] = "event"


class EmptySpacesMark(Model):
    """The table counted the empty Library spaces (E1b, E2)."""

    kind: Literal["empty_spaces"] = "empty_spaces"
    count: Count


TimelineMark = Annotated[
    PhaseMark | RoundMark | EventMark | EmptySpacesMark, Field(discriminator="kind")
]


class Sheet(Model):
    """A whole scoresheet's state: title, 1-4 players, optional Library, timeline, and the
    record of the play (``play_record``; none of it changes a score)."""

    title: Title = ""
    players: tuple[Player, ...] = Field(min_length=1, max_length=MAX_PLAYERS)
    library: Library | None = None
    timeline: tuple[TimelineMark, ...] = ()
    id: PlayId = ""
    played: Played = Played()
    location: Location = ""
    duration_minutes: Minutes = 0
    start_player: StartPlayer = ""
    notes: Notes = ""
    finished: StrictBool = False
    timer: GameTimer = GameTimer()

    @model_validator(mode="before")
    @classmethod
    def _names_as_typed(cls, data: Any) -> Any:
        # before validation: once stored, "Chloé" no longer shows how it was typed
        if isinstance(data, dict):
            check_typed_names(data.get("players"))
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Sheet:
        check_sheet(self)
        return self


def check_sheet(sheet: Sheet) -> None:
    """Raise ValueError if names repeat, the start player is not a player, or a Library
    Seal names a missing player."""
    seen: dict[str, str] = {}
    for player in sheet.players:
        key = name_key(player.name)
        if key in seen:
            raise ValueError(f'two players are named "{player.name}": names must differ')
        # equivalent: only the keys of ``seen`` are read (``key in seen``), never the value
        seen[key] = player.name  # pragma: no mutate
    if sheet.start_player and sheet.start_player not in (player.name for player in sheet.players):
        raise ValueError(f'the start player "{sheet.start_player}" is not one of the players')
    if sheet.library is not None:
        highest = sheet.library.grid.highest_seal
        if highest > len(sheet.players):
            raise ValueError(
                f"the Library has a Seal of player {highest}, "
                f"but the sheet has {len(sheet.players)} player(s)"
            )
