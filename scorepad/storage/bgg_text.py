"""Text for BoardGameGeek's "Log play" form: its fields in the order the form asks for
them, one ``Field: value`` a line, so each can be copied into its box.

The play: Date, Location, Length (the form's quantity, incomplete and win-stats boxes
keep their defaults), then Comments. Each player: Name, Start position, Team/Color,
Score, Win (BGG's username, rating and new boxes are not known here). A field scorepad
does not know is left out rather than guessed: the start position is the start
player's only (1), since the order players were typed in need not be the seating.
A solo game claims no win (T6).
"""

from __future__ import annotations

from ..rules.standings import standings
from ..rules.categories import CATEGORIES, CATEGORY_LABELS
from .export_rows import GAME_NAME, Play, one_line, played_at, rows, stamp

INDENT = "  "  # comment lines, and each player's fields, sit under their heading


def to_bgg(play: Play) -> str:
    """The play-log text: the play's fields, the comments (title, notes, each player's
    categories, the tie-breaks), then each player's fields, in ranking order (T1-T5)."""
    sheet = play.sheet
    table = standings(sheet)
    found = rows(sheet, table)
    lines = [f"Game: {GAME_NAME}", f"Date: {stamp(played_at(play))[:10]}"]
    if one_line(sheet.location):
        lines.append(f"Location: {one_line(sheet.location)}")
    if sheet.duration_minutes:
        lines.append(f"Length: {sheet.duration_minutes} minutes")
    title = [one_line(sheet.title)] if one_line(sheet.title) else []
    notes = [*title, *sheet.notes.splitlines()]
    breakdown = [f"{row['player']}: " + ", ".join(f"{CATEGORY_LABELS[c]} {row[c]}" for c in CATEGORIES)
                 + f" = {row['total']}" for row in found]
    lines.append("Comments:")
    lines.extend((INDENT + line).rstrip() for line in [*notes, *breakdown, *(s.text for s in table.separations)])
    lines.append("Players:")
    colours = {player.name: one_line(player.colour) for player in sheet.players}
    for row in found:
        lines.append(f"{INDENT}Name: {row['player']}")
        fields = {"Start position": "1" if row["player"] == sheet.start_player else "",
                  "Team/Color": colours[row["player"]], "Score": str(row["total"]),
                  "Win": "" if table.solo else ("yes" if row["winner"] else "no")}
        lines.extend(f"{INDENT * 2}{field}: {value}" for field, value in fields.items() if value)
    return "\n".join(lines) + "\n"
