"""A background save writes the history's texts as kept (a block of entries a piece,
never joined into one string): the file is still, byte for byte, what the plain
serialiser gives for the sheet as it is, whatever the history went through between
saves (new entries, undos, redos, whole blocks taken back)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings, strategies as st

from scorepad.rules.entries import AddPlayer, Begin, EntryError, RenamePlayer, SetCount
from scorepad.storage.atomic import atomic_write
from scorepad.storage.document_writer import EntryTexts, document_pieces, dump_document
from scorepad.storage.journal import digest
from scorepad.storage.session import SheetSession

from .conftest import examples, make_sheet

# names with letters that UTF-8 writes in 2, 3 and 4 bytes, and a quote to escape
NAMES = ["Zoë", "李娜", "Ø 🎲", 'Al "Ace"', "Bo\\b", "Cy"]

entries = st.one_of(
    st.builds(lambda p, f, v: SetCount(player=p, field=f, value=v), st.integers(0, 2),
              st.sampled_from(["renown", "research", "kings_grace"]), st.integers(0, 400)),
    st.builds(lambda p, n: RenamePlayer(player=p, name=n), st.integers(0, 2), st.sampled_from(NAMES)),
    st.builds(lambda n: AddPlayer(name=n), st.sampled_from(NAMES)),
)
changes = st.one_of(
    st.tuples(st.just("apply"), st.lists(entries, min_size=1, max_size=9)),
    st.tuples(st.just("undo"), st.integers(1, 8)),
    st.tuples(st.just("redo"), st.integers(1, 4)),
    st.tuples(st.just("replace"), st.tuples(st.integers(1, 8), st.lists(entries, min_size=1, max_size=9))),
)


def change(session: SheetSession, kind: str, arg) -> None:
    """Apply these entries, undo or redo this many times, or undo so many times then
    apply these entries."""
    if kind == "replace":
        change(session, "undo", arg[0])
        kind, arg = "apply", arg[1]
    if kind == "apply":
        for entry in arg:
            try:
                session.apply(entry)
            except EntryError:
                pass  # a name taken, a fifth player: the history stays as it was
    for _ in range(arg if kind != "apply" else 0):
        session.undo() if kind == "undo" else session.redo()


def plain(session: SheetSession, saved: str) -> bytes:
    """The file as written with no text kept from an earlier save."""
    return dump_document(session.sheet, tuple(session.history), saved)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.lists(changes, min_size=1, max_size=3), st.booleans()), min_size=1, max_size=12),
       st.integers(1, 5))
def test_a_background_save_writes_what_the_plain_serialiser_gives(steps, block):
    """Each step makes a few changes to the history (entries put in the place of others
    taken back, say), and about half of them are saved (the texts kept go on to the
    next save); the last one is."""
    with tempfile.TemporaryDirectory() as folder:
        session = SheetSession.create_at(Path(folder) / "g.json", make_sheet({"name": "Ana"}, {"name": "Ben"}))
        session.file.texts.BLOCK = block  # small blocks: many are whole, and taken back
        try:
            for number, (made, save) in enumerate(steps):
                for kind, arg in made:
                    change(session, kind, arg)
                if (save or number == len(steps) - 1) and session.fold_job() is not None:
                    assert session.fold_done(session.fold_job()())
                    data = session.path.read_bytes()
                    saved = json.loads(data)["saved"]
                    assert data == plain(session, saved)
                    assert data == (json.dumps(json.loads(data), indent=2, ensure_ascii=False) + "\n").encode()
                    assert session.file.hash == digest(data)  # its own save, never taken for theirs
                    assert not session.check_file()
                    assert session.file.texts.entries == session.history
        finally:
            session.close()


def test_the_pieces_joined_are_the_file_and_a_whole_block_is_one_piece():
    """The pieces of a history of 7 entries, 3 to a block: the head, two blocks and the
    last entry, each followed by its comma (the last by the end of the file)."""
    sheet = make_sheet({"name": "Ana"})
    history = (Begin(sheet=sheet), *(SetCount(player=0, field="renown", value=v) for v in range(6)))
    texts = EntryTexts()
    texts.BLOCK = 3
    pieces = document_pieces(sheet, history, "S", texts)
    assert b"".join(pieces) == dump_document(sheet, history, "S")
    assert len(pieces) == 1 + 2 * 3 and pieces[2::2] == [b",\n", b",\n", b"\n  ]\n}\n"]
    assert pieces[3].count(b'"kind"') == 3 and pieces[5].count(b'"kind"') == 1
    assert document_pieces(sheet, (), "S") == [dump_document(sheet, (), "S")]  # no history: one piece


def test_a_file_written_from_pieces_is_their_bytes_and_its_digest_theirs(tmp_path):
    pieces = [b'{\n  "a": [\n', b"1", b",\n", b"2", b"\n  ]\n}\n"]
    atomic_write(tmp_path / "f.json", pieces)
    assert (tmp_path / "f.json").read_bytes() == b"".join(pieces)
    assert digest(pieces) == digest(b"".join(pieces))
