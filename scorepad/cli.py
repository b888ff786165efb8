"""The ``scorepad`` command. Textual is imported only when a UI is opened, and the file
format's models (pydantic) only by a command that reads a sheet: ``scorepad`` itself
starts the app without them (they load when a game is opened)."""

from __future__ import annotations

import errno
import io
import json
import os
import shlex
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

from . import __version__
from .storage.atomic import SaveError, atomic_write, stat_key
from .storage.errors import SheetFileError

if TYPE_CHECKING:
    import argparse


READS = 5  # reads of a sheet its app saves meanwhile, at most (a save takes milliseconds)


def read_sheet(path: Path):
    """A sheet read from its file (``storage.files.read_sheet``): the file format's models
    load here, on first use, not with the command line. With a journal beside it that
    goes on from this file (the app killed before its background save, or running
    now), the sheet as the app would open it: the journal's changes too, said on
    stderr. Neither file is written. Read again when the app saved the file meanwhile:
    the file read before the save and its journal gone after it were a sheet without
    the values just typed (a new user's ``score`` beside the app)."""
    for _ in range(READS):
        seen = stat_key(path)
        loaded, said = sheet_and_journal(path)
        if stat_key(path) == seen:
            break
    for words in said:
        print(words, file=sys.stderr)
    return loaded


def sheet_and_journal(path: Path):
    """The sheet read from its file and the journal beside it (``read_sheet``), and what
    to say on stderr about the journal."""
    from .storage.files import read_sheet as read
    from .storage.journal import journal_path

    loaded = read(path)
    if not os.path.lexists(journal_path(path)):  # a link to nowhere there is no journal of ours either
        return loaded, []
    from .messages import counted
    from .storage.document import Loaded
    from .storage.sheet_file import kept_apart, load_current

    current, said = load_current(path), []
    if current.journal is None and kept_apart(current) is not None:
        said.append(f"scorepad: {path.name}: its journal ({journal_path(path).name}) holds values typed into "
                    "another version of it (the file was rewritten after scorepad stopped): not counted here; "
                    f"`scorepad open {shlex.quote(path.name)}` keeps them as a copy")
    elif current.journal is None and (current.trouble or current.typed is None):
        # said, not passed over: it may hold values typed (none theirs holds already)
        said.append(f"scorepad: {path.name}: its journal ({journal_path(path).name}) "
                    f"{current.trouble or 'belongs to another version of it'}: not counted here; "
                    f"`scorepad open {shlex.quote(path.name)}` moves it aside, kept")
    if not current.replayed or current.note:
        return loaded, said  # a journal of another version of the file, or one that does not replay
    changes = current.pending
    said.append(f"scorepad: {path.name}: {counted(changes, 'change')} typed since its last save "
                f"{'is' if changes == 1 else 'are'} in its journal ({journal_path(path).name}) and counted here "
                "(scorepad saves them into the file once it opens it)")
    return Loaded(current.states[-1], tuple(current.history), {}, loaded.saved), said


def check_home() -> None:
    """SaveError (exit 2) when the data folder cannot be one: ``SCOREPAD_HOME`` naming a
    file, say. Checked before the app starts, and by the commands that list saved games."""
    from .storage.paths import folder_problem, games_dir

    problem = folder_problem(games_dir())
    if problem:
        raise SaveError(f"cannot use the saved games folder: {problem}")


def cmd_app(args: argparse.Namespace) -> int:
    """Open the app: home, a sheet (a bad file gets exit 2 before the app), or the demo."""
    from .tui.launch import launch

    path = getattr(args, "file", None)
    check_home()
    if path is not None:
        return launch(path=Path(path))  # read once, by the app's session (a bad file: exit 2 before the app)
    return launch(demo=args.command == "demo")


def cmd_score(args: argparse.Namespace) -> int:
    """Print the standings of a sheet: a table, or the JSON contract with --json. With
    --time-limit the Pinax search stops after that many seconds, and says so (S5)."""
    from .reports import score_json, score_text
    from .rules.pinax import known_only, search_within

    sheet = read_sheet(Path(args.file)).sheet
    stop = None
    if args.time_limit is not None:  # the answers found in the time are then read as known
        search_within([player.pinax for player in sheet.players], sheet.library, args.time_limit)
        stop = known_only
    if args.json:
        print(json.dumps(score_json(sheet, stop), indent=2, ensure_ascii=False))
    else:
        print(score_text(sheet, stop))
    return 0


def seconds(text: str) -> float:
    """A time limit in seconds: a number above 0 (argparse says so otherwise)."""
    from argparse import ArgumentTypeError

    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return value


def cmd_export(args: argparse.Namespace) -> int:
    """Write a sheet (or every saved game, with --all) as CSV, Markdown, a BG Stats play
    file or BGG play-log text; print it, or write it to -o."""
    from .storage.exports import check_export_target, export_text

    check_export_choice(args)
    if args.all:
        from .storage.all_games import export_all_text

        check_home()
        text, problems = export_all_text(args.to, args.bom)
    else:
        from .storage.export_rows import play_of
        from .storage.settings import ExportIdentity, load_export_identity

        loaded = read_sheet(Path(args.file))
        # the settings are BG Stats' alone: a broken file is no news to the other exports
        identity, problems = load_export_identity() if args.to == "bgstats" else (ExportIdentity(), [])
        play = play_of(loaded.sheet, Path(args.file), loaded.history, loaded.saved)
        text = export_text(args.to, play, identity, bom=args.bom)
    for problem in problems:
        print(f"scorepad: {problem}", file=sys.stderr)
    if args.output in (None, "-"):
        write_utf8(text)
        return 0
    out = Path(args.output)
    replace = check_export_target(out, None if args.all else Path(args.file), args.force)
    # the place as checked: a link put there meanwhile is replaced, never written through
    atomic_write(out, text.encode("utf-8"), replace=replace, follow=False, folders=False)
    print(f"wrote {out}", file=sys.stderr)
    return 0


def check_export_choice(args: argparse.Namespace) -> None:
    """A usage error (exit 2) for an export that asks for two things or none."""
    if args.all == (args.file is not None):
        args.parser.error("give FILE, or --all for every saved game (not both)")
    if args.all and args.to not in ("csv", "md"):
        args.parser.error("--all writes csv or md (a BG Stats or BGG export is of one game)")
    if args.bom and args.to != "csv":
        args.parser.error("--bom is for csv (a mark that tells spreadsheets the file is UTF-8)")


def write_utf8(text: str) -> None:
    """Print ``text`` as UTF-8 bytes, whatever the terminal's encoding: an export piped to
    a file under LC_ALL=C is the same file as any other (text the terminal cannot show
    would otherwise be escaped, and "Chloé" in JSON would no longer be JSON). All of it, or
    OSError: under ``ulimit -f`` the first kilobyte was written and the rest dropped unsaid."""
    sys.stdout.flush()
    raw = getattr(sys.stdout, "buffer", None)
    if raw is None:  # a stream of text only
        sys.stdout.write(text)
        return
    data = memoryview(text.encode("utf-8"))
    while data:  # a write may take only part (a file size limit): the next one says why
        data = data[raw.write(data):]
    raw.flush()


def cmd_replay(args: argparse.Namespace) -> int:
    """Step through a sheet's history: printed with --print, else in the app."""
    from .rules.entries import EntryError
    from .rules.replay import replay, replay_notes

    loaded = read_sheet(Path(args.file))
    if not args.print:
        from .tui.launch import launch

        check_home()
        return launch(replay=Path(args.file))
    try:
        steps = replay(loaded.history)
    except EntryError as err:
        raise SheetFileError(args.file, "history", str(err)) from None
    width = len(str(len(steps)))
    for step, table in steps.with_standings():  # one step at a time: memory flat in the history
        totals = "  ".join(f"{s.name} {s.total}" for s in table.scores)
        print(f"{step.number:>{width}}. {step.text}\n{'':>{width}}  -> {totals}")
    for note in replay_notes(steps, loaded.sheet, loaded.totals):
        print(f"Note: {note}")
    return 0


def counted_games(args: argparse.Namespace):
    """The saved games' figures under the command's filters, the filters, and the files
    that could not be read; None (said on stderr) for a group naming no player."""
    from .stats import Filters, figures, unknown_names
    from .storage.catalog import saved_games

    check_home()
    games, problems = saved_games(freeze=True)  # the collector's passes over 10,000 games: a tenth of the command
    filters = Filters(args.since or "", args.until or "", tuple(args.players or ()))
    unknown = unknown_names(games, filters.group)
    if unknown:
        names = ", ".join(f'"{name}"' for name in unknown)
        print(f"scorepad: no saved game has a player named {names}", file=sys.stderr)
        return None
    return figures(games, filters), filters, problems


def cmd_history(args: argparse.Namespace) -> int:
    """List the finished games, the unfinished ones apart, and each player's record."""
    from .stats_report import history_text
    from .storage.paths import games_dir

    found = counted_games(args)
    if found is None:
        return 2
    shown, _, problems = found
    if not shown.counted and not shown.unfinished:
        print(f"No saved games yet in {games_dir()}.")
    else:
        print(history_text(shown))
    for problem in problems:
        print(f"skipped: {problem}", file=sys.stderr)
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """Print the statistics over finished games: tables and trend lines, or --json."""
    from .stats_report import stats_json, stats_text

    found = counted_games(args)
    if found is None:
        return 2
    shown, filters, problems = found
    if args.json:
        print(json.dumps(stats_json(shown, filters, problems), indent=2, ensure_ascii=False))
        return 0
    print(stats_text(shown, filters))
    for problem in problems:
        print(f"skipped: {problem}", file=sys.stderr)
    return 0


def day(text: str) -> str:
    """A ``--since`` or ``--until`` day, as ``YYYY-MM-DD`` (argparse says what is wrong)."""
    from argparse import ArgumentTypeError
    from datetime import date

    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not a day: write it as 2026-11-27") from None


def with_filters(command: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The options that choose which games count: a date range and a group of players."""
    command.add_argument("--since", type=day, metavar="DAY", help="only games from this day on (2026-01-31)")
    command.add_argument("--until", type=day, metavar="DAY", help="only games up to this day")
    command.add_argument("--players", nargs="+", metavar="NAME",
                         help="only games where all of these played, and figures for them")
    return command


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the JSON schema of the scoresheet file."""
    from .storage.document import document_schema

    print(json.dumps(document_schema(), indent=2, ensure_ascii=False))
    return 0


# each command: what it does, in a line and at length, and an example (``scorepad X -h``)
COMMANDS = {
    "open": ("open a sheet in the app", "Open a saved sheet in the app, to go on typing.",
             "scorepad open ~/.local/share/scorepad/games/2026-11-27-friday.json"),
    "demo": ("open a bundled finished sample game", "Open a finished sample game, read-only, at its results.",
             "scorepad demo"),
    "score": ("print the standings without the UI", "Print each player's categories, total and rank, the "
              "tie-breaks and the end status. --json prints the contract other tools read.",
              "scorepad score friday.json --json"),
    "export": ("write a sheet as csv, md, bgstats or bgg text", "Write the breakdown as CSV or Markdown, a "
               "BG Stats play file (.bgsplay) or BoardGameGeek play-log text; --all writes every saved game "
               "as one CSV or Markdown table. Without -o it prints (UTF-8); -o never replaces a file unless "
               "--force, and never a scoresheet or a journal, damaged or not.", "scorepad export friday.json --to bgstats -o friday.bgsplay"),
    "replay": ("step through a sheet's history", "Step through every change made to a sheet, in the app "
               "(or printed with --print, each step with the totals after it).", "scorepad replay friday.json --print"),
    "history": ("list saved games and players' records", "List the finished games, newest first, the "
                "unfinished ones apart (never counted), and each player's games, wins and totals over the "
                "finished ones.", "scorepad history --since 2026-01-01"),
    "stats": ("statistics over finished games", "Per player over the finished games: games, wins, win %, "
              "average, best and worst total, streak and a trend line; the average of each category and its "
              "share; and who finished ahead of whom. --json prints the same figures for other tools.",
              "scorepad stats --players Ana Ben --json"),
    "schema": ("print the file format's JSON schema", "Print the JSON schema of the scoresheet file (format 1).",
               "scorepad schema > scoresheet.schema.json"),
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand, each with a description and an example."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="scorepad", description="Scorepad for the end game of The Great Library."
    )
    parser.add_argument("--version", action="version", version=f"scorepad {__version__}")
    parser.set_defaults(run=cmd_app)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, run) -> argparse.ArgumentParser:
        short, long, example = COMMANDS[name]
        made = sub.add_parser(name, help=short, description=long, epilog=f"example: {example}")
        made.set_defaults(run=run)
        return made

    command("open", cmd_app).add_argument("file", metavar="FILE")
    command("demo", cmd_app)
    score = command("score", cmd_score)
    score.add_argument("file", metavar="FILE")
    score.add_argument("--json", action="store_true", help="print the JSON contract")
    score.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                       help="stop the Pinax search after this long; a result not proven the best says so")
    export = command("export", cmd_export)
    export.set_defaults(parser=export)
    export.add_argument("file", metavar="FILE", nargs="?", help="the sheet to export (or --all)")
    export.add_argument("--all", action="store_true", help="every saved game, a row per player per game")
    export.add_argument("--to", required=True, choices=["csv", "md", "bgstats", "bgg"])
    export.add_argument("--bom", action="store_true", help="begin a CSV with a UTF-8 mark, for spreadsheets")
    export.add_argument("-o", "--output", metavar="OUT", help="file to write (default: print)")
    export.add_argument("--force", action="store_true",
                        help="replace OUT if it exists (a scoresheet or a journal, damaged or not, never is)")
    replay = command("replay", cmd_replay)
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--print", action="store_true", help="print every step and its totals (no app)")
    with_filters(command("history", cmd_history))
    stats = with_filters(command("stats", cmd_stats))
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    command("schema", cmd_schema)
    return parser


def with_command(argv: list[str]) -> list[str]:
    """``scorepad friday.json`` is ``scorepad open friday.json``: the first thing a new
    user tries with a saved game (a name that is a command stays the command)."""
    first = argv[0] if argv else ""
    if not first or first in COMMANDS or first.startswith("-"):
        return argv
    try:
        a_file = first.lower().endswith(".json") or Path(first).is_file()
    except OSError:  # a name too long, a folder we may not look in: argparse says so
        a_file = False
    return ["open", *argv] if a_file else argv


def app_arguments(argv: list[str]):
    """What argparse makes of the command lines that only open the app (``scorepad``,
    ``scorepad open FILE``, ``scorepad demo``), or None for any other: the app starts
    without argparse, whose module and parser were a tenth of a MiB short of the memory
    budget and some 8 ms of the start-up (a test compares the two)."""
    if not argv:
        return SimpleNamespace(command=None, run=cmd_app)
    if argv == ["demo"]:
        return SimpleNamespace(command="demo", run=cmd_app)
    if len(argv) == 2 and argv[0] == "open" and argv[1] and not argv[1].startswith("-"):
        return SimpleNamespace(command="open", run=cmd_app, file=argv[1])
    return None


class ClosedOutput(io.TextIOBase):
    """A standard stream closed before the command started (``>&-``: Python then has
    None for it): writing fails as on a closed pipe, so the command says so and exits 1
    rather than losing its output in silence, or ending in a traceback."""

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def fileno(self) -> int:
        return 1

    @property
    def buffer(self):
        """Bytes written (an export's UTF-8) are refused alike."""
        return self


def main(argv: list[str] | None = None) -> int:
    """Entry point: exit 0 on success, 2 on a sheet that cannot be read (stderr only).
    Output that cannot be written (a closed pipe, a full disk) ends quietly or with one
    line, and text a terminal cannot show is escaped: never a traceback."""
    if sys.stderr is None:  # closed (`2>&-`): its messages go nowhere, never onto stdout
        sys.stderr = open(os.devnull, "w")
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    else:
        sys.stdout.reconfigure(errors="backslashreplace")  # an ASCII-only terminal, say
    argv = with_command(sys.argv[1:] if argv is None else argv)
    try:
        args = app_arguments(argv) or build_parser().parse_args(argv)
    except SystemExit as done:  # --version, -h: argparse lets a failed print go unsaid
        if done.code == 0 and isinstance(sys.stdout, ClosedOutput):
            print("scorepad: cannot write the output: standard output is closed", file=sys.stderr)
            return 1
        raise
    try:
        code = args.run(args)
        sys.stdout.flush()  # a write error of buffered output shows here, not at exit
        return code
    except (SheetFileError, SaveError) as err:
        print(f"scorepad: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `scorepad schema | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:  # `> /dev/full`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"scorepad: cannot write the output: {err.strerror or err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug: its details to a file, two lines to the user
        from .storage.crash_report import EXIT_CODE, print_crash

        print_crash(err, "scorepad " + " ".join(argv))
        return EXIT_CODE


if __name__ == "__main__":
    sys.exit(main())
