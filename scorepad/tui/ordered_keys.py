"""Keys handled one at a time, in the order they were typed, however fast they come.

Textual hands every key to the widget focused *when the key is read*, and runs a
widget's key bindings only once the key has bubbled up to the App. Keys that arrive
together (a paste, a fast typist, a laptop busy for 50 ms, tmux sending a whole line)
are therefore read before the first of them has moved the focus or committed a cell:
``Ana<Tab>Ben`` typed into a title field gave the title ``AnaBen``, and ``5 Enter 6``
in a count table stored 56. (Textual knows: issue 6605 upstream.)

Here the App keeps the keys it reads in a queue and passes the next one on only when
everything the last one started has finished: every message queue empty, no pending
callback, no screen being built. Then the next key goes to whatever has the focus now,
exactly as if the typist had waited.

A terminal's paste is one event holding the text. A table (``pastes_as_keys``) takes it
as the keys that type it, fed in turn like the others, and only while it has the focus:
none took the event, and a paste into a table was dropped without a word.
"""

from __future__ import annotations

import asyncio
from collections import deque
from contextlib import contextmanager
from time import monotonic

from textual import events
from textual.keys import _character_to_key  # how Textual names a typed character's key
from textual.screen import Screen
from textual.widget import Widget

from .screens.halted_runs import NOT_USED, holds

# A question that comes up on its own (``asked_at`` on its screen: someone else saved
# the sheet, a save failed) takes no key of a run of keys (each within GUARD_PAUSE of
# the one before) that began before it had been up GUARD_SETTLE: a typist who has not
# seen it yet must not answer it, nor type a path into it. A run begun after that is
# the typist's answer, however fast it comes. A question asked by a key (``prompted_at``:
# Esc on a form) takes no key of the run that key was in.
GUARD_SETTLE = 0.6
GUARD_PAUSE = 0.3

# A key never waits longer than this for the app to settle (a running animation keeps
# some queue busy): better a key on time than a frozen keyboard. While a screen or a
# widget is still being built, though, it waits for it up to LONGEST_BUILD: a key let go
# early went to the screen below (a loaded machine took over a second to build the play
# record, and the date typed for it was lost).
LONGEST_WAIT = 1.0
LONGEST_BUILD = 10.0

# A paste into a table longer than this is typed not at all (each key waits for the one
# before: a page of text would hold the keyboard for minutes); the longest a game needs,
# every cell of a four-player sheet, is a few hundred characters
LONGEST_PASTE = 4000

SHOWN = {"enter": "⏎", "tab": "⇥"}  # a paste's keys left out, as a message quotes them
QUOTED = 30  # characters of them quoted at most


def pasted_key(key: str, character: str | None, into) -> events.Key:
    """A key of a paste: typed into the table it was pasted into (``into``), and only
    there; marked ``pasted``, so a character is typed as itself even where a key of that
    name does something else (``?``, the help key, in a Scholar's name). A Key itself,
    not a subclass: Textual names a message's handler after its class."""
    made = events.Key(key, character)
    made.pasted, made.into = True, into
    return made


LINE_BREAKS = "\r\n\x85\u2028\u2029"  # a word processor's line and paragraph separators too


def typed_keys(text: str, into) -> list[events.Key]:
    """The keys that type ``text`` into the widget ``into``: a line break is an Enter, a
    tab a Tab, any other space a space (a copied page's no-break space kept ``6 7`` from
    becoming 67); any other control character types nothing."""
    keys = []
    for character in text.replace("\r\n", "\n"):
        if character in LINE_BREAKS:
            keys.append(pasted_key("enter", "\r", into))
        elif character == "\t":
            keys.append(pasted_key("tab", "\t", into))
        elif character.isspace() and character >= " ":  # the spaces, not the controls below them
            keys.append(pasted_key("space", " ", into))
        elif character.isprintable():
            keys.append(pasted_key(_character_to_key(character), character, into))
    if keys:
        keys[0].opens_paste = True  # where a paste began (a grid's rows start at its column)
    return keys


def not_typed(keys: list[events.Key]) -> str:
    """The text of a paste's keys left out, quoted as it would be typed: a line break
    as ⏎, a tab as ⇥; a long one cut to its first ``QUOTED`` characters."""
    text = "".join(SHOWN.get(key.key, key.character or "") for key in keys)
    return f"“{text[:QUOTED - 1]}…”" if len(text) > QUOTED else f"“{text}”"


def takes_pastes(widget) -> bool:
    """Whether ``widget`` handles a paste itself (an Input, Setup's form, the play record's
    fields): a widget that does not drops it, and the user would never know."""
    return widget is not None and any(hasattr(type(widget), name) for name in ("on_paste", "_on_paste"))


class OrderedKeys:
    """The App's part that feeds keys one at a time (mixed into the App)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._waiting_keys: deque[tuple[float, events.Event]] = deque()  # (when read, key)
        self._last_read = 0.0  # when the key before the one being handled was read
        self._run_began = 0.0  # when the first key of the run it belongs to was read
        # a run a table halted (``screens.halted_runs``): when the key that did was read,
        # and its message, till said
        self._halted: tuple[float, object | None] = (float("-inf"), None)
        self._key_feeder: asyncio.Task | None = None
        self._holds = 0

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and event.key == "ctrl+j" and not event.is_forwarded:
            # a line feed is an Enter typed before the terminal was put in raw mode (its
            # line discipline turned the carriage return into one): no key of ours is Ctrl+J
            event = events.Key("enter", "\r")
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            feeding = self._key_feeder is not None and not self._key_feeder.done()
            if not feeding and not self._waiting_keys and self._quiet(handling=True):
                await self._handle_key(monotonic(), event)  # nothing before it: no queue to wait in
                return
            self._waiting_keys.append((monotonic(), event))
            if not feeding:
                self._key_feeder = asyncio.create_task(self._feed_keys())
            return
        await super().on_event(event)

    async def _feed_keys(self) -> None:
        while self._waiting_keys:
            await self._until_settled()
            if self._exit or self._closing:
                break  # quitting: keys typed after Ctrl+Q go nowhere
            if not await self._handle_key(*self._waiting_keys.popleft()):
                break
        self._waiting_keys.clear()

    async def _handle_key(self, read: float, event: events.Event) -> bool:
        """Pass one key on to Textual; False if its handler failed (the App reports it).
        A paste into a table is put first in the queue as the keys that type it."""
        if isinstance(event, events.Paste) and not takes_pastes(self.focused):
            if getattr(self.focused, "pastes_as_keys", False):
                self._type_paste(read, event.text)
            else:
                self.notify("Nothing here takes a paste: paste into a table or a field.", severity="warning")
            return True
        if getattr(event, "pasted", False) and self.focused is not event.into:
            self._drop_paste(event.into, "where the focus left the table it went into", event)
            return True
        if read - self._last_read >= GUARD_PAUSE:
            self._run_began = read  # a pause: a new run of keys
        self._last_read = read
        asked = getattr(self.screen, "asked_at", None)
        if asked is not None and self._run_began < asked + GUARD_SETTLE:
            self.screen.note_unused()
            return True  # typed for the screen below, not yet for this question: no answer
        if self._run_began <= getattr(self.screen, "prompted_at", float("-inf")):
            self.screen.note_not_taken()  # typed on after the key that asked it: no answer
            return True
        if self._run_began <= self._halted[0] and holds(event):
            self._say_halted()  # typed on after a table's end, on whatever screen the run reached
            return True
        try:
            await super().on_event(event)
        except Exception as error:  # as a handler's error would be: the App reports it and exits
            self._handle_exception(error)
            return False
        return True

    def _type_paste(self, read: float, text: str) -> None:
        """Queue the keys that type ``text``, before any key read after it."""
        if len(text) > LONGEST_PASTE:
            self.notify(f"A paste of {len(text):,} characters is more than a table takes (at most "
                        f"{LONGEST_PASTE:,}): nothing of it was typed.", severity="warning")
            return
        self._waiting_keys.extendleft((read, key) for key in reversed(typed_keys(text, self.focused)))
        if self._key_feeder is None or self._key_feeder.done():  # pasted with no key waiting
            self._key_feeder = asyncio.create_task(self._feed_keys())

    def _drop_paste(self, into, where: str, first: events.Key | None = None) -> None:
        """The paste into ``into`` would run past it: the rest of it is not typed (from
        ``first``, a key of it already left out), where it could record a phase or an
        Event, or go round a table over what it stored. Said, quoting what was left out
        (a count of keys was no help: which values were they?)."""
        left = [(read, key) for read, key in self._waiting_keys if getattr(key, "into", None) is into]
        for waiting in left:
            self._waiting_keys.remove(waiting)
        dropped = ([first] if first is not None else []) + [key for _, key in left]
        if dropped:
            self.notify(f"The paste stopped {where}: {not_typed(dropped)} was not typed.", severity="warning")

    def on_cursor_grid_run_halted(self, message) -> None:
        """A table halted its run of keys (``screens.halted_runs``): no key of that run
        that types is taken after the one that halted it, the key being handled, read at
        ``_last_read`` (not when this message came: a key read after a pause, while a
        slow store went on, is a new run), on this screen or the next (PageDown is no
        key that types: ``2 2`` Tab PageDown ``9`` Enter typed the 9 over School's)."""
        self._halted = (self._last_read, message)

    def free_run(self) -> None:
        """An undo or a redo, the typist's own correction: the keys after it are typed
        (held, ``9`` Enter ``5`` Ctrl+Z ``8`` Enter lost the 8, the undo's note over the
        refusal's)."""
        self._halted = (float("-inf"), None)

    def _say_halted(self) -> None:
        """Say, once a halt, that keys were held: on a game screen's heading (or under
        the grid that refused a key), else in a toast."""
        read, message = self._halted
        if message is None:
            return
        self._halted = (read, None)
        say = getattr(self.screen, "say_halted", None)
        if say is not None:
            say(message)
        else:
            self.notify(message.words or NOT_USED, severity="warning")

    def on_cursor_grid_paste_stopped(self, message) -> None:
        """A table took the last of a paste's keys it should (its end, a value refused):
        the rest is not typed."""
        self._drop_paste(message.grid, message.where)

    async def _until_settled(self) -> None:
        began = monotonic()
        spins = 0
        # what is being built is asked only after LONGEST_WAIT: the registry walked once
        # per spin is the common case's cost otherwise
        while not self._quiet() and (monotonic() < began + LONGEST_WAIT or
                                     (monotonic() < began + LONGEST_BUILD and self._building())):
            spins += 1
            await asyncio.sleep(0 if spins < 50 else 0.001)

    def _quiet(self, handling: bool = False) -> bool:
        """Whether nothing is left to do from the keys handled so far: every running
        message pump is parked waiting for its next message, with none queued (the App
        itself is busy with the key when ``handling``; its queue must still be empty)."""
        if self._holds:
            return False
        if handling and (self._message_queue.values or self._next_callbacks):
            return False
        for pump in (self, *self._registry) if not handling else self._registry:
            if pump._closing or pump._closed:
                continue  # ended: it has nothing in hand
            queue = pump._message_queue
            if not pump._running:
                if pump._task is not None or queue.values:
                    return False  # about to start: it will compose and mount first
                continue
            if queue.values or not queue.ready_event._waiters or pump._next_callbacks:
                return False  # a message waiting, or one being handled
            if isinstance(pump, Screen) and pump._callbacks and pump.is_active:
                return False  # work due after the next refresh (a screen under another,
                # a dialog say, keeps its own until it is on top again: waiting for them
                # held every key typed into the dialog for a second)
        return True

    def _building(self) -> bool:
        """Whether a screen or a widget is still being composed and mounted (work that
        ends, however long a busy machine takes over it)."""
        return any(isinstance(pump, Widget) and not pump.is_mounted and not pump._closing
                   for pump in self._registry)

    def keys_settled(self) -> bool:
        """Whether every key read so far has been handled, and all it started is done.
        The key being handled is out of the queue and in no message pump's: the feeder
        still has it (F2 taken from the queue, Home not yet shown, read as settled: a test
        that asserted Home failed one run in eight)."""
        feeding = self._key_feeder is not None and not self._key_feeder.done()
        return not feeding and not self._waiting_keys and self._quiet()

    @contextmanager
    def holding_keys(self):
        """Keep the next key waiting while this block runs (a screen being built between
        awaits, when no queue shows the work in progress)."""
        self.hold_keys()
        try:
            yield
        finally:
            self.release_keys()

    def hold_keys(self) -> None:
        """Keep the next key waiting until ``release_keys`` (work due outside any queue:
        the fsync after the next frame), or for ``LONGEST_WAIT`` at most."""
        self._holds += 1

    def release_keys(self) -> None:
        """End one ``hold_keys``."""
        self._holds -= 1
