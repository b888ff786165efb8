"""The statistics and the history as ``scorepad stats`` and ``scorepad history`` print
them: text tables with small trend lines, and the ``stats --json`` shape (keys are
added, never renamed)."""

from __future__ import annotations

from typing import Any

from .columns import cell_len, fit
from .messages import counted
from .rules.categories import CATEGORIES, CATEGORY_LABELS
from .messages import shown
from .stats import Figures, Filters, PlayerFigures
from .storage.summaries import GameSummary

BARS = "▁▂▃▄▅▆▇█"
TREND = 16  # games a trend line shows at most: the latest
NAME_WIDTH = 20


def spark(values: list[int], width: int = TREND) -> str:
    """The last ``width`` values as a line of block characters, lowest to highest."""
    values = values[-width:]
    if not values:
        return ""
    low, high = min(values), max(values)
    if low == high:
        return BARS[len(BARS) // 2] * len(values)
    return "".join(BARS[round((v - low) * (len(BARS) - 1) / (high - low))] for v in values)


def percent(value: float | None) -> str:
    """``60.0 %``, or ``-`` when there is nothing to count."""
    return "-" if value is None else f"{value:.1f} %"


def streak_words(player: PlayerFigures) -> str:
    """``won 2``, ``lost 1``, or ``-`` before a game against someone."""
    won, run = player.streak
    return f"{'won' if won else 'lost'} {run}" if run else "-"


def scope_words(figures: Figures, filters: Filters) -> str:
    """What was counted: ``7 finished games, 2026-01-10 to 2026-04-18, with Ana and Ben``
    (the days of the first and the last game, or the days asked for)."""
    words = counted(len(figures.counted), "finished game")
    if filters.since and filters.until:  # the days asked for, else those of the games counted
        words += f", {filters.since} to {filters.until}"
    elif filters.since or filters.until:
        words += f", from {filters.since} on" if filters.since else f", up to {filters.until}"
    elif figures.counted:
        words += f", {figures.counted[0].day} to {figures.counted[-1].day}"
    if filters.group:
        words += f", with {' and '.join(filters.group)}"
    return words


def left_out(figures: Figures) -> str:
    """The unfinished games the filters admit, which are never counted ("" for none), and
    with no finished game, how one counts (an empty screen of headings said nothing)."""
    if not figures.unfinished:
        return "" if figures.counted else f"No finished game yet. {COUNTS_ONCE_FINISHED}"
    words = f"Not counted: {counted(len(figures.unfinished), 'unfinished game')} (listed by scorepad history)"
    if not figures.counted:  # games saved before a game could be finished, say
        words += f". {COUNTS_ONCE_FINISHED}"
    return words


COUNTS_ONCE_FINISHED = "A game counts once it is finished: Results, once the end is triggered, marks it so"


def name_width(figures: Figures) -> int:
    """The name column: as wide as the longest name, within reason (cells, not characters)."""
    return min(NAME_WIDTH, max([6, *(cell_len(p.name) for p in figures.players)]))


def players_table(figures: Figures) -> list[str]:
    """Per player: games, wins, win %, average, best, worst total, streak and trend."""
    width = name_width(figures)
    lines = [fit("Player", width) + "  games  wins    win %  average  best  worst  streak   " + fit("trend", TREND)]
    for p in figures.players:
        lines.append(f"{fit(p.name, width)}{p.games:>7}{p.wins:>6}{percent(p.win_percent):>9}{p.average:>9.1f}"
                     f"{max(p.totals):>6}{min(p.totals):>7}  {streak_words(p):<7}  {fit(spark(p.totals), TREND)}")
    return lines


def categories_table(figures: Figures) -> list[str]:
    """Per player and category: the average Renown per game and its share of the total."""
    width = name_width(figures)
    lines = ["Average per game (share of the total)",
             fit("Player", width) + "".join(fit(CATEGORY_LABELS[c], 12, right=True) for c in CATEGORIES)]
    for p in figures.players:
        cells = (f"{p.category_average(c):.1f} ({p.category_share(c):.0f}%)" for c in CATEGORIES)
        lines.append(fit(p.name, width) + "".join(fit(cell, 12, right=True) for cell in cells))
    return lines


def meetings_table(figures: Figures) -> list[str]:
    """The head-to-head grid: each row's player's wins-losses against each column's, and
    their games together (a win: finished ahead)."""
    width, names = name_width(figures), [p.name for p in figures.players]
    lines = ["Head to head: wins-losses of each row against each column (games together)",
             fit("", width) + "".join(fit(name, 11, right=True) for name in names)]
    for row in names:
        cells = []
        for column in names:
            met = figures.meeting(row, column)
            cells.append("-" if row == column or not met.games else f"{met.wins}-{met.losses} ({met.games})")
        lines.append(fit(row, width) + "".join(fit(cell, 11, right=True) for cell in cells))
    return lines


def stats_text(figures: Figures, filters: Filters = Filters()) -> str:
    """``scorepad stats``: what was counted, then the three tables."""
    lines = [f"Statistics over {scope_words(figures, filters)}"]
    if words := left_out(figures):
        lines.append(words)
    if figures.players:
        lines += ["", *players_table(figures), "", *categories_table(figures)]
        if len(figures.players) > 1:
            lines += ["", *meetings_table(figures)]
    return "\n".join(lines)


def game_line(game: GameSummary) -> str:
    """One game of the history: day, title, file and winners (leading, for a game not
    finished: no one has won it yet), then the totals."""
    winners = game.winners
    won = f"  {'won by' if game.finished else 'leading so far:'} {' and '.join(winners)}" if winners else ""
    totals = ", ".join([f"{p.name} {p.total}" for p in game.players])
    return f"{game.day}  {game.title or '(untitled)'}  [{shown(game.name)}]{won}\n    {totals}"


def history_text(figures: Figures) -> str:
    """``scorepad history``: the finished games (newest first), the unfinished ones
    apart, then each player's record over the finished games."""
    lines = [f"Finished games: {len(figures.counted)}"]
    lines += [game_line(game) for game in reversed(figures.counted)]
    if figures.unfinished:
        lines += ["", f"Not finished (not counted): {len(figures.unfinished)}"]
        lines += [game_line(game) for game in figures.unfinished]
    if figures.players:
        lines += ["", *players_table(figures)]
    return "\n".join(lines)


def stats_json(figures: Figures, filters: Filters, unreadable: list[str]) -> dict[str, Any]:
    """The ``stats --json`` shape (a public contract: keys are added, never renamed)."""
    return {
        "filters": {"since": filters.since or None, "until": filters.until or None, "players": list(filters.group)},
        "games": {"counted": len(figures.counted), "unfinished": len(figures.unfinished),
                  "unreadable": len(unreadable)},
        "players": [player_json(p) for p in figures.players],
        "head_to_head": [
            {"player": p.name, "opponent": o.name, "games": met.games, "wins": met.wins,
             "losses": met.losses, "level": met.level}
            for p in figures.players for o in figures.players
            if p is not o and (met := figures.meeting(p.name, o.name)).games],
        "unfinished": [{"day": g.day, "title": g.title, "file": g.name} for g in figures.unfinished],
        "unreadable": unreadable,
    }


def player_json(p: PlayerFigures) -> dict[str, Any]:
    """One player's figures: averages to 2 decimals, percentages to 1."""
    won, run = p.streak
    return {
        "name": p.name, "games": p.games, "wins": p.wins,
        "win_percent": None if p.win_percent is None else round(p.win_percent, 1),
        "average": round(p.average, 2), "best": max(p.totals), "worst": min(p.totals),
        "categories": {c: {"average": round(p.category_average(c), 2), "share_percent": round(p.category_share(c), 1)}
                       for c in CATEGORIES},
        "streak": {"result": ("won" if won else "lost") if run else None, "games": run},
        "trend": [{"day": day, "total": total} for day, total in zip(p.days, p.totals)],
    }
