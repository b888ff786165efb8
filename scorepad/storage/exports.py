"""Exports of a sheet's standings: CSV, Markdown and a BoardGameGeek play-log text, and
where an export file may be written (never over a scoresheet, never in the games folder)."""

from __future__ import annotations

import csv
import io
import os
import stat
from pathlib import Path

from ..columns import cell_len, fit
from ..rules import end_status, standings
from ..rules.models import Sheet
from ..rules.scoring import CATEGORIES, CATEGORY_LABELS
from .atomic import SaveError, atomic_write, explain
from .bgstats import to_bgstats
from .export_rows import CSV_FIELDS, GAME_NAME, rows
from .files import is_scoresheet
from .paths import exports_dir, folder_problem

def to_csv(sheet: Sheet) -> str:
    """The breakdown as CSV with a header row (``winner`` is ``yes`` or ``no``)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows(sheet):
        writer.writerow({**row, "winner": "yes" if row["winner"] else "no"})
    return out.getvalue()


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|")


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
    body = [[str(row["rank"]), f"**{_cell(row['player'])}**" if row["winner"] else _cell(row["player"]),
             *(str(row[c]) for c in CATEGORIES), str(row["total"])] for row in rows(sheet)]
    lines = [f"# {_cell(sheet.title or GAME_NAME)}", "", *markdown_table(heads, body, left=2), ""]
    if not table.solo:
        label = "Shared victory" if len(table.winners) > 1 else "Winner"
        lines.append(f"{label}: {' and '.join(table.winners)}")
        lines.extend(f"- {s.text}" for s in table.separations)
        lines.append("")
    end = end_status(sheet)
    lines.append(f"End of game: {end.next}" if end.triggered else "End of game: not triggered")
    return "\n".join(lines) + "\n"


def export_text(kind: str, sheet: Sheet, saved: str = "") -> str:
    """The sheet exported as ``kind``: csv, md, bgstats or bgg."""
    if kind == "bgstats":
        return to_bgstats(sheet, saved)
    return {"csv": to_csv, "md": to_markdown, "bgg": to_bgg}[kind](sheet)


def to_bgg(sheet: Sheet) -> str:
    """Plain text to paste into a BoardGameGeek play log: totals, winners, breakdown."""
    table = standings(sheet)
    lines = [f"{GAME_NAME}: {sheet.title}" if sheet.title else GAME_NAME]
    for row in rows(sheet):
        mark = " (winner)" if row["winner"] and not table.solo else ""
        lines.append(f"{row['player']}: {row['total']}{mark}")
    lines += ["", "Comments:"]
    for row in rows(sheet):
        parts = ", ".join(f"{CATEGORY_LABELS[c]} {row[c]}" for c in CATEGORIES)
        lines.append(f"{row['player']}: {parts} = {row['total']}")
    lines.extend(s.text for s in table.separations)
    return "\n".join(lines) + "\n"


def check_export_target(out: Path, sheet_path: Path, force: bool) -> bool:
    """Whether ``out`` exists and may be replaced (only with ``force``); SaveError when an
    export must not be written there: a folder, something not a plain file, the sheet being
    exported, any other scoresheet (even with ``force``), or an existing file without it.

    (The look and the write are two steps; without ``force`` the write itself refuses a
    file made in between.)
    """
    try:
        info = os.stat(out)
    except FileNotFoundError:
        return False
    except OSError as err:
        raise SaveError(explain(err, out, "write")) from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(f"cannot write {out}: it is a folder; give a file name, as {out / 'game.csv'}")
    if os.path.samefile(out, sheet_path):
        raise SaveError(f"cannot write {out}: it is the sheet being exported; an export never replaces a scoresheet")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(f"cannot write {out}: it is not a plain file (to print the export, leave out -o)")
    if is_scoresheet(out):
        raise SaveError(f"cannot write {out}: it is a scoresheet, and an export never replaces one; "
                        "choose another name")
    if not force:
        raise SaveError(f"cannot write {out}: a file of that name exists (it is left as it was); "
                        "add --force to replace it")
    return True


def write_export(text: str, stem: str, suffix: str, folder: Path | None = None) -> Path:
    """Write an export in ``folder`` (the exports folder) under a free name and return it:
    ``NAME.csv``, else ``NAME-2.csv`` and on. An existing file is never replaced."""
    folder = folder or exports_dir()
    problem = folder_problem(folder)
    if problem:
        raise SaveError(f"cannot export to {folder}: {problem}")
    for attempt in range(1, 1000):
        target = folder / f"{stem}{f'-{attempt}' if attempt > 1 else ''}{suffix}"
        if os.path.lexists(target):
            continue
        try:
            atomic_write(target, text.encode("utf-8"), replace=False)
        except SaveError as err:
            if isinstance(err.__cause__, FileExistsError) and os.path.lexists(target):
                continue  # another export took the name between the look and the write
            raise
        return target
    raise SaveError(f"cannot export to {folder}: {stem}{suffix} and 998 more names are taken")
