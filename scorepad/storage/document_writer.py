"""The scoresheet file's bytes, written as people read them, keys in contract order; a
long history's entries kept as text from one save to the next."""

from __future__ import annotations

import json
import zlib
from operator import is_
from typing import Any

from ..rules.models import Sheet
from .document import FORMAT
from .migrations import VERSION

SAVE_SEARCH = 0.05  # seconds a save may search a Pinax answer not known yet


def dump_document(sheet: Sheet, history: tuple, saved: str = "", texts: EntryTexts | None = None) -> bytes:
    """The file's bytes: UTF-8 JSON, indented for people, keys in contract order.

    ``texts`` keeps each entry's text from one save to the next (entries never change),
    so a save of a long history writes it without working it out again.
    """
    return b"".join(document_pieces(sheet, history, saved, texts))


def document_pieces(sheet: Sheet, history: tuple, saved: str = "", texts: EntryTexts | None = None) -> list[bytes]:
    """The file's bytes in pieces, in order (``dump_document`` joins them): the pieces
    of a long history are its texts as kept, a block of entries each. Joined into one
    string, then one bytes, the texts of 100,000 entries held Python's lock about 9 ms
    a copy in the save's thread (the UI's stall); a piece at a time, a save hashes and
    writes them letting go of it."""
    from ..rules.pinax import until
    from ..rules.scoring import score_players

    body: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    # equivalent: any mode but "json" dumps tuples and the same plain values, which json.dumps writes alike
    body.update(sheet.model_dump(mode="json"))  # pragma: no mutate
    body["saved"] = saved
    # for people and other tools: a save (on closing, too) waits for no hard Pinax search
    # (S5), it writes what is known, or found in a moment
    body["totals"] = {score.name: score.total for score in score_players(sheet, stop=until(SAVE_SEARCH))}
    # equivalent: ensure_ascii=None is as false as False
    head = json.dumps(body, indent=2, ensure_ascii=False)[:-2]  # the object, open: history goes last  # pragma: no mutate
    entries = (texts or EntryTexts()).of(history)
    if not entries:
        # equivalent: codec names are not case-sensitive
        return [f'{head},\n  "history": []\n}}\n'.encode("utf-8")]  # pragma: no mutate
    # equivalent: codec names are not case-sensitive
    pieces = [f'{head},\n  "history": [\n'.encode("utf-8")]  # pragma: no mutate
    for text in entries:
        pieces += (text, b",\n")
    pieces[-1] = b"\n  ]\n}\n"  # after the last entry, no comma: the list and the object close
    return pieces


class EntryTexts:
    """Each history entry as the file writes it (at its indent, UTF-8), kept while the
    entry stays in the history: the same text ``json.dumps`` of the whole file gives.
    Texts are kept ``BLOCK`` entries to a piece, compressed: a text of its own per entry
    cost more memory than the entry itself (240 bytes); compressed, about 10 bytes an
    entry. Not fewer to a block: each compression lets go of Python's lock and takes it
    back, and 64 to a block held the UI up for 60-150 ms in a long history's first save."""

    BLOCK = 512

    def __init__(self) -> None:
        self.entries: list = []  # the entries whose texts are kept, in history order
        self.blocks: list[bytes] = []  # each whole BLOCK of them: their texts joined by ",\n", compressed
        self.tail: list[bytes] = []  # the texts of the entries after the last whole block

    def of(self, history: tuple) -> list[bytes]:
        """The texts of these entries, in pieces to join with ",\n" (a piece is the
        text of one entry or of a block of them); worked out only for entries not
        seen last time (the very same objects: an entry never changes)."""
        pieces: list[bytes] = []
        for number, block in enumerate(self.blocks):
            start, end = number * self.BLOCK, (number + 1) * self.BLOCK
            # the same entries? a block at a time, in C (one at a time, in Python, took 45 ms
            # at 100,000 entries), each block's look followed by its decompression, which
            # lets go of Python's lock: all blocks looked at first held it 4 ms at a stretch
            if len(history) < end or not all(map(is_, self.entries[start:end], history[start:end])):
                del self.blocks[number:], self.entries[start:]  # an entry of it changed: from it on
                self.tail = []
                break
            pieces.append(zlib.decompress(block))  # the UI runs meanwhile
        same, most = len(self.blocks) * self.BLOCK, min(len(history), len(self.entries))
        while same < most and self.entries[same] is history[same]:
            same += 1
        del self.tail[same - len(self.blocks) * self.BLOCK:], self.entries[same:]
        for entry in history[same:]:
            # equivalent: codec names are not case-sensitive
            text = entry_text(entry).encode("utf-8")  # pragma: no mutate
            self.entries.append(entry)  # once its text is made: the two lists stay in step
            self.tail.append(text)
            if len(self.tail) == self.BLOCK:
                pieces.append(b",\n".join(self.tail))
                self.blocks.append(zlib.compress(pieces[-1], 1))
                self.tail = []
        return [*pieces, *self.tail]


def entry_text(entry) -> str:
    """One history entry as the file writes it, at its indent."""
    # equivalent: another mode dumps tuples and the same plain values (json.dumps writes them alike);
    # ensure_ascii=None is as false as False
    return "    " + json.dumps(entry.model_dump(mode="json"), indent=2, ensure_ascii=False).replace("\n", "\n    ")  # pragma: no mutate
