"""Exports of a game: CSV, Markdown, a BG Stats play file and BoardGameGeek play-log
text (``export_text``), and where an export file may be written (never over a
scoresheet, never in the games folder)."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from pathlib import Path

from ..columns import cell_len, fit
from ..rules.endgame import end_status
from ..rules.standings import standings
from ..rules.models import Sheet
from ..rules.categories import CATEGORIES, CATEGORY_LABELS
from .atomic import SaveError, atomic_write, explain, new_file_place
from .bgg_text import to_bgg
from .bgstats import to_bgstats
from .export_rows import CSV_FIELDS, GAME_NAME, Play, one_line, play_rows, rows
from .files import is_scoresheet
from .paths import exports_dir, folder_problem, free_names, games_dir
from .settings import ExportIdentity

BOM = "\ufeff"  # first in a CSV, it tells a spreadsheet the file is UTF-8
YES_NO = ("winner", "start_player", "finished")  # the CSV's true/false columns


def to_csv(plays: list[Play], bom: bool = False) -> str:
    """The breakdown of one game or more as CSV with a header row: a row per player per
    game (true and false are ``yes`` and ``no``), a UTF-8 BOM first if ``bom``."""
    out = io.StringIO()
    out.write(BOM if bom else "")
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for play in plays:
        for row in play_rows(play):
            cells = {key: csv_cell(value) for key, value in row.items()}
            writer.writerow({**cells, **{key: "yes" if row[key] else "no" for key in YES_NO}})
    return out.getvalue()


# how a cell a spreadsheet runs as a formula starts (a name typed ``=HYPERLINK(...)``)
FORMULA_STARTS = ("=", "+", "-", "@", "\t")


def csv_cell(value: object) -> object:
    """A cell as the CSV writes it: a line break of any kind is a "\\n" (the writer quotes
    a cell holding one; a lone "\\r" it would leave bare, and a reader splits the row there),
    and text that would start a formula starts with an apostrophe, which spreadsheets
    read as "this is text" (numbers are not text: they stay as they are)."""
    if not isinstance(value, str):
        return value
    text = value.replace("\r\n", "\n").replace("\r", "\n")
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def markdown_cell(text: object) -> str:
    """Text for a Markdown cell: on one line, a | escaped so it does not end the cell."""
    return one_line(str(text)).replace("|", "\\|")


def player_cell(row: dict) -> str:
    """A player's name in a Markdown table, in bold for a winner (T1-T5)."""
    return f"**{markdown_cell(row['player'])}**" if row["winner"] else markdown_cell(row["player"])


def markdown_table(heads: list[str], body: list[list[str]], left: int) -> list[str]:
    """A Markdown table whose columns line up in the text too, by display cells (a CJK
    name takes two per character); the first ``left`` columns align left, the rest right."""
    widths = [max(cell_len(cell) for cell in column) for column in zip(heads, *body)]

    def line(cells: list[str]) -> str:
        fitted = (fit(cell, width, right=n >= left) for n, (cell, width) in enumerate(zip(cells, widths)))
        return "| " + " | ".join(fitted) + " |"

    rule = ["-" * w if n < left else "-" * (w - 1) + ":" for n, w in enumerate(widths)]
    return [line(heads), "| " + " | ".join(rule) + " |", *(line(cells) for cells in body)]


def to_markdown(sheet: Sheet) -> str:
    """The breakdown as a Markdown table, then winners, tie-breaks and the end status."""
    table = standings(sheet)
    heads = ["Rank", "Player", *(CATEGORY_LABELS[c] for c in CATEGORIES), "Total"]
    body = [[str(row["rank"]), player_cell(row),
             *(str(row[c]) for c in CATEGORIES), str(row["total"])] for row in rows(sheet, table)]
    lines = [f"# {markdown_cell(sheet.title or GAME_NAME)}", "", *markdown_table(heads, body, left=2), ""]
    if not table.solo:
        lines.append(table.lead_words(sheet.finished))
        lines.extend(f"- {s.text}" for s in table.separations)
        lines.append("")
    end = end_status(sheet)
    lines.append(f"End of game: {end.next}" if end.triggered else "End of game: not triggered")
    return "\n".join(lines) + "\n"


def export_text(kind: str, play: Play, identity: ExportIdentity = ExportIdentity(), bom: bool = False) -> str:
    """The game exported as ``kind``: csv (a BOM first if ``bom``), md, bgstats or bgg.
    ``identity`` (the settings ``bgstats_me`` and ``bgg_id``) is for BG Stats."""
    if kind == "bgstats":
        return to_bgstats(play, identity)
    if kind == "csv":
        return to_csv([play], bom)
    return to_markdown(play.sheet) if kind == "md" else to_bgg(play)


def check_export_target(out: Path, sheet_path: Path | None, force: bool) -> bool:
    """Whether ``out`` exists and may be replaced (only with ``force``); SaveError when an
    export must not be written there: a folder, something not a plain file, the sheet being
    exported (``sheet_path``; None for an export of every game), any other scoresheet
    (even with ``force``), a link, dangling or not, or a missing folder (``new_file_place``),
    or an existing file without ``force``.

    (The look and the write are two steps; the write never follows a link nor makes a
    folder, and without ``force`` it refuses a file made in between.) Nor, whatever is
    there: the saved games folder, or a sheet's journal or lock (``not_a_sheets_place``).
    """
    not_a_sheets_place(out)
    try:
        info = os.stat(out)
    except FileNotFoundError:
        info = None  # nothing there, or a dangling link: new_file_place says which
    except OSError as err:
        raise SaveError(explain(err, out, "write")) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise SaveError(f"cannot write {out}: it is a folder; give a file name, as {out / 'game.csv'}")
    if info is not None and sheet_path is not None and os.path.samefile(out, sheet_path):
        raise SaveError(f"cannot write {out}: it is the sheet being exported; an export never replaces a scoresheet")
    new_file_place(out, "write")
    if info is None:
        return False
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(f"cannot write {out}: it is not a plain file (to print the export, leave out -o)")
    if is_scoresheet(out):
        raise SaveError(f"cannot write {out}: it is a scoresheet, and an export never replaces one; "
                        "choose another name")
    if may_hold_a_game(out):
        raise SaveError(f"cannot write {out}: it looks like a scoresheet or a journal of one, damaged or not "
                        "(it may hold a game), and an export never replaces one; choose another name")
    if not force:
        raise SaveError(f"cannot write {out}: a file of that name exists (it is left as it was); "
                        "add --force to replace it")
    return True


HEAD_BYTES = 64 * 1024  # read of a file that may hold a game: a sheet scorepad wrote names its format first


def may_hold_a_game(path: Path) -> bool:
    """Whether a file that does not read as a scoresheet may still hold a game: one that
    names the sheet's format in its first bytes (cut short, a byte gone wrong: the file
    someone will want to mend) or a journal, set aside or not (values typed and not
    saved). ``--force`` replaced both with an export (attack run). Either is a JSON object
    (a user's notes or CSV that quote the format's name are not)."""
    from .document import FORMAT
    from .journal import HEADER_START

    try:
        with open(path, "rb") as file:
            head = file.read(HEAD_BYTES).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError as err:
        raise SaveError(explain(err, path, "read")) from None
    return head.startswith(HEADER_START) or (head.startswith(b"{") and json.dumps(FORMAT).encode() in head)


def not_a_sheets_place(out: Path) -> None:
    """SaveError when ``out`` is in the saved games folder (DESIGN: exports never land
    where Home looks for games) or is the journal or lock of a sheet beside it (a
    journal may hold values not saved in the sheet yet), or is a link to such a place."""
    from .journal import journal_path
    from .lock import lock_path

    try:
        target = out.resolve()  # an export is written where a link points (atomic_write follows it)
    except (OSError, RuntimeError):  # a loop of links: the write says why
        target = out
    for place in dict.fromkeys((out, target)):
        if place.parent.resolve() == games_dir().resolve():
            raise SaveError(f"cannot write {out}: it is in the saved games folder, where Home lists games; "
                            "choose another folder")
        names = (place.name[1:].removesuffix(".journal"), place.name.removesuffix(".lock"))
        for sheet in {place.with_name(name) for name in names if name}:
            # a journal whose sheet is gone may hold the only copy of the game
            if place in (journal_path(sheet), lock_path(sheet)) and (
                    sheet.is_file() or os.path.lexists(journal_path(sheet))):
                raise SaveError(f"cannot write {out}: it belongs to the scoresheet {sheet.name}; "
                                "choose another name")


def write_export(text: str, stem: str, suffix: str, folder: Path | None = None) -> Path:
    """Write an export in ``folder`` (the exports folder) under a free name and return it:
    ``NAME.csv``, else ``NAME-2.csv`` and on. An existing file is never replaced."""
    folder = folder or exports_dir()
    problem = folder_problem(folder)
    if problem:
        raise SaveError(f"cannot export to {folder}: {problem}")
    for target in free_names(folder / f"{stem}{suffix}"):
        try:
            atomic_write(target, text.encode("utf-8"), replace=False)
        except SaveError as err:
            if isinstance(err.__cause__, FileExistsError) and os.path.lexists(target):
                continue  # another export took the name between the look and the write
            raise
        return target
    raise SaveError(f"cannot export to {folder}: {stem}{suffix} and 998 more names are taken")
