"""Keystrokes: a whole four-player game typed through Pilot, Home to Results, counting
every key pressed against the fewest keys the same sheet could take.

The sheet the script means to type is DATA (``TARGET``). Each screen has its own small
*typist*, an ``async`` function that turns that data into the keys of today's screen and
presses them through a ``Keyboard`` (which counts them). A screen that is redesigned
gets a new typist; nothing else here changes. Each screen also has a *minimum*, which
depends only on the data, never on the screen's design.

The minimum, key by key (it is what a typist needs who ends every value with one
separator key and changes screens with one key):

- a text (the title, a player's name, a Scholar's name): ``len(text) + 1``; an empty
  text (a Scholar without a name) is not typed: 0;
- a number (a count, a tile's Seals, a Scribe's Knowledge, a Scholar's Renown, the
  generation, the round, the empty spaces): ``len(str(value)) + 1``;
- a card (a Pinax tile, a Scribe, a Scholar) is always typed, 0 included (the card
  itself is in the sheet): its number, ``len(str(value)) + 1``; a Young Scribe adds one
  key for the flag (like the ``y`` of ``4y``); a named Scholar adds its name;
- a count left at its default in a table of counts (0 in Supplies and Renown; the
  generation left at 1) is not typed but costs one key, to step past its cell. The data
  never ends a table on a default, so no skipped cell is free;
- the phase is a choice among three: one key to pick it, one to confirm: 2;
- an Event: one key each;
- moving on: one key per screen, counted on the screen it leaves (Home's "New game",
  Setup's Start, then Game progress -> Pinax -> School -> Scholars -> Supplies ->
  Renown -> Results): 8 in all. The separator after a screen's last value is counted
  too, although a screen change that stores the value being typed could save it;
- what the data leaves at its default and that no table makes us step over is not in
  the minimum: players' colours, the Library grid (the game stays in quick-count Pinax
  mode), Scholars' empty names.

Keys pressed are every key handed to ``pilot.press`` (Enter, Tab, shift+Tab, PageDown,
ctrl keys and arrows included). After Results the sheet is saved and read back from its
file: when the file is not the sheet the script meant to type, the measure fails,
whatever the ratio.

Run alone for the per-screen breakdown:  .venv/bin/python -m benchmarks.keystrokes
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
import unicodedata
from typing import Awaitable, Callable

from textual import events
from textual.keys import _character_to_key, _get_unicode_name_from_key

SIZE = (120, 40)

# -- the sheet the script types ------------------------------------------------------------

# scribes: (Knowledge, Young); scholars: (Renown, name or ""); pinax: Seals of each
# quick-count tile; supplies and the counts of "Renown and tie-breaks" by field name.
TARGET: dict = {
    "title": "Keystroke night",
    "progress": {"generation": 3, "phase": "execution", "round": 2, "empty_spaces": 9, "events": 2},
    "players": [
        {"name": "Ana", "pinax": [4, 2, 0], "scribes": [(3, False), (5, True), (2, False)],
         "scholars": [(4, "Callimachus"), (6, ""), (2, "")],
         "supplies": {"kings_grace": 2, "research": 3, "crates_in_ships": 4, "crates_in_supply": 1,
                      "stones_in_supply": 1, "stones_in_royal_ships": 0},
         "renown": 52, "seals_removed": 5, "kings_requests": 3},
        {"name": "Ben", "pinax": [3, 1], "scribes": [(4, False), (4, False), (1, True), (6, False)],
         "scholars": [(5, ""), (3, "")],
         "supplies": {"kings_grace": 0, "research": 5, "crates_in_ships": 2, "crates_in_supply": 3,
                      "stones_in_supply": 0, "stones_in_royal_ships": 2},
         "renown": 61, "seals_removed": 4, "kings_requests": 0},
        {"name": "Chloe", "pinax": [4, 4, 3, 1], "scribes": [(2, True), (3, False)],
         "scholars": [(7, "Hypatia"), (1, ""), (3, ""), (2, "")],
         "supplies": {"kings_grace": 1, "research": 0, "crates_in_ships": 6, "crates_in_supply": 0,
                      "stones_in_supply": 2, "stones_in_royal_ships": 1},
         "renown": 47, "seals_removed": 6, "kings_requests": 2},
        {"name": "Dev", "pinax": [2, 0], "scribes": [(5, False), (2, False), (3, True)],
         "scholars": [(8, ""), (4, "")],
         "supplies": {"kings_grace": 3, "research": 2, "crates_in_ships": 0, "crates_in_supply": 5,
                      "stones_in_supply": 1, "stones_in_royal_ships": 1},
         "renown": 12, "seals_removed": 0, "kings_requests": 1},
    ],
}
SUPPLIES = ("kings_grace", "research", "crates_in_ships", "crates_in_supply", "stones_in_supply",
            "stones_in_royal_ships")
COUNTS = ("renown", "seals_removed", "kings_requests")


class ScriptError(Exception):
    """The script could not go on: the screen was not where the typist expected."""


def post_keys(app, *keys: str) -> None:
    """Send every key at once, with no wait between them (as a paste, a fast typist or
    tmux delivers them; Pilot's ``press`` waits after each key): Textual key names or
    single characters."""
    for key in keys:
        name = _character_to_key(key) if len(key) == 1 and not key.isalnum() else key
        try:  # the character a named key types ("space" types " "), as Pilot works it out
            char = unicodedata.lookup(_get_unicode_name_from_key(name))
        except KeyError:
            char = key if len(key) == 1 else None
        app.post_message(events.Key(name, char))


class Keyboard:
    """Presses keys through Pilot and counts them, per screen."""

    def __init__(self, pilot) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.screen = ""
        self.pressed: dict[str, int] = {}

    async def press(self, *keys: str) -> None:
        """Press these keys at once, as a fluent typist does (each one counts), and let
        the app handle them all."""
        self.pressed[self.screen] = self.pressed.get(self.screen, 0) + len(keys)
        post_keys(self.app, *keys)
        for _ in range(400):
            await self.pilot.pause()
            if self.app.keys_settled():  # scorepad's own: every key handled, in order
                return
        raise ScriptError("the app never finished handling the keys")

    async def type(self, text: str, *then: str) -> None:
        """Type a text character by character, then the keys in ``then``."""
        await self.press(*text, *then)

    async def tab_to(self, widget_id: str) -> None:
        """Move the focus to a widget with Tab or shift+Tab, whichever takes fewer
        presses, as a user who sees the screen would. (Not across a table of counts:
        there Tab moves from cell to cell.)"""
        screen = self.app.screen
        chain = screen.focus_chain
        target = next((w for w in chain if w.id == widget_id), None)
        if target is None:
            raise ScriptError(f"#{widget_id} cannot take the focus on {type(screen).__name__}")
        here = chain.index(self.app.focused) if self.app.focused in chain else -1
        forward = (chain.index(target) - here) % len(chain)
        backward = len(chain) - forward
        if forward <= backward:
            await self.press(*["tab"] * forward)
        else:
            await self.press(*["shift+tab"] * backward)
        if self.app.focused is not target:
            raise ScriptError(f"Tab did not reach #{widget_id}: the focus is on {self.focused_name()}")

    def focused_name(self) -> str:
        focused = self.app.focused
        if focused is None:
            return "nothing"
        return f"#{focused.id}" if focused.id else f"{type(focused).__name__} in #{focused.parent.id}"


# -- one typist per screen: the one-table screens (Setup's Enter goes field to field) ----------

def expect_focus(kb: Keyboard, widget_id: str, cursor: object = None) -> None:
    """Check that the screen is where the typist is about to type, as a user looks
    before typing: the focus on ``#widget_id`` (and a table's cursor on ``cursor``, a
    cell, or the field of Setup's form).
    Reads the screen, never moves anything."""
    focused = kb.app.focused
    if focused is None or focused.id != widget_id:
        raise ScriptError(f"the focus is on {kb.focused_name()}, not #{widget_id}")
    if cursor is not None and getattr(focused, "cursor", None) != cursor:
        raise ScriptError(f"#{widget_id} has its cursor on {getattr(focused, 'cursor', None)}, not {cursor}")


async def type_lines(kb: Keyboard, lines: list[str]) -> None:
    """A table read line after line (a row per player, or cell after cell): each line
    then Enter, an empty one is Enter alone. The lines after the last non-empty one are
    left, and the last is followed by PageDown directly (leaving the table stores it)."""
    while lines and not lines[-1]:
        lines = lines[:-1]
    for n, line in enumerate(lines):
        await kb.type(line, *(("enter",) if n < len(lines) - 1 else ()))
    await kb.press("pagedown")


async def type_home(kb: Keyboard, target: dict) -> None:
    """Home: "New game" is the highlighted choice of the menu."""
    await kb.press("enter")


async def type_setup(kb: Keyboard, target: dict) -> None:
    """Setup: Enter goes from text field to text field past the colours (title, then
    each name); ctrl+s starts the game from the last name typed."""
    expect_focus(kb, "form", "title")
    await kb.type(target["title"], "enter")
    names = [p["name"] for p in target["players"]]
    for n, name in enumerate(names):
        await kb.type(name, *(("enter",) if n < len(names) - 1 else ()))
    await kb.press("ctrl+s")


async def type_progress(kb: Keyboard, target: dict) -> None:
    """Game progress: the generation (a one-cell table, Enter stores and moves on; left
    at 1, Enter alone steps past it), the phase (left/right from Planning, where a
    generation begins, then Enter chooses and moves on), the round and the empty spaces
    (a table: value, Enter), the Events (ctrl+r, wherever the focus is), PageDown."""
    progress = target["progress"]
    phases = ("planning", "execution", "end_of_generation")
    expect_focus(kb, "generation", (0, 0))
    await kb.type(str(progress["generation"]) if progress["generation"] != 1 else "", "enter")
    expect_focus(kb, "phase")
    await kb.press(*["right"] * phases.index(progress["phase"]), "enter")
    expect_focus(kb, "counts", (0, 0))
    await kb.type(str(progress["round"]), "enter")
    await kb.type(str(progress["empty_spaces"]), "enter")
    await kb.press(*["ctrl+r"] * progress["events"])
    await kb.press("pagedown")


async def type_pinax(kb: Keyboard, target: dict) -> None:
    """Pinax: the quick-count table, a row per player: the player's tiles as ``4 2 0``,
    Enter to the next player."""
    expect_focus(kb, "quick", (0, 0))
    await type_lines(kb, [" ".join(str(seals) for seals in p["pinax"]) for p in target["players"]])


async def type_school(kb: Keyboard, target: dict) -> None:
    """School: a row per player, the Scribes as ``3 5y 2`` (y: Young), Enter to the next."""
    expect_focus(kb, "cards", (0, 0))
    await type_lines(kb, [" ".join(f"{k}{'y' if young else ''}" for k, young in p["scribes"])
                          for p in target["players"]])


def scholars_line(scholars: list[tuple[int, str]]) -> str:
    """A player's Scholars on one line: ``4 Callimachus 6 2`` (a number starts a card,
    the words after it name it); with commas (``4 Callimachus, 6, 2``) only when a name
    would not read back without them (a comma in it, or a word that is a number)."""
    plain = all("," not in name and not any(w.isdigit() for w in name.split()) for _, name in scholars)
    return (" " if plain else ", ").join(f"{renown} {name}".strip() for renown, name in scholars)


async def type_scholars(kb: Keyboard, target: dict) -> None:
    """Scholars: a row per player, the cards as ``4 Callimachus 6 2``, Enter to the next."""
    expect_focus(kb, "cards", (0, 0))
    await type_lines(kb, [scholars_line(p["scholars"]) for p in target["players"]])


async def type_count_table(kb: Keyboard, keys: tuple[str, ...], values: Callable[[str, int], int]) -> None:
    """A table of counts: each cell in turn (players across, rows down), a value then
    Enter, or Enter alone past a 0; the cells after the last non-zero one are left, and
    PageDown follows the last value. ``keys`` is the order of the rows the typist reads
    on screen (checked against the table, which is only read)."""
    expect_focus(kb, "counts", (0, 0))
    table = kb.app.focused
    shown = tuple(key for key, _ in table.rows)
    if shown != keys:
        raise ScriptError(f"the table's rows are {shown}, not {keys}")
    players = len(table.players)
    await type_lines(kb, [str(v) if v else "" for key in keys for v in (values(key, p) for p in range(players))])


async def type_supplies(kb: Keyboard, target: dict) -> None:
    """Supplies: a table of counts, in the order of its rows on screen."""
    await type_count_table(kb, SUPPLIES, lambda key, p: target["players"][p]["supplies"][key])


async def type_renown(kb: Keyboard, target: dict) -> None:
    """Renown in play and the tie-break counts: a table of counts."""
    await type_count_table(kb, COUNTS, lambda key, p: target["players"][p][key])


# -- the minimum, from the data only -------------------------------------------------------

def text_keys(text: str) -> int:
    return len(text) + 1 if text else 0


def number_keys(value: int) -> int:
    return len(str(value)) + 1


def count_keys(value: int, default: int = 0) -> int:
    """A count in a table: typed, or one key to step past its default."""
    return number_keys(value) if value != default else 1


MOVE_ON = 1  # one key per screen change


def min_home(target: dict) -> int:
    return MOVE_ON


def min_setup(target: dict) -> int:
    return text_keys(target["title"]) + sum(text_keys(p["name"]) for p in target["players"]) + MOVE_ON


def min_progress(target: dict) -> int:
    progress = target["progress"]
    return (count_keys(progress["generation"], default=1) + 2 + number_keys(progress["round"])
            + number_keys(progress["empty_spaces"]) + progress["events"] + MOVE_ON)


def min_pinax(target: dict) -> int:
    return sum(number_keys(seals) for p in target["players"] for seals in p["pinax"]) + MOVE_ON


def min_school(target: dict) -> int:
    return sum(number_keys(k) + young for p in target["players"] for k, young in p["scribes"]) + MOVE_ON


def min_scholars(target: dict) -> int:
    return sum(number_keys(r) + text_keys(name) for p in target["players"] for r, name in p["scholars"]) + MOVE_ON


def min_supplies(target: dict) -> int:
    return sum(count_keys(p["supplies"][key]) for p in target["players"] for key in SUPPLIES) + MOVE_ON


def min_renown(target: dict) -> int:
    return sum(count_keys(p[key]) for p in target["players"] for key in COUNTS) + MOVE_ON


Typist = Callable[[Keyboard, dict], Awaitable[None]]

# (screen, its typist, its minimum, where the app must be once the typist is done)
SCREENS: tuple[tuple[str, Typist, Callable[[dict], int], str], ...] = (
    ("Home", type_home, min_home, "setup"),
    ("Setup", type_setup, min_setup, "progress"),
    ("Game progress", type_progress, min_progress, "pinax"),
    ("Pinax", type_pinax, min_pinax, "school"),
    ("School", type_school, min_school, "scholars"),
    ("Scholars", type_scholars, min_scholars, "supplies"),
    ("Supplies", type_supplies, min_supplies, "renown"),
    ("Renown and tie-breaks", type_renown, min_renown, "results"),
)


def minimum(target: dict = TARGET) -> dict[str, int]:
    """The fewest keys per screen for this sheet (see the module's docstring)."""
    return {name: least(target) for name, _, least, _ in SCREENS}


# -- the file against the target -----------------------------------------------------------

def expected(target: dict) -> dict:
    """What the saved sheet must hold, in the shape ``found`` reads it."""
    return {
        "title": target["title"],
        "progress": dict(target["progress"]),
        "players": [{
            "name": p["name"], "renown": p["renown"], "pinax": list(p["pinax"]),
            "scribes": [tuple(s) for s in p["scribes"]], "scholars": [tuple(s) for s in p["scholars"]],
            "supplies": {key: p["supplies"][key] for key in SUPPLIES},
            "seals_removed": p["seals_removed"], "kings_requests": p["kings_requests"],
        } for p in target["players"]],
    }


def found(sheet) -> dict:
    """The same fields read from a saved sheet (a pattern tile shows as ``"pattern"``)."""
    from scorepad.rules.endgame import end_status

    end = end_status(sheet)
    return {
        "title": sheet.title,
        "progress": {"generation": end.generation, "phase": end.phase, "round": end.round,
                     "empty_spaces": end.empty_spaces, "events": end.events},
        "players": [{
            "name": p.name, "renown": p.renown,
            "pinax": [t.seals if t.seals is not None else "pattern" for t in p.pinax],
            "scribes": [(s.knowledge, s.young) for s in p.scribes],
            "scholars": [(s.renown, s.name) for s in p.scholars],
            "supplies": {key: getattr(p.supplies, key) for key in SUPPLIES},
            "seals_removed": p.seals_removed, "kings_requests": p.kings_requests,
        } for p in sheet.players],
    }


def differences(want: dict, got: dict, where: str = "") -> list[str]:
    """Every place where ``got`` is not ``want``: ``players[1].scribes: ... != ...``."""
    if isinstance(want, dict) and isinstance(got, dict) and want.keys() == got.keys():
        return [d for key in want for d in differences(want[key], got[key], f"{where}.{key}".lstrip("."))]
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got) and where == "players":
        return [d for i, (w, g) in enumerate(zip(want, got)) for d in differences(w, g, f"{where}[{i}]")]
    return [] if want == got else [f"{where}: wanted {want!r}, the file has {got!r}"]


# -- the run -------------------------------------------------------------------------------

async def _type_game(target: dict, outcome: dict) -> None:
    from scorepad.storage.files import read_sheet
    from scorepad.tui.app import ScorepadApp

    app = ScorepadApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        kb = Keyboard(pilot)
        outcome["pressed"] = kb.pressed
        for name, typist, _, then in SCREENS:
            kb.screen = name
            kb.pressed[name] = 0
            try:
                await typist(kb, target)
            except Exception as err:  # a screen redesigned under its typist, say: a failed line
                outcome["failure"] = f"{name}: {err if isinstance(err, ScriptError) else repr(err)}"
                break
            now = app.current_game_screen() or ("setup" if "Setup" in type(app.screen).__name__ else
                                                type(app.screen).__name__)
            if now != then:
                outcome["failure"] = f"{name}: the keys left the app on {now}, not {then}"
                break
        if app.session is None:
            outcome["failure"] = outcome["failure"] or "no game was started"
            return
        path = app.session.path
        app.session.close()  # the journal folded into the file: the file itself is compared
        outcome["differences"] = differences(expected(target), found(read_sheet(path).sheet))


def keystrokes(target: dict = TARGET) -> dict:
    """Type the game once (keys are counted, not timed) with SCOREPAD_HOME in a
    temporary folder. Returns keys pressed and the minimum, in all and per screen, the
    differences between the saved file and the target, and a failure, if any."""
    outcome: dict = {"pressed": {}, "failure": None, "differences": []}
    before = os.environ.get("SCOREPAD_HOME")
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as home:
            os.environ["SCOREPAD_HOME"] = home
            asyncio.run(_type_game(target, outcome))
    except Exception as err:  # the app itself stopped
        outcome["failure"] = f"{outcome['failure'] or 'the app'}: {err!r}"
    finally:
        if before is None:
            os.environ.pop("SCOREPAD_HOME", None)
        else:
            os.environ["SCOREPAD_HOME"] = before
    least = minimum(target)
    outcome.update(keys=sum(outcome["pressed"].values()), minimum=sum(least.values()),
                   per_screen={name: (outcome["pressed"].get(name, 0), least[name]) for name in least},
                   seconds=time.perf_counter() - started)
    return outcome


def breakdown(outcome: dict) -> str:
    """Keys vs minimum per screen, one line."""
    return ", ".join(f"{name} {keys}/{least}" for name, (keys, least) in outcome["per_screen"].items())


def main() -> int:
    outcome = keystrokes()
    print("| screen | keys | minimum | ratio |\n|---|---|---|---|")
    for name, (keys, least) in outcome["per_screen"].items():
        print(f"| {name} | {keys} | {least} | {keys / least:.2f}x |")
    print(f"| all | {outcome['keys']} | {outcome['minimum']} | {outcome['keys'] / outcome['minimum']:.2f}x |")
    print(f"\n({outcome['seconds']:.1f} s)")
    if outcome["failure"]:
        print(f"SCRIPT FAILED at {outcome['failure']}")
    for line in outcome["differences"]:
        print(f"WRONG FILE: {line}")
    return 0 if not outcome["failure"] and not outcome["differences"] else 1


if __name__ == "__main__":
    sys.exit(main())
